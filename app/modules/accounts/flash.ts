/**
 * One-shot messages that survive a redirect (after login, logout, a new password): the action sets a
 * short-lived cookie, the next page shows the toast and deletes the cookie. Readable by scripts on
 * purpose (it only names which fixed message to show), so it is never trusted for anything else.
 */
import { accountToasts } from "./messages";

export const FLASH_COOKIE = "nokturn_flash";

export const flashToasts = {
  "signed-in": { title: accountToasts.signedIn },
  "signed-out": { title: accountToasts.signedOut },
  "password-changed": {
    title: accountToasts.passwordChanged,
    description: accountToasts.passwordChangedDescription,
  },
} as const satisfies Record<string, { title: string; description?: string }>;

export type FlashKind = keyof typeof flashToasts;

/** Set-Cookie value carrying a flash message for the next page. */
export function flashCookie(kind: FlashKind, { secure }: { secure: boolean }) {
  return `${FLASH_COOKIE}=${kind}; Path=/; Max-Age=60; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The flash message named in a Cookie header / document.cookie, if any. */
export function readFlash(cookies: string): FlashKind | null {
  for (const part of cookies.split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === FLASH_COOKIE && value && Object.hasOwn(flashToasts, value)) return value as FlashKind;
  }
  return null;
}
