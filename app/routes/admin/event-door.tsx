// /admin/events/{id}/bramka: the night at the door, live (issue #41) — inside now, check-ins per 15
// minutes, per type and phone, door sales, capacity left, conflicts — with the door's settings and the
// phones' offline blocks. Guarded like the night's tickets page (the events tab).
import { data } from "react-router";
import { EventNotFound } from "~/components/panel/event-not-found";
import { now } from "~/lib/clock.server";
import { formatDateTime, formatTime } from "~/lib/dates";
import { handleFormAction, refuse } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { toDecimalString } from "~/lib/money";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { DoorPanel } from "~/modules/door/components/panel/door-panel";
import { isUuid } from "~/modules/door/door-access.server";
import { nightAtTheDoor } from "~/modules/door/door-live.server";
import { doorPanelMessages } from "~/modules/door/door-panel.schema";
import { doorPanelFormOptions, doorPanelIntents } from "~/modules/door/door-panel.server";
import type { Route } from "./+types/event-door";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  panelMeta(
    matches,
    loaderData && "event" in loaderData ? `Bramka: ${loaderData.event.title}` : null,
    "Bramka",
  );

function scanLabel(scan: { at: number; deviceName: string; staffName: string }) {
  return `${formatTime(new Date(scan.at))}, ${scan.deviceName} (${scan.staffName})`;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const notFound = () =>
    data({ found: false as const, message: doorPanelMessages.notFound }, { status: 404 });
  if (!isUuid(params.eventId)) return notFound();
  try {
    const at = now();
    const night = await nightAtTheDoor(params.eventId, at);
    if (!night) return notFound();
    return {
      found: true as const,
      event: {
        id: night.event.id,
        title: night.event.title,
        when: `${formatDateTime(night.event.startsAt)}–${formatTime(night.event.endsAt)}`,
      },
      settings: {
        reentry: night.settings.reentry,
        doorPrice: night.settings.doorPrice === null ? "" : toDecimalString(night.settings.doorPrice),
        doorVatRate: String(night.settings.doorVatRate),
      },
      capacity: night.capacity,
      capacityLeft: night.capacityLeft,
      insideNow: night.insideNow,
      admitted: night.admitted,
      checkIns: night.checkIns.map((bucket) => ({ ...bucket, label: formatTime(new Date(bucket.start)) })),
      perType: night.perType.map(({ name, sold, admitted }) => ({ name, sold, admitted })),
      perDevice: night.perDevice,
      doorSales: night.doorSales,
      blocks: night.blocks,
      conflicts: night.conflicts.map((conflict) => ({
        ticketId: conflict.ticketId,
        holder: conflict.holder,
        typeName: conflict.typeName,
        first: scanLabel(conflict.first),
        second: scanLabel(conflict.second),
      })),
      updatedAt: formatTime(at),
    };
  } catch (error) {
    logger.error({ err: error, eventId: params.eventId }, "the night at the door failed to load");
    return data({ found: false as const, message: doorPanelMessages.loadFailed }, { status: 500 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireTab({ request, context }, "events");
  if (!isUuid(params.eventId)) return refuse({ intent: null, message: doorPanelMessages.notFound }, 404);
  return handleFormAction(request, doorPanelIntents(params.eventId, admin.id), doorPanelFormOptions);
}

export default function EventDoor({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <EventNotFound message={loaderData.message} />;
  }
  return <DoorPanel {...loaderData} />;
}
