// /admin/events: the events list (issue #9). Its action takes the list's quick actions: make an event
// the landing page's one, and delete (never the featured event).
import { data } from "react-router";
import { formatDateTime, formatTime } from "~/lib/dates";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { EventsPanel } from "~/modules/admin/components/event-list";
import { eventMessages } from "~/modules/admin/event-form.schema";
import {
  AdminEventError,
  deleteEvent,
  listAdminEvents,
  setFeaturedEvent,
} from "~/modules/admin/events.server";
import {
  type EventListActionResult,
  eventListActionSchema,
  eventListFailure,
} from "~/modules/admin/events-list.schema";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/events";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Wydarzenia | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "events");
  try {
    const events = (await listAdminEvents()).map((event) => ({
      ...event,
      // Formatted here: date code stays on the server (Europe/Warsaw, pl-PL).
      when: `${formatDateTime(event.startsAt)}–${formatTime(event.endsAt)}`,
    }));
    return { events, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin events failed to load");
    return { events: [], loadError: eventMessages.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "events");
  const formData = await readFormData(request);
  const parsed = eventListActionSchema.safeParse(formData ? Object.fromEntries(formData) : null);
  if (!parsed.success) {
    return data<EventListActionResult>(
      { ok: false, intent: null, eventId: null, message: eventMessages.invalidRequest },
      { status: 400 },
    );
  }
  const command = parsed.data;
  try {
    if (command.intent === "feature") await setFeaturedEvent(command.eventId);
    else await deleteEvent(command.eventId);
    return {
      ok: true,
      intent: command.intent,
      eventId: command.eventId,
      message: command.intent === "feature" ? eventMessages.featured : eventMessages.deleted,
    } satisfies EventListActionResult;
  } catch (error) {
    const known = error instanceof AdminEventError;
    if (!known) logger.error({ err: error, intent: command.intent }, "event quick action failed");
    return data<EventListActionResult>(
      {
        ok: false,
        intent: command.intent,
        eventId: command.eventId,
        message: known ? error.message : eventListFailure[command.intent],
      },
      { status: known ? error.status : 500 },
    );
  }
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  return <EventsPanel {...loaderData} />;
}
