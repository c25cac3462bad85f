// /admin/events/{id}/edit: the event form for an existing event. An unknown id shows a not-found state
// with a way back to the list (404).

import { data } from "react-router";
import { EventNotFound } from "~/components/panel/event-not-found";
import { refuse } from "~/lib/form-action.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { redirectWithPanelFlash } from "~/modules/admin/flash.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { eventIcsPath } from "~/modules/content/calendar";
import { EventForm } from "~/modules/content/components/panel/event-form";
import { getAdminEvent, listArtistOptions, listGalleryOptions } from "~/modules/content/event-editor.server";
import { eventMessages } from "~/modules/content/event-form.schema";
import {
  type EventSaved,
  editEventDefaults,
  handleEventFormAction,
} from "~/modules/content/event-form.server";
import type { Route } from "./+types/event-edit";

export const headers = adminHeaders;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  panelMeta(
    matches,
    loaderData && "defaults" in loaderData ? loaderData.defaults.title : null,
    "Edycja wydarzenia",
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const notFound = () => data({ found: false as const, message: eventMessages.notFound }, { status: 404 });
  if (!UUID.test(params.eventId)) return notFound();
  try {
    const [event, artists, galleries] = await Promise.all([
      getAdminEvent(params.eventId),
      listArtistOptions(),
      listGalleryOptions(),
    ]);
    if (!event) return notFound();
    return {
      found: true as const,
      id: event.id,
      featured: event.featured,
      slug: event.slug,
      defaults: editEventDefaults(event),
      artists,
      galleries,
    };
  } catch (error) {
    logger.error({ err: error, eventId: params.eventId }, "event failed to load for editing");
    return data({ found: false as const, message: "Błąd ładowania wydarzenia" }, { status: 500 });
  }
}

/** Back to the list, with the panel's one-shot toast ('Wydarzenie dodane/zapisane'). */
const backToList = (saved: EventSaved) => redirectWithPanelFlash("/admin/events", saved);

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "events");
  if (!UUID.test(params.eventId)) {
    return refuse({ intent: null, message: eventMessages.notFound }, 404);
  }
  return handleEventFormAction(await readFormData(request), params.eventId, backToList);
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <EventNotFound message={loaderData.message}>
        <p className="text-muted">Wydarzenie mogło zostać usunięte. Wróć do listy i wybierz inne.</p>
      </EventNotFound>
    );
  }
  return (
    <EventForm
      // A different event (or the same one saved and reopened) starts a fresh form.
      key={loaderData.id}
      mode="edit"
      defaults={loaderData.defaults}
      artists={loaderData.artists}
      galleries={loaderData.galleries}
      actionData={actionData}
      publicHref={loaderData.featured ? "/" : eventIcsPath(loaderData.slug)}
      ticketsHref={`/admin/events/${loaderData.id}/tickets`}
    />
  );
}
