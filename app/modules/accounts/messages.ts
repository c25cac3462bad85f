/**
 * Every text of the account screens a visitor can be shown (SPEC §2, §8), and the mapping of
 * better-auth's error codes to Polish. Shared by the browser (toasts) and the server (actions).
 */

export const accountToasts = {
  signedUp: "Konto utworzone! Możesz się teraz zalogować.",
  signedUpDescription: "Wysłaliśmy Ci e-mail powitalny z linkiem potwierdzającym adres.",
  signedIn: "Zalogowano pomyślnie!",
  signedOut: "Wylogowano pomyślnie!",
  resetSentTitle: "Email wysłany",
  resetSentDescription: "Sprawdź swoją skrzynkę pocztową",
  resetFailedTitle: "Błąd",
  resetFailedDescription: "Nie udało się wysłać emaila. Spróbuj ponownie.",
  passwordChanged: "Hasło zmienione!",
  passwordChangedDescription: "Możesz się teraz zalogować nowym hasłem",
  passwordChangeFailed: "Nie udało się zmienić hasła. Spróbuj ponownie.",
  verificationSent: "Wysłaliśmy nowy link potwierdzający",
  verificationSentDescription: "Sprawdź swoją skrzynkę pocztową.",
  verificationFailed: "Nie udało się wysłać linku. Spróbuj ponownie za chwilę.",
} as const;

export const authErrors = {
  invalidCredentials: "Nieprawidłowy email lub hasło",
  generic: "Coś poszło nie tak. Spróbuj ponownie za chwilę.",
  signupFailed: "Nie udało się utworzyć konta. Spróbuj ponownie.",
  invalidForm: "Popraw zaznaczone pola.",
  crossSite: "Formularz wysłano z innej strony. Odśwież stronę i spróbuj ponownie.",
  resetLinkInvalid: "Link do zmiany hasła wygasł lub został już użyty.",
} as const;

/** Polish text for a better-auth error code; the generic message for anything unexpected. */
export function authErrorMessage(code: string | undefined, fallback: string = authErrors.generic): string {
  switch (code) {
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PASSWORD":
    case "USER_NOT_FOUND":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
      return authErrors.invalidCredentials;
    case "INVALID_EMAIL":
      return "Nieprawidłowy adres email";
    case "PASSWORD_TOO_SHORT":
      return "Hasło musi mieć minimum 6 znaków";
    case "PASSWORD_TOO_LONG":
      return "Hasło może mieć maksymalnie 128 znaków";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return "Konto z tym adresem email już istnieje";
    case "INVALID_TOKEN":
    case "TOKEN_EXPIRED":
      return authErrors.resetLinkInvalid;
    case "EMAIL_NOT_VERIFIED":
      return "Potwierdź najpierw adres email";
    case "FAILED_TO_CREATE_USER":
      return authErrors.signupFailed;
    case "FAILED_TO_CREATE_SESSION":
    case "FAILED_TO_GET_SESSION":
    case "SESSION_EXPIRED":
      return "Sesja wygasła. Zaloguj się ponownie.";
    case "INVALID_ORIGIN":
    case "MISSING_OR_NULL_ORIGIN":
    case "CROSS_SITE_NAVIGATION_LOGIN_BLOCKED":
      return authErrors.crossSite;
    default:
      return fallback;
  }
}

export type RateLimitedAction = "login" | "reset" | "signup" | "verification" | "api";

/** The 429 message: what was refused and when to try again (minutes, rounded up). */
export function rateLimitMessage(action: RateLimitedAction, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = `Spróbuj ponownie za ${minutes} min.`;
  switch (action) {
    case "login":
      return `Zbyt wiele nieudanych prób logowania. ${wait}`;
    case "reset":
      return `Zbyt wiele próśb o zmianę hasła. ${wait}`;
    case "signup":
      return `Zbyt wiele prób rejestracji. ${wait}`;
    case "verification":
      return `Zbyt wiele próśb o link potwierdzający. ${wait}`;
    case "api":
      return `Zbyt wiele prób. ${wait}`;
  }
}

/** better-auth's own limiter (its HTTP endpoints) answers in English; this replaces its message. */
export const GENERIC_RATE_LIMIT_MESSAGE = "Zbyt wiele prób. Spróbuj ponownie za chwilę.";

/** Codes whose message we wrote ourselves (in Polish) in better-auth's hooks. */
const OWN_CODES = new Set(["INVALID_NAME", "INVALID_IMAGE", "RATE_LIMITED"]);

export const INVALID_REQUEST_MESSAGE = "Nieprawidłowe żądanie. Sprawdź dane i spróbuj ponownie.";
export const INVALID_CALLBACK_MESSAGE = "Nieprawidłowy adres powrotu: dozwolone są tylko strony tego sklepu.";

/**
 * The Polish message of a refusal by better-auth's HTTP endpoints: ours as they are, its own codes
 * mapped, anything else (English validation texts) the generic one. Never its English text.
 */
export function polishAuthApiError(status: number, code: string | undefined, message: string | undefined) {
  if (code && OWN_CODES.has(code) && message) return message;
  if (status === 429) return GENERIC_RATE_LIMIT_MESSAGE;
  return authErrorMessage(code, INVALID_REQUEST_MESSAGE);
}
