/**
 * The waiting list at face value (issue #40, decision 038), its pure rules and texts: who is next in
 * line for a ticket given back, until when tickets are given back and offered, how long an offer
 * holds. No zod and no I/O here: the event page's form imports the texts up front.
 */

/** How long an offer holds a returned ticket for the one it was made to. */
export const OFFER_MINUTES = 30;
/** How long a waiting-list confirmation link works. */
export const WAITLIST_CONFIRM_VALID_DAYS = 7;
/** Tickets one address may wait for. */
export const WAITLIST_MAX_TICKETS = 2;

/** What the fan agrees to, stored verbatim with the time. */
export const WAITLIST_CONSENT_TEXT =
  "Zgadzam się na wiadomości e-mail o biletach oddanych na tę noc (oferta ważna 30 minut). Mogę zrezygnować w każdej chwili.";

export const WAITLIST_INTENT = "waitlist";

export const waitlistMessages = {
  email: "Podaj poprawny adres e-mail",
  quantity: "Wybierz 1 albo 2 bilety.",
  consent: "Zaznacz zgodę na wiadomości o oddanych biletach",
  /** The night is not sold out (or does not sell here): nothing to wait for. */
  notSoldOut: "Bilety na tę noc są dostępne — możesz je kupić teraz.",
  unknown: "Nie znaleziono tej nocy.",
  /** The one answer to an accepted form, whatever the address's state. */
  sent: "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający zapis na listę oczekujących.",
  invalid: "Nie udało się zapisać na listę. Popraw zaznaczone pola.",
  failure: "Nie udało się zapisać na listę. Spróbuj ponownie.",
  confirmAsk: "Potwierdź zapis na listę oczekujących. Gdy ktoś odda bilet, wyślemy Ci ofertę ważną 30 minut.",
  confirmed: "Gotowe! Jesteś na liście oczekujących. Gdy ktoś odda bilet, napiszemy do Ciebie.",
  confirmInvalid: "Ten link potwierdzający jest nieprawidłowy albo został już użyty.",
  confirmExpired: "Ten link potwierdzający wygasł. Zapisz się ponownie na stronie wydarzenia.",
  rateLimited: (minutes: number) => `Zbyt wiele zapisów. Spróbuj ponownie za ${minutes} min.`,
} as const;

export const returnMessages = {
  button: "Oddaj bilet",
  withdraw: "Wycofaj oddanie biletu",
  explain:
    "Bilet trafi do pierwszej osoby z listy oczekujących po cenie, którą zapłacono. Do czasu sprzedaży zostaje ważny i Twój; gdy ktoś go kupi, zwrócimy Ci pełną cenę.",
  created: "Bilet czeka na osobę z listy oczekujących. Do czasu sprzedaży pozostaje ważny.",
  withdrawn: "Wycofano oddanie biletu. Bilet jest nadal Twój.",
  pending: "Oddany — czeka na osobę z listy oczekujących.",
  notHolder: "Nie znaleziono tego biletu.",
  notValid: "Tego biletu nie można już oddać.",
  transferred:
    "Bilet przekazany innej osobie nie może wrócić na listę oczekujących — zwrot trafiłby do kupującego. Przekaż go dalej albo poproś kupującego.",
  tooLate: "Na tę noc nie przyjmujemy już oddanych biletów.",
  already: "Ten bilet już czeka na osobę z listy oczekujących.",
  offered: "Ten bilet jest właśnie oferowany osobie z listy — nie można teraz wycofać.",
  notReturned: "Ten bilet nie czeka na sprzedaż.",
} as const;

export const offerMessages = {
  invalid: "Ten link oferty jest nieprawidłowy.",
  expired: "Ta oferta wygasła — bilet trafił do kolejnej osoby z listy.",
  used: "Ta oferta została już wykorzystana.",
  taken: "Ta oferta jest właśnie opłacana. Jeśli przerwano płatność, spróbuj ponownie za kilka minut.",
  heading: "Oddany bilet dla Ciebie",
  price: "Cena (taka, jaką zapłacono za bilet):",
  validUntil: "Oferta ważna do",
  buy: "Przejdź do płatności",
} as const;

export type QueueEntry = {
  id: string;
  quantity: number;
  confirmedAt: Date | null;
  droppedAt: Date | null;
};

export type EntryOffer = { entryId: string; status: "open" | "checkout" | "sold" | "refunded" | "expired" };

/**
 * The entry that gets the next returned ticket: confirmed, still in the queue, without a live offer
 * and with fewer tickets bought than it asked for; the earliest confirmation first (id breaks a tie).
 * An entry whose offer lapsed has left the queue (`droppedAt`), so the ticket goes to the next one.
 */
export function nextInLine<Entry extends QueueEntry>(
  entries: readonly Entry[],
  offers: readonly EntryOffer[],
): Entry | null {
  const waiting = entries.filter((entry) => {
    if (!entry.confirmedAt || entry.droppedAt) return false;
    const own = offers.filter((offer) => offer.entryId === entry.id);
    if (own.some((offer) => offer.status === "open" || offer.status === "checkout")) return false;
    const bought = own.filter((offer) => offer.status === "sold" || offer.status === "refunded").length;
    return bought < entry.quantity;
  });
  waiting.sort(
    (a, b) =>
      (a.confirmedAt as Date).getTime() - (b.confirmedAt as Date).getTime() || a.id.localeCompare(b.id),
  );
  return waiting[0] ?? null;
}

/** The instant from which no ticket is given back or offered: `offersUntilMinutes` before doors. */
export function offersCloseAt(startsAt: Date, offersUntilMinutes: number): Date {
  return new Date(startsAt.getTime() - offersUntilMinutes * 60_000);
}

/** Whether tickets of this night may be given back and offered at `now`. */
export function offersOpen(startsAt: Date, offersUntilMinutes: number, now: Date): boolean {
  return now.getTime() < offersCloseAt(startsAt, offersUntilMinutes).getTime();
}

/** When an offer made at `now` stops holding the ticket. */
export function offerExpiresAt(now: Date): Date {
  return new Date(now.getTime() + OFFER_MINUTES * 60_000);
}
