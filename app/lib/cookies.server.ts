/**
 * The one place a `Set-Cookie` header is written: every cookie of ours is defined here by its name and
 * attributes, set and cleared through it (the `cookie` package serialises), and a cookie another library made (better-auth's session,
 * React Router's session storage) is forwarded through it. Secure whenever the site is on https.
 */
import { stringifySetCookie } from "cookie";
import { cookieValue } from "./cookies";
import { env } from "./env.server";

export type CookieDefinition = {
  name: string;
  /** Hidden from scripts unless the page reads it (the cart badge's count). */
  httpOnly: boolean;
  maxAgeSeconds: number;
  path?: string;
};

const SET_COOKIE = "Set-Cookie";

function secure() {
  return env().siteUrl.startsWith("https:");
}

function serialized(cookie: CookieDefinition, value: string, maxAge: number) {
  return stringifySetCookie({
    name: cookie.name,
    value,
    path: cookie.path ?? "/",
    maxAge,
    sameSite: "lax" as const,
    httpOnly: cookie.httpOnly,
    secure: secure(),
  });
}

/** The cookie's value in a request, or null. */
export function readCookie(request: Request, cookie: CookieDefinition | string): string | null {
  return cookieValue(request.headers.get("cookie"), typeof cookie === "string" ? cookie : cookie.name);
}

export function setCookie(headers: Headers, cookie: CookieDefinition, value: string) {
  headers.append(SET_COOKIE, serialized(cookie, value, cookie.maxAgeSeconds));
}

export function clearCookie(headers: Headers, cookie: CookieDefinition) {
  headers.append(SET_COOKIE, serialized(cookie, "", 0));
}

/** A cookie header another library serialised (better-auth, React Router's session storage). */
export function appendSetCookie(headers: Headers, serialized: string) {
  headers.append(SET_COOKIE, serialized);
}

/** Every cookie a library's answer sets, passed on to ours. */
export function forwardCookies(from: Headers | null | undefined, to: Headers) {
  for (const serialized of from?.getSetCookie() ?? []) appendSetCookie(to, serialized);
}

/** Whether an answer sets any cookie (the page cache never keeps one that does). */
export function setsCookies(headers: Headers) {
  return headers.has(SET_COOKIE);
}
