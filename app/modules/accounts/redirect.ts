/**
 * Where to go after logging in (SPEC §2 Auth): the `redirect` parameter, else the previous page,
 * else /account — but only ever a path on this site. Absolute URLs (`https://evil.example`),
 * protocol-relative ones (`//evil.example`), backslash tricks (`/\evil.example`) and control
 * characters are refused, as are the auth screens themselves (no loops).
 */

export const DEFAULT_AFTER_LOGIN = "/account";

/** Pages it makes no sense to return to after logging in. */
const NOT_A_DESTINATION = /^\/(?:auth|logout|reset-password|update-password|verify-email|api)(?:[/?#]|$)/;

const PLACEHOLDER_ORIGIN = "http://nokturn.invalid";

/**
 * The path (with query and hash) if `value` is a same-site destination, else null. The check runs on
 * the NORMALISED result, since that is what the Location header carries: "/.//evil.example" is a
 * harmless-looking path until dot segments are removed and it becomes "//evil.example".
 */
export function safeRedirectPath(value: unknown): string | null {
  const path = sameSitePath(value);
  if (path === null || NOT_A_DESTINATION.test(path)) return null;
  return path;
}

/**
 * The normalised path if `value` is a path on this site (the auth screens included), else null.
 * For callbacks that may point at /update-password and the like; `safeRedirectPath` for logins.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const candidate = value.trim();
  if (!candidate || candidate.length > 2000) return null;
  if (!candidate.startsWith("/") || candidate.startsWith("//")) return null;
  // Browsers treat "\" like "/" ("/\evil.example" is protocol-relative to them) and drop tabs/newlines.
  if (/[\\\p{Cc}]/u.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate, PLACEHOLDER_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isPlainSitePath(path) ? path : null;
}

/**
 * A callback given to better-auth's endpoints (`callbackURL`, `redirectTo`…): a path on this site,
 * or a full URL of this site's own origin. Returns the path, else null.
 */
export function sameSiteDestination(value: unknown, siteOrigin: string): string | null {
  if (typeof value !== "string") return null;
  if (value.trim().startsWith("/")) return sameSitePath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin || /[\\\p{Cc}]/u.test(value)) return null;
  return sameSitePath(`${url.pathname}${url.search}${url.hash}`);
}

/**
 * Whether a normalised path stays on this site however a browser reads it: one leading "/", not "//"
 * or "/\" (protocol-relative), no encoded slash or backslash right after it ("/%2F" and "/%5C" become
 * "//" and "/\" once someone decodes them), no control characters or backslashes anywhere.
 */
function isPlainSitePath(path: string) {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  if (/^\/%(?:2f|5c)/i.test(path)) return false;
  if (/[\\\p{Cc}]/u.test(path)) return false;
  // The decoded path must pass the same test (a server or proxy on the way may decode it).
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.startsWith("//") || /^\/\\/.test(decoded) || /\p{Cc}/u.test(decoded)) return false;
  try {
    // "/.%2F/x" decodes to "/.//x", which normalises to "//x".
    const again = new URL(decoded.replaceAll("\\", "/"), PLACEHOLDER_ORIGIN);
    return again.origin === PLACEHOLDER_ORIGIN && !again.pathname.startsWith("//");
  } catch {
    return false;
  }
}

/** A same-site path from a full URL of this site (e.g. the Referer header), else null. */
export function sameSitePathFromUrl(value: string | null | undefined, siteOrigin: string): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(siteOrigin).origin) return null;
  return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`);
}

/** The first safe destination among the candidates, else /account. */
export function afterLoginPath(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    const path = safeRedirectPath(candidate);
    if (path) return path;
  }
  return DEFAULT_AFTER_LOGIN;
}

/** `/auth?redirect=…` for a page that needs a signed-in user, keeping where the visitor was going. */
export function loginUrlFor(pathWithSearch: string): string {
  const path = safeRedirectPath(pathWithSearch);
  return path ? `/auth?redirect=${encodeURIComponent(path)}` : "/auth";
}
