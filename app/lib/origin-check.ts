/**
 * Cross-site request forgery guard for every state-changing request (decision 011). Browsers send
 * `Origin` with every POST (and `Sec-Fetch-Site` with every request), so a form or fetch from another
 * site is recognised by its origin alone: no tokens in forms, and forms keep working before hydration.
 * Clients that are no browser (the Stripe webhook, scripts, tests calling actions) send neither header
 * and pass; they cannot ride on a visitor's cookies anyway.
 */

/** The answer to a refused request (plain text; the same words the sign-in forms use). */
export const CROSS_ORIGIN_MESSAGE = "Formularz wysłano z innej strony. Odśwież stronę i spróbuj ponownie.";

/** Paths that take POSTs from other parties by design; each authenticates requests itself. */
export const ORIGIN_CHECK_EXEMPT_PATHS: readonly string[] = ["/api/webhooks/stripe"];

/**
 * Path patterns exempt for the same reason. A stock notice's unsubscribe link takes the one-click POST
 * of RFC 8058 (`List-Unsubscribe=One-Click`), which a mail provider sends from its own servers or the
 * reader's mail page, never with our Origin. The link's token (an HMAC of the alert) is what authorises
 * it, and all it can do is stop that one alert. Only the document path: its `.data` twin, which only
 * our own pages fetch, stays checked.
 */
export const ORIGIN_CHECK_EXEMPT_PATTERNS: readonly RegExp[] = [
  // `<alert id>.<HMAC in base64url>` (modules/stock-alerts/stock-alert-tokens.server.ts)
  /^\/powiadom-mnie\/wypisz\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/,
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type OriginCheckRequest = {
  method: string;
  /** The URL path, without the query string. */
  path: string;
  origin?: string | null;
  secFetchSite?: string | null;
  /** Origins that count as this site: SITE_URL's and the one the request was addressed to. */
  allowedOrigins: readonly string[];
};

/** `scheme://host[:port]` of a URL, or null when it is none (e.g. the opaque origin "null"). */
export function normalizeOrigin(value: string): string | null {
  try {
    const { origin } = new URL(value);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/** Whether a path takes POSTs from other parties (and authenticates them itself). */
export function isOriginCheckExempt(requestPath: string): boolean {
  const path = requestPath.replace(/\/+$/, "") || "/";
  return (
    ORIGIN_CHECK_EXEMPT_PATHS.includes(path) ||
    ORIGIN_CHECK_EXEMPT_PATTERNS.some((pattern) => pattern.test(path))
  );
}

/** Whether the request must be refused as coming from another site. */
export function isCrossSiteRequest(request: OriginCheckRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (isOriginCheckExempt(request.path)) return false;

  const origin = request.origin?.trim();
  if (origin) {
    const normalized = normalizeOrigin(origin);
    if (!normalized) return true;
    const allowed = new Set(
      request.allowedOrigins.map(normalizeOrigin).filter((value): value is string => value !== null),
    );
    return !allowed.has(normalized);
  }
  // No Origin: only a browser telling us the request comes from elsewhere is refused.
  const site = request.secFetchSite?.trim().toLowerCase();
  return site === "cross-site" || site === "same-site";
}
