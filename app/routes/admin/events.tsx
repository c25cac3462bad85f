// /admin/events: the events list (issue #9), upcoming and past by the server's clock, with the warning
// when the featured night is over and nothing upcoming is published (issue #17). Its action takes the
// list's quick actions: make an event the landing page's one, and delete (never the featured event).
import { now } from "~/lib/clock.server";
import { formatDateTime, formatTime } from "~/lib/dates";
import { handleFormAction } from "~/lib/form-action.server";
import { loadOrFallback } from "~/lib/load-or-fallback.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { EventsPanel } from "~/modules/content/components/panel/event-list";
import { listAdminEvents } from "~/modules/content/event-editor.server";
import { eventMessages } from "~/modules/content/event-form.schema";
import { eventListFormOptions, eventListIntents } from "~/modules/content/event-form.server";
import { needsNextNightWarning, splitByTime } from "~/modules/content/events-overview";
import type { Route } from "./+types/events";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Wydarzenia");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const { data: events, loadError } = await loadOrFallback(listAdminEvents, [], {
    loadError: eventMessages.loadFailed,
    log: "admin events failed to load",
  });
  const at = now();
  // Formatted here: date code stays on the server (Europe/Warsaw, pl-PL).
  const rows = events.map((event) => ({
    ...event,
    when: `${formatDateTime(event.startsAt)}–${formatTime(event.endsAt)}`,
  }));
  const { upcoming, past } = splitByTime(rows, at);
  return { upcoming, past, noNextNight: needsNextNightWarning(rows, at), loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "events");
  return handleFormAction(request, eventListIntents, eventListFormOptions);
}

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  return <EventsPanel {...loaderData} />;
}
