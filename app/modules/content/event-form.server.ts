/**
 * The event form's server side: the values a form starts from, the action shared by
 * /admin/events/new and /admin/events/{id}/edit (validate again, save, back to the list), and the
 * list's quick actions through the panel's one form-action helper.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { handleFormAction, intent, readActionForm } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import { receiveImageUpload } from "~/modules/media/image-upload.server";
import { listArchiveEvents } from "./archive.server";
import { type AdminEventDetail, deleteEvent, saveEvent, setFeaturedEvent } from "./event-editor.server";
import {
  type EventFormActionData,
  type EventFormDefaults,
  eventFormSchema,
  eventMessages,
  heroVideoPath,
} from "./event-form.schema";
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
  request: Request,
  eventId: string | null,
  onSaved: (saved: EventSaved) => Response,
) {
  const refuse = (data_: EventFormActionData, status: number) => data<EventFormActionData>(data_, { status });
  let formData: FormData;
  try {
    formData = await readActionForm(request, eventMessages.invalidRequest);
  } catch {
    const message = eventMessages.invalidRequest;
    return refuse({ result: { status: "error", error: { "": [message] } }, message }, 400);
  }
  const submission = parseWithZod(formData, { schema: eventFormSchema });
  if (submission.status !== "success") {
    // Conform's list buttons (add/remove/reorder a row) before hydration come here too: not an error.
    const error = submission.status === "error";
    return refuse(
      { result: submission.reply(), message: error ? eventMessages.invalid : undefined },
      error ? 400 : 200,
    );
  }
  try {
    const heroVideo = heroVideoPath(submission.value.heroVideo, env().siteUrl);
    if (heroVideo === false) throw new DomainError(eventMessages.heroVideo, 400, "heroVideo");
    const { site } = env();
    const archiveSlugs = listArchiveEvents(site).map((entry) => entry.slug);
    await saveEvent(eventId, { ...submission.value, heroVideo }, undefined, archiveSlugs);
  } catch (error) {
    const known = error instanceof DomainError;
    if (!known) logger.error({ err: error, eventId }, "saving an event failed");
    const message = known ? error.message : eventMessages.saveFailed;
    const result =
      known && error.field
        ? submission.reply({ fieldErrors: { [error.field]: [message] } })
        : submission.reply({ formErrors: [message] });
    return refuse({ result, message }, known ? error.status : 500);
  }
  throw onSaved(eventId ? "event-updated" : "event-created");
}

export const eventListIntents = {
  feature: intent({
    schema: eventIdSchema,
    invalid: eventMessages.invalidRequest,
    failure: eventMessages.featureFailed,
    run: async ({ eventId }) => {
      await setFeaturedEvent(eventId);
      return { message: eventMessages.featured, eventId };
    },
  }),
  delete: intent({
    schema: eventIdSchema,
    invalid: eventMessages.invalidRequest,
    failure: eventMessages.deleteFailed,
    run: async ({ eventId }) => {
      await deleteEvent(eventId);
      return { message: eventMessages.deleted, eventId };
    },
  }),
};

/** POST /admin/events: the list's quick actions (feature, delete). */
export function handleEventListAction(request: Request) {
  return handleFormAction(request, eventListIntents, { invalidRequest: eventMessages.invalidRequest });
}

export const eventPosterMessages = {
  uploaded: "Plakat przesłany",
  uploadFailed: "Błąd podczas uploadu plakatu",
  missingFile: "Nie wybrano pliku",
} as const;

/** POST /admin/events/images: one poster per request (multipart field `file`), into `uploads/events/`. */
export function receiveEventPoster(request: Request) {
  return receiveImageUpload(request, "events", eventPosterMessages);
}
