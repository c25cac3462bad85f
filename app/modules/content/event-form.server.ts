/**
 * The event form's server side: the values a form starts from, and the action shared by
 * /admin/events/new and /admin/events/{id}/edit (validate again, save, back to the list).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { toDecimalString } from "~/lib/money";
import type { EventFormActionData, EventFormDefaults } from "./components/event-form";
import { eventFormSchema, eventMessages, heroVideoPath } from "./event-form.schema";
import { type AdminEventDetail, AdminEventError, saveEvent } from "./events.server";
import { toWarsawLocal } from "./events-time";
import { adminFlashCookie } from "./flash";
import { secureCookies } from "./http.server";

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
    timetable: event.timetable.map((row) => ({
      stage: row.stage,
      startTime: row.startTime ?? "",
      name: row.name,
      artistId: row.artistId ?? "",
    })),
    faq: event.faq.map((item) => ({ question: item.question, answer: item.answer })),
  };
}

/** Validates and saves the form; a redirect to the list on success, else the form's answer (400/404/409/500). */
export async function handleEventFormAction(request: Request, eventId: string | null) {
  const formData = await readFormData(request);
  if (!formData) {
    const message = eventMessages.invalidRequest;
    return data<EventFormActionData>(
      { result: { status: "error", error: { "": [message] } }, message },
      { status: 400 },
    );
  }
  const submission = parseWithZod(formData, { schema: eventFormSchema });
  if (submission.status !== "success") {
    // Conform's list buttons (add/remove/reorder a row) before hydration come here too: not an error.
    return data<EventFormActionData>(
      {
        result: submission.reply(),
        message: submission.status === "error" ? eventMessages.invalid : undefined,
      },
      { status: submission.status === "error" ? 400 : 200 },
    );
  }
  const heroVideo = heroVideoPath(submission.value.heroVideo, env().siteUrl);
  if (heroVideo === false) {
    return data<EventFormActionData>(
      {
        result: submission.reply({ fieldErrors: { heroVideo: [eventMessages.heroVideo] } }),
        message: eventMessages.heroVideo,
      },
      { status: 400 },
    );
  }
  try {
    await saveEvent(eventId, { ...submission.value, heroVideo });
  } catch (error) {
    if (error instanceof AdminEventError) {
      const result = error.field
        ? submission.reply({ fieldErrors: { [error.field]: [error.message] } })
        : submission.reply({ formErrors: [error.message] });
      return data<EventFormActionData>({ result, message: error.message }, { status: error.status });
    }
    logger.error({ err: error, eventId }, "saving an event failed");
    return data<EventFormActionData>(
      {
        result: submission.reply({ formErrors: [eventMessages.saveFailed] }),
        message: eventMessages.saveFailed,
      },
      { status: 500 },
    );
  }
  // The panel's one-shot toast ('Wydarzenie zapisane/dodane') survives the redirect as a flash cookie.
  throw redirect("/admin/events", {
    headers: {
      "Set-Cookie": adminFlashCookie(eventId ? "event-updated" : "event-created", {
        secure: secureCookies(),
      }),
    },
  });
}
