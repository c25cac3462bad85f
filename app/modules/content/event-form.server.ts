/**
 * The event form's server side: the values a form starts from, the action shared by
 * /admin/events/new and /admin/events/{id}/edit (validate again, save, back to the list), and the
 * list's quick actions through the panel's one form-action helper.
 */

import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { intent } from "~/lib/form-action.server";
import { saveSubmittedForm } from "~/lib/form-save.server";
import { toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import type { UploadBody } from "~/modules/media/image-upload.server";
import { receiveImageUpload } from "~/modules/media/image-upload.server";
import { listArchiveEvents } from "./archive.server";
import { type AdminEventDetail, deleteEvent, saveEvent, setFeaturedEvent } from "./event-editor.server";
import { type EventFormDefaults, eventFormSchema, eventMessages, heroVideoPath } from "./event-form.schema";
import { eventIdSchema } from "./events-list.schema";

export function newEventDefaults(city = "Wrocław"): EventFormDefaults {
  return {
    title: "",
    slug: "",
    startsAt: "",
    endsAt: "",
    lastEntry: "",
    venue: "",
    city,
    address: "",
    ticketUrl: "",
    salesMode: "external",
    ticketPrice: "",
    heroVideo: "",
    heroPoster: "",
    manifesto: "",
    featured: false,
    published: true,
    status: "planned",
    galleryId: "",
    timetable: [],
    faq: [],
  };
}

export function editEventDefaults(event: AdminEventDetail): EventFormDefaults {
  return {
    title: event.title,
    slug: event.slug,
    startsAt: toWarsawLocal(event.startsAt),
    endsAt: toWarsawLocal(event.endsAt),
    lastEntry: event.lastEntry ?? "",
    venue: event.venue,
    city: event.city,
    address: event.address ?? "",
    ticketUrl: event.ticketUrl ?? "",
    salesMode: event.salesMode,
    ticketPrice: event.ticketPrice == null ? "" : toDecimalString(event.ticketPrice).replace(".", ","),
    heroVideo: event.heroVideo ?? "",
    heroPoster: event.heroPoster ? JSON.stringify(event.heroPoster) : "",
    manifesto: event.manifesto ?? "",
    featured: event.featured,
    published: event.published,
    status: event.status,
    galleryId: event.galleryId ?? "",
    timetable: event.timetable.map((row) => ({
      stage: row.stage,
      startTime: row.startTime ?? "",
      name: row.name,
      artistId: row.artistId ?? "",
    })),
    faq: event.faq.map((item) => ({ question: item.question, answer: item.answer })),
  };
}

export type EventSaved = "event-created" | "event-updated";

/**
 * Validates and saves the form. On success `onSaved` answers (the route redirects to the list with
 * its one-shot toast); else the form's answer (400/404/409/500) with what was typed kept.
 */
export async function handleEventFormAction(
  formData: FormData | null,
  eventId: string | null,
  onSaved: (saved: EventSaved) => Promise<Response>,
) {
  const refusal = await saveSubmittedForm(
    formData,
    eventFormSchema,
    eventMessages,
    async (value) => {
      const heroVideo = heroVideoPath(value.heroVideo, env().siteUrl);
      if (heroVideo === false) throw new DomainError(eventMessages.heroVideo, 400, "heroVideo");
      const archiveSlugs = listArchiveEvents(env().site).map((entry) => entry.slug);
      await saveEvent(eventId, { ...value, heroVideo }, undefined, archiveSlugs);
    },
    { context: { eventId }, message: "saving an event failed" },
  );
  if (refusal) return refusal;
  throw await onSaved(eventId ? "event-updated" : "event-created");
}

/** A list button on one event: its command, then the toast that says it is done. */
function eventButton(command: (eventId: string) => Promise<unknown>, done: string, failure: string) {
  return intent({
    schema: eventIdSchema,
    invalid: eventMessages.invalidRequest,
    failure,
    run: async ({ eventId }) => {
      await command(eventId);
      return { message: done, eventId };
    },
  });
}

export const eventListIntents = {
  feature: eventButton(setFeaturedEvent, eventMessages.featured, eventMessages.featureFailed),
  delete: eventButton(deleteEvent, eventMessages.deleted, eventMessages.deleteFailed),
};

/** POST /admin/events: the list's quick actions (feature, delete). */
export const eventListFormOptions = { invalidRequest: eventMessages.invalidRequest };

export const eventPosterMessages = {
  uploaded: "Plakat przesłany",
  uploadFailed: "Błąd podczas uploadu plakatu",
  missingFile: "Nie wybrano pliku",
} as const;

/** POST /admin/events/images: one poster per request (multipart field `file`), into `uploads/events/`. */
export function receiveEventPoster(upload: UploadBody) {
  return receiveImageUpload(upload, "events", eventPosterMessages);
}
