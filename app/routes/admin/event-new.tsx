import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { redirectWithPanelFlash } from "~/modules/admin/flash.server";
import { adminHeaders } from "~/modules/admin/http.server";
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

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Nowe wydarzenie");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
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

/** Back to the list, with the panel's one-shot toast ('Wydarzenie dodane/zapisane'). */
const backToList = (saved: EventSaved) => redirectWithPanelFlash("/admin/events", saved);

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "events");
  return handleEventFormAction(await readFormData(request), null, backToList);
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
