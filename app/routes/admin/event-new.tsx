// /admin/events/new: the event form for a new event; back to the list with 'Wydarzenie dodane'.
import { logger } from "~/lib/logger.server";
import { EventForm } from "~/modules/admin/components/event-form";
import { handleEventFormAction, newEventDefaults } from "~/modules/admin/event-form.server";
import { listArtistOptions } from "~/modules/admin/events.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/event-new";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Nowe wydarzenie | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "events");
  let artists: { id: string; name: string }[] = [];
  try {
    artists = await listArtistOptions();
  } catch (error) {
    // The form still works: timetable slots simply cannot link an artist until a reload.
    logger.error({ err: error }, "artists failed to load for the event form");
  }
  return { defaults: newEventDefaults(), artists };
}

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "events");
  return handleEventFormAction(request, null);
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EventForm
      mode="create"
      defaults={loaderData.defaults}
      artists={loaderData.artists}
      actionData={actionData}
    />
  );
}
