// /admin/events/{id}/raport: the report after the night (issue #41), printable (the panel's chrome is
// left out by the print stylesheet) and as CSV: sold online per type, at the door, no-shows, the
// check-in curve, revenue per VAT rate.
import { data } from "react-router";
import { EventNotFound } from "~/components/panel/event-not-found";
import { now } from "~/lib/clock.server";
import { formatDateTime, formatTime } from "~/lib/dates";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { NightReport } from "~/modules/door/components/panel/night-report";
import { isUuid } from "~/modules/door/door-access.server";
import { nightAtTheDoor, reportOf } from "~/modules/door/door-live.server";
import { doorPanelMessages } from "~/modules/door/door-panel.schema";
import { nightReportRows } from "~/modules/door/night-report";
import type { Route } from "./+types/event-report";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  panelMeta(
    matches,
    loaderData && "event" in loaderData ? `Raport: ${loaderData.event.title}` : null,
    "Raport",
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const night = isUuid(params.eventId) ? await nightAtTheDoor(params.eventId, now()) : null;
  if (!night) return data({ found: false as const, message: doorPanelMessages.notFound }, { status: 404 });
  const report = reportOf(night, (start) => formatTime(new Date(start)));
  return {
    found: true as const,
    event: {
      id: night.event.id,
      title: night.event.title,
      when: `${formatDateTime(night.event.startsAt)}–${formatTime(night.event.endsAt)}`,
    },
    rows: nightReportRows(report),
    checkIns: night.checkIns.map((bucket) => ({ ...bucket, label: formatTime(new Date(bucket.start)) })),
  };
}

export default function EventReport({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <EventNotFound message={loaderData.message} />;
  }
  return <NightReport {...loaderData} />;
}
