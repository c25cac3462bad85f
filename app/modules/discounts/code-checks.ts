/** The shared limit of failed code checks (see code-checks.server.ts), without server code. */

/** Enough for a customer mistyping a code; too few to guess codes by trying. */
export const CODE_CHECK_LIMIT = { limit: 60, windowMs: 10 * 60_000 };
export const TOO_MANY_CODE_CHECKS_MESSAGE =
  "Zbyt wiele prób sprawdzenia kodu. Spróbuj ponownie za kilka minut.";
