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

/** The path (with query and hash) if `value` is a same-site destination, else null. */
export function safeRedirectPath(value: unknown): string | null {
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
  if (NOT_A_DESTINATION.test(path)) return null;
  return path;
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
