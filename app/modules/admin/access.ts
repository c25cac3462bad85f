/**
 * What the panel tells a visitor who may not use it (SPEC §4 Admin access, §8). The server answers
 * 401 (signed out), 403 (signed in, not an admin) or 503 (the role could not be checked); the panel's
 * error boundary turns that into the checking screen, a toast and a redirect.
 */

export const adminAccessMessages = {
  checking: "Sprawdzanie uprawnień…",
  forbidden: "Brak uprawnień administratora",
  checkFailed: "Błąd sprawdzania uprawnień",
  signInRequired: "Zaloguj się, aby otworzyć panel administratora",
} as const;

/** HTTP status the server uses when the role check itself failed (database down, …). */
export const ROLE_CHECK_FAILED_STATUS = 503;

export type AdminAccessProblem = "signed-out" | "forbidden" | "check-failed";

/** The access problem an error response stands for, or null for any other error. */
export function accessProblemOf(status: number): AdminAccessProblem | null {
  if (status === 401) return "signed-out";
  if (status === 403) return "forbidden";
  if (status === ROLE_CHECK_FAILED_STATUS) return "check-failed";
  return null;
}
