/**
 * One-shot toasts of the admin panel that survive a redirect (a saved product or event back on its
 * list, a product that failed to load), through the site's one flash mechanism (app/lib/flash.server.ts).
 */

import { redirectWithFlash } from "~/lib/flash.server";
import { productMessages } from "~/modules/catalog/product-form.schema";
import { eventMessages } from "~/modules/content/event-form.schema";

export const adminFlashToasts = {
  "product-created": { kind: "success", title: productMessages.created },
  "product-updated": { kind: "success", title: productMessages.updated },
  "product-load-failed": { kind: "error", title: productMessages.loadFailed },
  "event-created": { kind: "success", title: eventMessages.created },
  "event-updated": { kind: "success", title: eventMessages.updated },
} as const satisfies Record<string, { kind: "success" | "error"; title: string }>;

export type AdminFlashKind = keyof typeof adminFlashToasts;

/** Back to a panel list, showing one of the panel's toasts there. */
export function redirectWithPanelFlash(url: string, kind: AdminFlashKind): Promise<Response> {
  return redirectWithFlash(url, adminFlashToasts[kind]);
}
