/** Response details shared by every admin route. */
import { env } from "~/lib/env.server";

/** Admin pages are private: never cached, never indexed. */
export function adminHeaders() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

/** Whether cookies must be `Secure` (the site runs on https). */
export function secureCookies() {
  return env().siteUrl.startsWith("https://");
}
