/**
 * The one place a `Set-Cookie` header is written. Every cookie of ours is a React Router cookie
 * (`createCookie`) made here from its definition (name, HttpOnly, lifetime; Path=/, SameSite=Lax, and
 * Secure whenever the site is on https): `setCookie`, `clearCookie` and `readCookie` are its
 * `serialize` and `parse`, and the flash's session storage is given the same cookie (`cookieOf`). A
 * cookie another library made (better-auth's session) is forwarded through it.
 */
import { type Cookie, type CookieSignatureOptions, createCookie } from "react-router";
import { cookieValue } from "./cookies";
import { env } from "./env.server";
import { resolveAuthSecret } from "./secret.server";

export type CookieDefinition = {
  name: string;
  /** Hidden from scripts unless the page reads it (the cart badge's count). */
  httpOnly: boolean;
  maxAgeSeconds: number;
  path?: string;
  /**
   * A value written before our cookies were React Router's (raw, not base64 JSON) that is still
   * taken as it is (the cart id, for one release: decision 035).
   */
  acceptsRaw?: (raw: string) => boolean;
  /** Signed with the server's secret: a value this server wrote (the guest cart's id, issue #42). */
  signed?: boolean;
};

const SET_COOKIE = "Set-Cookie";

/** The React Router cookie of a definition (`secrets`: signed, as the flash is). Cheap: made per use. */
export function cookieOf(
  cookie: CookieDefinition,
  { secrets = cookie.signed ? [resolveAuthSecret()] : undefined }: CookieSignatureOptions = {},
): Cookie {
  return createCookie(cookie.name, {
    path: cookie.path ?? "/",
    maxAge: cookie.maxAgeSeconds,
    sameSite: "lax",
    httpOnly: cookie.httpOnly,
    secure: env().siteUrl.startsWith("https:"),
    ...(secrets ? { secrets } : {}),
  });
}

/**
 * The cookie's value in a request: null when not sent; "" when sent but holding nothing we can use
 * (empty, or a value in no format of ours), so that it is written again or cleared.
 */
export async function readCookie(request: Request, cookie: CookieDefinition): Promise<string | null> {
  return readCookieHeader(request.headers.get("cookie"), cookie);
}

/** `readCookie` of a Cookie header already read (a domain module reads no request). */
export async function readCookieHeader(
  header: string | null,
  cookie: CookieDefinition,
): Promise<string | null> {
  const value: unknown = cookie.signed
    ? await verifiedValue(header, cookie)
    : await cookieOf(cookie).parse(header);
  if (value === null) return null;
  if (typeof value === "string") return value;
  const raw = cookieValue(header, cookie.name);
  return raw && cookie.acceptsRaw?.(raw) ? raw : "";
}

/**
 * Signed values this instance has verified, by the value as sent: React Router checks a signature
 * with WebCrypto, a key imported and a job on the thread pool per request, ~5 % of a busy instance in
 * an on-sale minute (decision 040). The same bytes under the same secret verify the same way, so a
 * value is checked once; only values that verified are kept (a forged one cannot fill the memory) and
 * the oldest goes past the limit.
 */
const verified = new Map<string, unknown>();
const MAX_VERIFIED = 20_000;

async function verifiedValue(header: string | null, cookie: CookieDefinition): Promise<unknown> {
  const raw = onlyValue(header, cookie.name);
  // The secret is part of the key: a value is only as good as the secret it verified under.
  const key = raw === null ? null : `${resolveAuthSecret()}\0${cookie.name}=${raw}`;
  if (key !== null && verified.has(key)) return verified.get(key);
  const value: unknown = await cookieOf(cookie).parse(header);
  if (key !== null && typeof value === "string") {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(key, value);
  }
  return value;
}

/** The raw value of a cookie sent exactly once (two of one name: which one a parser takes is its own). */
function onlyValue(header: string | null, name: string) {
  if (!header) return null;
  const pairs = header.split(";").filter((pair) => pair.trimStart().startsWith(`${name}=`));
  return pairs.length === 1 ? cookieValue(header, name) : null;
}

export async function setCookie(headers: Headers, cookie: CookieDefinition, value: string) {
  appendSetCookie(headers, await cookieOf(cookie).serialize(value));
}

export async function clearCookie(headers: Headers, cookie: CookieDefinition) {
  appendSetCookie(headers, await cookieOf(cookie).serialize("", { maxAge: 0 }));
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
