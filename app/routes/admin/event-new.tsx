// /admin/events/new: the event form for a new event; back to the list with 'Wydarzenie dodane'.
import { redirect } from "react-router";
import { logger } from "~/lib/logger.server";
import { adminFlashCookie } from "~/modules/admin/flash";
import { adminHeaders, secureCookies } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { EventForm } from "~/modules/content/components/panel/event-form";
import { listArtistOptions, listGalleryOptions } from "~/modules/content/event-editor.server";
import {
  type EventSaved,
  handleEventFormAction,
  newEventDefaults,
} from "~/modules/content/event-form.server";
import type { Route } from "./+types/event-new";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => panelMeta("Nowe wydarzenie");

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "events");
  let artists: { id: string; name: string }[] = [];
  let galleries: { id: string; title: string; published: boolean }[] = [];
  try {
    [artists, galleries] = await Promise.all([listArtistOptions(), listGalleryOptions()]);
  } catch (error) {
    // The form still works: timetable slots and the gallery simply cannot be linked until a reload.
    logger.error({ err: error }, "artists or galleries failed to load for the event form");
  }
  return { defaults: newEventDefaults(), artists, galleries };
}

/** Back to the list, with the panel's one-shot toast ('Wydarzenie dodane/zapisane') as a flash cookie. */
const backToList = (saved: EventSaved) =>
  redirect("/admin/events", {
    headers: { "Set-Cookie": adminFlashCookie(saved, { secure: secureCookies() }) },
  });

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "events");
  return handleEventFormAction(request, null, backToList);
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EventForm
      mode="create"
      defaults={loaderData.defaults}
      artists={loaderData.artists}
      galleries={loaderData.galleries}
      actionData={actionData}
    />
  );
}
