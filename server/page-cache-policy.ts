/**
 * Which responses the page cache may keep (server/page-cache.ts). Only what every anonymous visitor
 * sees alike: GET requests without cookies or credentials, for the public pages listed here, answered
 * 200 without setting a cookie and without `private`/`no-store`.
 */

/** Public pages and their client-navigation data (`.data`), nothing under /admin, /account, /api. */
const CACHEABLE_PATHS = [
  /^\/(?:_root\.data)?$/,
  /^\/(?:rezydenci|ambasadorzy|merch|cart|shipping|terms|returns|privacy-policy|deklaracja-dostepnosci|contact)(?:\.data)?$/,
  /^\/(?:artist|archive|gallery|merch|wydarzenia)\/[a-z0-9-]{1,120}(?:\.data)?$/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  /^\/events\/[a-z0-9-]{1,120}\.ics$/,
];

export type RequestFacts = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * Cookies that change nothing a page shows: the known-device mark (decision 018) is read only by the
 * login, and a visitor who once logged in keeps it for a year.
 */
const NEUTRAL_COOKIE = /(?:^|;)\s*nokturn_device=[^;]*/g;

function hasCookies(cookie: string | string[] | undefined) {
  const text = Array.isArray(cookie) ? cookie.join("; ") : (cookie ?? "");
  return /[^;\s]/.test(text.replace(NEUTRAL_COOKIE, ""));
}

export function isCacheableRequest({ method, path, headers }: RequestFacts): boolean {
  if (method !== "GET") return false;
  if (hasCookies(headers.cookie) || headers.authorization) return false;
  return CACHEABLE_PATHS.some((pattern) => pattern.test(path));
}

export type ResponseFacts = {
  status: number;
  headers: Record<string, number | string | string[] | undefined>;
};

export function isCacheableResponse({ status, headers }: ResponseFacts): boolean {
  if (status !== 200) return false;
  if (headers["set-cookie"] !== undefined) return false;
  const cacheControl = String(headers["cache-control"] ?? "");
  return !/\b(?:private|no-store)\b/i.test(cacheControl);
}

/** The page's own response headers a kept page is replayed with (besides its CSP and the security headers). */
export const REPLAYED_HEADERS = ["content-type", "cache-control", "link", "x-robots-tag", "content-language"];
