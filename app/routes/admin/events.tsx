// /admin/events: the events list (issue #9). Its action takes the list's quick actions: make an event
// the landing page's one, and delete (never the featured event).
import { formatDateTime, formatTime } from "~/lib/dates";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { EventsPanel } from "~/modules/content/components/panel/event-list";
import { listAdminEvents } from "~/modules/content/event-editor.server";
import { eventMessages } from "~/modules/content/event-form.schema";
import { handleEventListAction } from "~/modules/content/event-form.server";
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
  return handleEventListAction(request);
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  return <EventsPanel {...loaderData} />;
}
