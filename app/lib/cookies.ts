/**
 * Reading cookies, on the server (a request's Cookie header) and in the browser (`document.cookie`):
 * one parser (the `cookie` package) for both. Writing them is `cookies.server.ts`'s alone (React
 * Router's `createCookie`); `cookieData` decodes what it wrote, without React Router's server code in
 * the browser's bundle.
 */
import { parseCookie } from "cookie";

/** The raw value of one cookie in a Cookie header (or `document.cookie`), or null. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header?.includes(name)) return null;
  return parseCookie(header)[name] ?? null;
}

/**
 * The value of one cookie written by React Router's `createCookie` (unsigned: base64 of its JSON,
 * the JSON's UTF-8 bytes), as `cookie.parse` reads it on the server; undefined when the cookie is
 * absent or not in that encoding (an old raw value).
 */
export function cookieData(header: string | null | undefined, name: string): unknown {
  const raw = cookieValue(header, name);
  if (!raw) return undefined;
  try {
    const bytes = Uint8Array.from(atob(raw), (char) => char.charCodeAt(0));
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown;
  } catch {
    return undefined;
  }
}
