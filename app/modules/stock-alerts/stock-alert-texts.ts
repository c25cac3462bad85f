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

/** How long a confirmation link works (each one, counted from its own e-mail). */
export const CONFIRM_VALID_DAYS = 7;

/** How long a notice's unsubscribe link works at most (it dies sooner with its alert). */
export const UNSUBSCRIBE_VALID_DAYS = 365;

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
  /** The confirmation page before its button is pressed (a GET confirms nothing: mail scanners open links). */
  confirmAsk: "Potwierdź, że chcesz dostać jedną wiadomość e-mail, gdy ten produkt będzie dostępny.",
  /** A confirmation link followed after the notice it asked for went out. */
  confirmNotified:
    "Wiadomość o dostępności tego produktu już wysłaliśmy na ten adres. Jeśli chcesz dostać kolejną, zapisz się ponownie na stronie produktu.",
  confirmInvalid: "Ten link potwierdzający jest nieprawidłowy albo został już użyty.",
  confirmExpired: "Ten link potwierdzający wygasł. Zapisz się ponownie na stronie produktu.",
  unsubscribeInvalid: "Ten link wypisania jest nieprawidłowy.",
  /** A year old, or from a notice of an earlier subscription to the same product. */
  unsubscribeExpired:
    "Ten link wypisania wygasł. Wypisać się możesz linkiem z ostatniej wiadomości o tym produkcie.",
  /** The unsubscribe page once the alert's one notice went out. */
  noticeSent:
    "Wiadomość o dostępności tego produktu już wysłaliśmy — była jedyna, więcej o nim nie napiszemy.",
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
