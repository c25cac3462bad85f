/**
 * Every text of "Powiadom mnie" a visitor can be shown, and the consent. No zod here: the product
 * page's form imports these up front and the schema (stock-alert.schema.ts) only when first sent.
 */
import { EMAIL_MAX } from "~/lib/email-limits";

/**
 * What the visitor agrees to, shown beside the checkbox and stored verbatim with the time (`consent_text`,
 * `consented_at`): change it and new alerts store the new wording, old ones keep theirs.
 */
export const STOCK_ALERT_CONSENT_TEXT =
  "Zgadzam się na jedną wiadomość e-mail, gdy ten produkt (lub wybrany rozmiar) będzie dostępny. Mogę się wypisać w każdej chwili linkiem z wiadomości.";

/** The form's one intent (its hidden `intent` field), see stock-alert-form.server.ts. */
export const STOCK_ALERT_INTENT = "subscribe";

/** How long a confirmation link works. */
export const CONFIRM_VALID_DAYS = 7;

export const STOCK_ALERT_EMAIL_MAX = EMAIL_MAX;

export const stockAlertMessages = {
  email: "Podaj poprawny adres e-mail",
  emailMax: `Adres e-mail może mieć maks. ${EMAIL_MAX} znaków`,
  consent: "Zaznacz zgodę na powiadomienie",
  /** A product id that is none, unknown or of a product no longer sold. */
  product: "Nie znaleziono tego produktu.",
  /** A size that is not one of the product's. */
  variant: "Nie znaleziono tego rozmiaru.",
  available: "Ten produkt jest dostępny — możesz go kupić teraz.",
  /** The one answer to an accepted form, whatever the address's state (new, waiting, unconfirmed…). */
  sent: "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.",
  /** Form-level summary after a refusal of the fields. */
  invalid: "Nie udało się zapisać powiadomienia. Popraw zaznaczone pola.",
  /** A body no form sends, a server failure. */
  failure: "Nie udało się zapisać powiadomienia. Spróbuj ponownie.",
  confirmed: "Gotowe! Napiszemy do Ciebie raz, gdy produkt będzie dostępny.",
  confirmInvalid: "Ten link potwierdzający jest nieprawidłowy albo został już użyty.",
  confirmExpired: "Ten link potwierdzający wygasł. Zapisz się ponownie na stronie produktu.",
  unsubscribeInvalid: "Ten link wypisania jest nieprawidłowy.",
  alreadyUnsubscribed: "Ten adres został już wypisany z tego powiadomienia.",
  unsubscribed: "Wypisaliśmy Cię. Nie wyślemy już powiadomienia o tym produkcie.",
  /** The database could not be reached while following a link. */
  unavailable: "Nie udało się teraz obsłużyć tego linku. Spróbuj ponownie za chwilę.",
} as const;

/** The answer when a client subscribed too often; minutes rounded up. */
export function stockAlertRateLimitMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Zbyt wiele zapisów. Spróbuj ponownie za ${minutes} min.`;
}
