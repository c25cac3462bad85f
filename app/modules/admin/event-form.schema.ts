/**
 * The event form (issue #9, beyond SPEC): one schema for the browser (Conform) and the action. Dates are
 * Warsaw wall-clock values of `datetime-local` inputs, turned into UTC instants here. Messages Polish.
 */
import { z } from "zod";
import { parsePln } from "~/lib/money";
import { SLUG_PATTERN } from "~/lib/slug";
import { STAGES } from "~/modules/content/timetable";
import { fromWarsawLocal } from "./events-time";

export const eventLimits = {
  titleMin: 2,
  titleMax: 120,
  slugMin: 3,
  slugMax: 100,
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
  slug: "Slug może zawierać tylko małe litery, cyfry i myślniki",
  slugLength: "Slug musi mieć od 3 do 100 znaków",
  slugTaken: "Ten slug jest już zajęty przez inne wydarzenie",
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
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
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
  featured: "Wydarzenie jest teraz na stronie głównej",
  featureFailed: "Błąd zmiany wyróżnionego wydarzenia",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
} as const;

const singleLine = /^[^\p{Cc}]*$/u;
const multiLine = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;
/** "23:00": what the timetable and the last-entry field accept (the database checks the same). */
export const CLOCK_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** An optional text field: empty becomes undefined (Conform drops empty strings already). */
const optionalText = (max: number, maxMessage: string, pattern = singleLine) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .regex(pattern, eventMessages.invalidCharacters)
    .optional()
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

export const posterSchema = z.object({
  src: z.string().regex(POSTER_SRC_PATTERN),
  width: z.number().int().positive().max(10_000),
  height: z.number().int().positive().max(20_000),
  widths: z.array(z.number().int().positive().max(10_000)).min(1).max(12),
  formats: z
    .array(z.enum(["avif", "webp"]))
    .min(1)
    .max(2),
  alt: z.string().max(300).optional(),
  color: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
});

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
  startTime: z
    .string()
    .trim()
    .regex(CLOCK_TIME, eventMessages.time)
    .optional()
    .transform((value) => value || null),
  name: z
    .string({ error: eventMessages.name })
    .trim()
    .min(1, eventMessages.name)
    .max(eventLimits.nameMax, eventMessages.nameMax)
    .regex(singleLine, eventMessages.invalidCharacters),
  artistId: z
    .uuid({ error: eventMessages.artist })
    .optional()
    .transform((value) => value ?? null),
});

export const faqRowSchema = z.object({
  question: z
    .string({ error: eventMessages.question })
    .trim()
    .min(1, eventMessages.question)
    .max(eventLimits.questionMax, eventMessages.questionMax)
    .regex(singleLine, eventMessages.invalidCharacters),
  answer: z
    .string({ error: eventMessages.answer })
    .trim()
    .min(1, eventMessages.answer)
    .max(eventLimits.answerMax, eventMessages.answerMax)
    .regex(multiLine, eventMessages.invalidCharacters)
    .transform((value) => value.replace(/\r\n?/g, "\n")),
});

export const eventFormSchema = z
  .object({
    title: z
      .string({ error: eventMessages.titleMin })
      .trim()
      .min(eventLimits.titleMin, eventMessages.titleMin)
      .max(eventLimits.titleMax, eventMessages.titleMax)
      .regex(singleLine, eventMessages.invalidCharacters),
    slug: z
      .string({ error: eventMessages.slugLength })
      .trim()
      .min(eventLimits.slugMin, eventMessages.slugLength)
      .max(eventLimits.slugMax, eventMessages.slugLength)
      .regex(SLUG_PATTERN, eventMessages.slug),
    startsAt: localDateTime(eventMessages.startsAt),
    endsAt: localDateTime(eventMessages.endsAt),
    lastEntry: z
      .string()
      .trim()
      .regex(CLOCK_TIME, eventMessages.lastEntry)
      .optional()
      .transform((value) => value || null),
    venue: z
      .string({ error: eventMessages.venue })
      .trim()
      .min(1, eventMessages.venue)
      .max(eventLimits.venueMax, eventMessages.venueMax)
      .regex(singleLine, eventMessages.invalidCharacters),
    city: z
      .string({ error: eventMessages.city })
      .trim()
      .min(1, eventMessages.city)
      .max(eventLimits.cityMax, eventMessages.cityMax)
      .regex(singleLine, eventMessages.invalidCharacters),
    address: optionalText(eventLimits.addressMax, eventMessages.addressMax),
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
    ticketPrice: z
      .string()
      .optional()
      .transform((value, context) => {
        if (!value?.trim()) return null;
        const grosze = parsePln(value);
        if (grosze === null || grosze > eventLimits.ticketPriceMax) {
          context.addIssue({ code: "custom", message: eventMessages.ticketPrice });
          return z.NEVER;
        }
        return grosze;
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
    manifesto: optionalText(eventLimits.manifestoMax, eventMessages.manifestoMax, multiLine),
    featured: z.boolean().default(false),
    timetable: z.array(timetableRowSchema).max(eventLimits.timetable, eventMessages.timetableMax).default([]),
    faq: z.array(faqRowSchema).max(eventLimits.faq, eventMessages.faqMax).default([]),
  })
  .superRefine((value, context) => {
    if (value.startsAt && value.endsAt && value.endsAt.getTime() <= value.startsAt.getTime()) {
      context.addIssue({ code: "custom", message: eventMessages.endBeforeStart, path: ["endsAt"] });
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
export const eventConstraint = {
  title: { required: true },
  slug: { required: true },
  startsAt: { required: true },
  endsAt: { required: true },
  venue: { required: true },
  city: { required: true },
};
