/**
 * The event form (issue #9, beyond SPEC): one schema for the browser (Conform) and the action. Dates are
 * Warsaw wall-clock values of `datetime-local` inputs, turned into UTC instants here. Messages Polish.
 */
import { z } from "zod";
import {
  fieldMessages,
  MULTI_LINE,
  optionalPlnField,
  optionalText,
  requiredText,
  slugField,
  storedImageSchema,
} from "~/lib/form-fields.schema";
import { requiredInputs } from "~/lib/input-constraint";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import type { TicketSalesMode } from "../../../db/schema";
import { EVENT_STATUSES } from "./event-status";
import { STAGES } from "./timetable";

export const eventLimits = {
  titleMin: 2,
  titleMax: 120,
  venueMax: 120,
  cityMax: 80,
  addressMax: 200,
  urlMax: 500,
  manifestoMax: 3000,
  nameMax: 80,
  questionMax: 200,
  answerMax: 2000,
  timetable: 60,
  faq: 30,
  /** 10 000,00 zł: a typo guard. */
  ticketPriceMax: 1_000_000,
} as const;

export const eventMessages = {
  titleMin: "Tytuł musi mieć minimum 2 znaki",
  titleMax: "Tytuł może mieć maksymalnie 120 znaków",
  slug: fieldMessages.slug,
  slugLength: fieldMessages.slugLength,
  slugTaken: "Ten slug jest już zajęty przez inne wydarzenie",
  slugArchive: "Ten slug ma wydarzenie z archiwum. Wybierz inny.",
  status: "Wybierz status: planowane, odwołane lub przeniesione",
  gallery: "Wybrana galeria nie istnieje",
  featuredUnpublished: "Wydarzenie na stronie głównej musi być opublikowane",
  startsAt: "Podaj datę i godzinę rozpoczęcia",
  endsAt: "Podaj datę i godzinę zakończenia",
  endBeforeStart: "Koniec wydarzenia musi być po jego rozpoczęciu",
  lastEntry: "Ostatnie wejście podaj jako godzinę, np. 03:00",
  venue: "Podaj miejsce (klub)",
  venueMax: "Miejsce może mieć maksymalnie 120 znaków",
  city: "Podaj miasto",
  cityMax: "Miasto może mieć maksymalnie 80 znaków",
  addressMax: "Adres może mieć maksymalnie 200 znaków",
  ticketUrl: "Link do biletów musi zaczynać się od http:// lub https://",
  ticketPrice: "Cena biletu musi być kwotą od 0 zł, np. 89,00",
  salesMode: "Wybierz sposób sprzedaży biletów",
  heroVideo: "Wideo musi być plikiem z naszej strony, np. /media/wideo/hero.mp4",
  poster: "Nieprawidłowy plakat. Odśwież stronę i spróbuj ponownie.",
  manifestoMax: "Manifest może mieć maksymalnie 3000 znaków",
  stage: "Wybierz scenę",
  time: "Godzinę podaj jako GG:MM, np. 23:00",
  name: "Podaj nazwę występu",
  nameMax: "Nazwa może mieć maksymalnie 80 znaków",
  artist: "Wybrany artysta nie istnieje",
  timetableMax: "Timetable może mieć maksymalnie 60 pozycji",
  question: "Podaj pytanie",
  questionMax: "Pytanie może mieć maksymalnie 200 znaków",
  answer: "Podaj odpowiedź",
  answerMax: "Odpowiedź może mieć maksymalnie 2000 znaków",
  faqMax: "FAQ może mieć maksymalnie 30 pytań",
  invalidCharacters: fieldMessages.invalidCharacters,
  unfeature: "Na stronie głównej musi być jedno wydarzenie. Aby zdjąć wyróżnienie, wyróżnij inne wydarzenie.",
  /** Form level and toasts. */
  invalid: "Popraw zaznaczone pola",
  saveFailed: "Błąd zapisu wydarzenia",
  created: "Wydarzenie dodane",
  updated: "Wydarzenie zapisane",
  notFound: "Nie znaleziono wydarzenia",
  loadFailed: "Błąd ładowania wydarzeń",
  deleted: "Wydarzenie usunięte",
  deleteFailed: "Błąd usuwania wydarzenia",
  deleteFeatured: "Nie można usunąć wydarzenia ze strony głównej. Najpierw wyróżnij inne wydarzenie.",
  deleteWithTickets:
    "Nie można usunąć wydarzenia, na które sprzedano bilety. Odwołaj je — kupujący dostaną zwrot pieniędzy.",
  featured: "Wydarzenie jest teraz na stronie głównej",
  featureFailed: "Błąd zmiany wyróżnionego wydarzenia",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
} as const;

/** How a night's tickets are sold (issue #40): the `ticket_url` link, or on this site. */
export const TICKET_SALES_MODES = ["external", "site"] as const satisfies readonly TicketSalesMode[];
export const ticketSalesModeLabels: Record<TicketSalesMode, string> = {
  external: "Zewnętrzny sprzedawca (link)",
  site: "Na stronie",
};

/** "23:00": what the timetable and the last-entry field accept (the database checks the same). */
export const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** An optional time of day ("23:00"); empty is null. */
const optionalClockTime = (message: string) =>
  z
    .string()
    .trim()
    .regex(CLOCK_TIME, message)
    .optional()
    .transform((value) => value || null);

/** An optional text field: empty becomes undefined (Conform drops empty strings already). */
const optionalStoredText = (max: number, maxMessage: string, pattern?: RegExp) =>
  optionalText(max, maxMessage, pattern)
    // Browsers send a textarea's line breaks as CRLF: store plain \n.
    .transform((value) => value?.replace(/\r\n?/g, "\n") || undefined);

function localDateTime(message: string) {
  return z.string({ error: message }).transform((value, context) => {
    const instant = fromWarsawLocal(value.trim());
    if (!instant) {
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return instant;
  });
}

/** A hero video: a path on our origin (the CSP plays media from 'self' only), e.g. /media/hero.mp4. */
export const HERO_VIDEO_PATH = /^\/(?![/\\])[A-Za-z0-9._~\-/]+$/;

/** Where a stored poster may live: our event uploads, or the generated demo images. */
export const POSTER_SRC_PATTERN = /^\/(?:media\/events\/\d{4}\/[0-9a-f]{24}|demo\/[a-z0-9][a-z0-9-]{0,120})$/;

export const posterSchema = storedImageSchema(POSTER_SRC_PATTERN);

const posterField = z
  .string()
  .optional()
  .transform((value, context) => {
    if (!value) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
    const poster = posterSchema.safeParse(parsed);
    if (!poster.success) {
      context.addIssue({ code: "custom", message: eventMessages.poster });
      return z.NEVER;
    }
    return poster.data;
  });

export const timetableRowSchema = z.object({
  stage: z.enum(STAGES, { error: eventMessages.stage }),
  /** Empty while the slot is not announced: the landing page shows SOON. */
  startTime: optionalClockTime(eventMessages.time),
  name: requiredText(1, eventLimits.nameMax, { min: eventMessages.name, max: eventMessages.nameMax }),
  artistId: z
    .uuid({ error: eventMessages.artist })
    .optional()
    .transform((value) => value ?? null),
});

export const faqRowSchema = z.object({
  question: requiredText(1, eventLimits.questionMax, {
    min: eventMessages.question,
    max: eventMessages.questionMax,
  }),
  answer: requiredText(
    1,
    eventLimits.answerMax,
    { min: eventMessages.answer, max: eventMessages.answerMax },
    MULTI_LINE,
  ).transform((value) => value.replace(/\r\n?/g, "\n")),
});

export const eventFormSchema = z
  .object({
    title: requiredText(eventLimits.titleMin, eventLimits.titleMax, {
      min: eventMessages.titleMin,
      max: eventMessages.titleMax,
    }),
    slug: slugField,
    startsAt: localDateTime(eventMessages.startsAt),
    endsAt: localDateTime(eventMessages.endsAt),
    lastEntry: optionalClockTime(eventMessages.lastEntry),
    venue: requiredText(1, eventLimits.venueMax, { min: eventMessages.venue, max: eventMessages.venueMax }),
    city: requiredText(1, eventLimits.cityMax, { min: eventMessages.city, max: eventMessages.cityMax }),
    address: optionalStoredText(eventLimits.addressMax, eventMessages.addressMax),
    ticketUrl: z
      .string()
      .trim()
      .max(eventLimits.urlMax, eventMessages.ticketUrl)
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "https:" || url.protocol === "http:") && /^https?:\/\//i.test(value);
        } catch {
          return false;
        }
      }, eventMessages.ticketUrl)
      .optional(),
    salesMode: z.enum(TICKET_SALES_MODES, { error: eventMessages.salesMode }).default("external"),
    ticketPrice: optionalPlnField({
      message: eventMessages.ticketPrice,
      min: 0,
      max: eventLimits.ticketPriceMax,
    }),
    heroVideo: z
      .string()
      .trim()
      .max(eventLimits.urlMax, eventMessages.heroVideo)
      // Which origin is ours only the server knows: it checks a full URL again (heroVideoPath).
      .refine(
        (value) => HERO_VIDEO_PATH.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
        eventMessages.heroVideo,
      )
      .optional(),
    heroPoster: posterField,
    manifesto: optionalStoredText(eventLimits.manifestoMax, eventMessages.manifestoMax, MULTI_LINE),
    featured: z.boolean().default(false),
    published: z.boolean().default(false),
    status: z.enum(EVENT_STATUSES, { error: eventMessages.status }).default("planned"),
    galleryId: z
      .uuid({ error: eventMessages.gallery })
      .optional()
      .transform((value) => value ?? null),
    timetable: z.array(timetableRowSchema).max(eventLimits.timetable, eventMessages.timetableMax).default([]),
    faq: z.array(faqRowSchema).max(eventLimits.faq, eventMessages.faqMax).default([]),
  })
  .superRefine((value, context) => {
    if (value.startsAt && value.endsAt && value.endsAt.getTime() <= value.startsAt.getTime()) {
      context.addIssue({ code: "custom", message: eventMessages.endBeforeStart, path: ["endsAt"] });
    }
    if (value.featured && !value.published) {
      context.addIssue({ code: "custom", message: eventMessages.featuredUnpublished, path: ["published"] });
    }
  });

export type EventFormValue = z.infer<typeof eventFormSchema>;
export type EventFormInput = Omit<EventFormValue, "heroVideo"> & { heroVideo: string | null };

/**
 * The hero video as stored: a path on our origin. A full URL is accepted when it points at our own
 * origin (pasted from the address bar) and is stored as its path; anything else is refused.
 */
export function heroVideoPath(value: string | undefined, siteOrigin: string): string | null | false {
  if (!value) return null;
  if (HERO_VIDEO_PATH.test(value)) return value;
  try {
    const url = new URL(value);
    if (url.origin !== new URL(siteOrigin).origin) return false;
    const path = `${url.pathname}${url.search}`;
    return HERO_VIDEO_PATH.test(url.pathname) && !url.search ? path : false;
  } catch {
    return false;
  }
}

/** HTML attributes: which inputs are required (the form is `noValidate`; messages come from zod). */
export const eventConstraint = requiredInputs(["title", "slug", "startsAt", "endsAt", "venue", "city"]);

/** The form's values as strings, the way inputs hold them. */
export type EventFormDefaults = {
  title: string;
  slug: string;
  startsAt: string;
  endsAt: string;
  lastEntry: string;
  venue: string;
  city: string;
  address: string;
  ticketUrl: string;
  salesMode: TicketSalesMode;
  ticketPrice: string;
  heroVideo: string;
  /** The poster as JSON, or "". */
  heroPoster: string;
  manifesto: string;
  featured: boolean;
  published: boolean;
  status: string;
  /** The linked gallery's id, or "". */
  galleryId: string;
  timetable: { stage: string; startTime: string; name: string; artistId: string }[];
  faq: { question: string; answer: string }[];
};
