/**
 * One-shot toasts of the admin panel that survive a redirect (a saved product or event back on its
 * list, a product that failed to load). The action sets a short-lived cookie naming a fixed message; the panel's
 * layout loader reads and deletes it. Only names from this list are ever shown.
 */

import { productMessages } from "~/modules/catalog/product-form.schema";
import { eventMessages } from "~/modules/content/event-form.schema";

export const ADMIN_FLASH_COOKIE = "nokturn_admin_flash";

export const adminFlashToasts = {
  "product-created": { type: "success", title: productMessages.created },
  "product-updated": { type: "success", title: productMessages.updated },
  "product-load-failed": { type: "error", title: productMessages.loadFailed },
  "event-created": { type: "success", title: eventMessages.created },
  "event-updated": { type: "success", title: eventMessages.updated },
} as const satisfies Record<string, { type: "success" | "error"; title: string }>;

export type AdminFlashKind = keyof typeof adminFlashToasts;

export function adminFlashCookie(kind: AdminFlashKind, { secure }: { secure: boolean }) {
  return `${ADMIN_FLASH_COOKIE}=${kind}; Path=/admin; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function clearAdminFlashCookie({ secure }: { secure: boolean }) {
  return `${ADMIN_FLASH_COOKIE}=; Path=/admin; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function readAdminFlash(cookieHeader: string | null): AdminFlashKind | null {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === ADMIN_FLASH_COOKIE && value && Object.hasOwn(adminFlashToasts, value)) {
      return value as AdminFlashKind;
    }
  }
  return null;
}
