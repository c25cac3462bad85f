/**
 * Reading cookies, on the server (a request's Cookie header) and in the browser (`document.cookie`):
 * one parser (the `cookie` package) for both. Writing them is `cookies.server.ts`'s alone.
 */
import { parseCookie } from "cookie";

/** The value of one cookie in a Cookie header (or `document.cookie`), or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header?.includes(name)) return null;
  return parseCookie(header)[name] ?? null;
}
