/**
 * The panel's "Bilety" page of a night (issue #40, decision 038): the night's settings and the form of
 * a ticket type, one schema each for the browser (Conform) and the action. Every field arrives as text
 * and is read by hand (Conform drops empty inputs), so each gives its own Polish message; money is
 * grosze (the product form's PLN parsing), the window is typed in Warsaw time and leaves as instants.
 */
import { z } from "zod";
import { SINGLE_LINE } from "~/lib/form-fields.schema";
import { parsePln } from "~/lib/money";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import type { TierState } from "./ticket-tiers";

export const ticketLimits = {
  capacityMax: 100_000,
  quotaMax: 100_000,
  perCustomerMax: 20,
  perOrderMax: 20,
  /** A week: what the database allows for both notice periods. */
  minutesMax: 10_080,
  nameMax: 60,
  /** 1,00 zł – 100 000,00 zł, as the database checks. */
  priceMin: 100,
  priceMax: 10_000_000,
  positionMax: 1000,
} as const;

export const VAT_RATES = ["8", "23", "5", "0"] as const;
export const vatRateLabels: Record<(typeof VAT_RATES)[number], string> = {
  "8": "8 %",
  "23": "23 %",
  "5": "5 %",
  "0": "0 %",
};

export const tierStateLabels: Record<TierState, string> = {
  on_sale: "W sprzedaży",
  scheduled: "Zaplanowana",
  waiting: "Czeka na poprzednią",
  sold_out: "Wyprzedana",
  ended: "Zakończona",
};

export const ticketMessages = {
  // The night's settings
  capacity: "Pojemność sali musi być liczbą od 1 do 100 000",
  maxPerCustomer: "Maks. biletów na osobę musi być liczbą od 1 do 20 (puste = bez limitu)",
  minutes: "Podaj liczbę minut od 0 do 10 080",
  capacityBelowTaken: (taken: number) =>
    `Pojemność nie może być mniejsza niż liczba sprzedanych i zarezerwowanych biletów (${taken})`,
  settingsSaved: "Ustawienia sprzedaży zapisane",
  settingsFailed: "Błąd zapisu ustawień sprzedaży",
  // A type
  nameRequired: "Podaj nazwę puli",
  nameMax: "Nazwa puli może mieć maksymalnie 60 znaków",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  price: "Cena musi być kwotą od 1 zł, np. 79 lub 79,00",
  priceMax: "Cena może wynosić maksymalnie 100 000 zł",
  vatRate: "Wybierz stawkę VAT: 8 %, 23 %, 5 % lub 0 %",
  quota: "Liczba biletów w puli musi być liczbą od 1 do 100 000",
  quotaBelowTaken: (taken: number) =>
    `Liczba biletów w puli nie może być mniejsza niż liczba sprzedanych i zarezerwowanych (${taken})`,
  salesStart: "Podaj poprawną datę i godzinę początku sprzedaży, np. 01.12.2026 10:00",
  salesEnd: "Podaj poprawną datę i godzinę końca sprzedaży, np. 31.12.2026 23:59",
  endBeforeStart: "Koniec sprzedaży musi być po jej początku",
  maxPerOrder: "Limit na zamówienie musi być liczbą od 1 do 20",
  position: "Kolejność musi być liczbą od 0 do 1000",
  typeNotFound: "Pula nie istnieje lub została usunięta",
  deleteTaken: "Nie można usunąć puli, w której są sprzedane lub zarezerwowane bilety",
  settingsFirst: "Najpierw zapisz ustawienia sprzedaży (pojemność sali)",
  created: "Pula dodana",
  updated: "Pula zapisana",
  deleted: "Pula usunięta",
  moved: "Kolejność zmieniona",
  saveFailed: "Błąd zapisu puli",
  deleteFailed: "Błąd usuwania puli",
  moveFailed: "Błąd zmiany kolejności",
  deleteConfirm: "Czy na pewno chcesz usunąć tę pulę?",
  // The page
  eventNotFound: "Nie znaleziono wydarzenia",
  loadFailed: "Błąd ładowania biletów",
  invalid: "Popraw zaznaczone pola",
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  empty: "Brak pul biletów. Dodaj pierwszą pulę.",
  saleOff:
    "Sprzedaż na stronie jest wyłączona: bilety na tę noc sprzedaje zewnętrzny sprzedawca (link). Zmień „Sprzedaż biletów” w edycji wydarzenia, aby sprzedawać tutaj.",
  // The event form's switch
  externalWithTickets:
    "Nie można wrócić do zewnętrznego sprzedawcy: na tę noc są już sprzedane lub zarezerwowane bilety",
} as const;

/** What a field's reader answers for text it cannot take: the Polish message for that field. */
class Refusal {
  constructor(readonly message: string) {}
}

/**
 * A text field read by hand: empty (Conform sends undefined) is `empty`, or refused with `required`'s
 * message; otherwise `read` gives the value or a Refusal.
 */
function field<T, E>(read: (value: string) => T | Refusal, empty: () => E | Refusal) {
  return z
    .string()
    .optional()
    .transform((value, context): T | E => {
      const trimmed = value?.trim() ?? "";
      const result = trimmed === "" ? empty() : read(trimmed);
      if (!(result instanceof Refusal)) return result;
      context.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });
}

const required = <T>(read: (value: string) => T | Refusal, message: string) =>
  field<T, never>(read, () => new Refusal(message));
const optional = <T, E>(read: (value: string) => T | Refusal, empty: E) => field<T, E>(read, () => empty);

/** A whole number within [min, max] ("120"); anything else the message. */
export function readWholeNumber(text: string, min: number, max: number): number | null {
  const normalized = text.replace(/[\s\u00a0]/g, "");
  if (!/^\d{1,7}$/.test(normalized)) return null;
  const value = Number(normalized);
  return value >= min && value <= max ? value : null;
}

const wholeNumber = (min: number, max: number, message: string) => (text: string) =>
  readWholeNumber(text, min, max) ?? new Refusal(message);

/** A `datetime-local` value read as Warsaw time; years outside 2000–2100 are typos (as a sale's). */
export function readWarsawTime(text: string): Date | null {
  const instant = fromWarsawLocal(text.trim());
  if (!instant) return null;
  const year = Number(text.trim().slice(0, 4));
  return year >= 2000 && year <= 2100 ? instant : null;
}

/** A price typed in PLN ("79", "79,00", "79 zł") as grosze. */
function readTicketPrice(text: string): number | Refusal {
  const grosze = parsePln(text);
  if (grosze === null || grosze < ticketLimits.priceMin) return new Refusal(ticketMessages.price);
  return grosze > ticketLimits.priceMax ? new Refusal(ticketMessages.priceMax) : grosze;
}

const minutesField = optional(wholeNumber(0, ticketLimits.minutesMax, ticketMessages.minutes), 120);

export const nightSettingsSchema = z.object({
  capacity: required(
    wholeNumber(1, ticketLimits.capacityMax, ticketMessages.capacity),
    ticketMessages.capacity,
  ),
  /** Empty: no limit. */
  maxPerCustomer: optional(wholeNumber(1, ticketLimits.perCustomerMax, ticketMessages.maxPerCustomer), null),
  /** Empty: the default, two hours. */
  transferUntilMinutes: minutesField,
  offersUntilMinutes: minutesField,
});

export type NightSettingsValue = z.output<typeof nightSettingsSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ticketTypeSchema = z
  .object({
    /** Present when editing. */
    id: optional((value) => (UUID.test(value) ? value : new Refusal(ticketMessages.typeNotFound)), null),
    name: required((value) => {
      if (value.length > ticketLimits.nameMax) return new Refusal(ticketMessages.nameMax);
      return SINGLE_LINE.test(value) ? value : new Refusal(ticketMessages.invalidCharacters);
    }, ticketMessages.nameRequired),
    price: required(readTicketPrice, ticketMessages.price),
    vatRate: required((value) => {
      const rate = VAT_RATES.find((candidate) => candidate === value);
      return rate ? Number(rate) : new Refusal(ticketMessages.vatRate);
    }, ticketMessages.vatRate),
    quota: required(wholeNumber(1, ticketLimits.quotaMax, ticketMessages.quota), ticketMessages.quota),
    /** Empty: on sale at once. */
    salesStart: optional((value) => readWarsawTime(value) ?? new Refusal(ticketMessages.salesStart), null),
    /** Empty: until the night's sale ends. */
    salesEnd: optional((value) => readWarsawTime(value) ?? new Refusal(ticketMessages.salesEnd), null),
    maxPerOrder: optional(wholeNumber(1, ticketLimits.perOrderMax, ticketMessages.maxPerOrder), 10),
    opensAfterPrevious: z.boolean().default(false),
    /** Empty: after the last type (a new one) or where it is (an edit). */
    position: optional(wholeNumber(0, ticketLimits.positionMax, ticketMessages.position), null),
  })
  .superRefine((value, context) => {
    if (value.salesStart && value.salesEnd && value.salesEnd <= value.salesStart) {
      context.addIssue({ code: "custom", path: ["salesEnd"], message: ticketMessages.endBeforeStart });
    }
  });

export type TicketTypeValue = z.output<typeof ticketTypeSchema>;

const typeId = z.string({ error: ticketMessages.typeNotFound }).regex(UUID, ticketMessages.typeNotFound);

/** The table's delete button. */
export const ticketTypeDeleteSchema = z.object({ typeId });

/** The table's move up / move down buttons. */
export const ticketTypeMoveSchema = z.object({
  typeId,
  direction: z.enum(["up", "down"], { error: ticketMessages.invalidRequest }),
});

/** The settings form's fields as strings, the way inputs hold them. */
export type NightSettingsDefaults = {
  capacity: string;
  maxPerCustomer: string;
  transferUntilMinutes: string;
  offersUntilMinutes: string;
};

/** The type dialog's fields as strings. */
export type TicketTypeDefaults = {
  id?: string;
  name: string;
  price: string;
  vatRate: string;
  quota: string;
  salesStart: string;
  salesEnd: string;
  maxPerOrder: string;
  opensAfterPrevious: boolean;
  position: string;
};

export const newTicketTypeDefaults: TicketTypeDefaults = {
  name: "",
  price: "",
  vatRate: "8",
  quota: "",
  salesStart: "",
  salesEnd: "",
  maxPerOrder: "10",
  opensAfterPrevious: false,
  position: "",
};
