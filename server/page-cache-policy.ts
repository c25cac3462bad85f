/**
 * Which responses the page cache may keep (server/page-cache.ts). Only what every anonymous visitor
 * sees alike: GET requests without cookies or credentials, for the public pages listed here, answered
 * 200 without setting a cookie and without `private`/`no-store`.
 */

/** Public pages and their client-navigation data (`.data`), nothing under /admin, /account, /api. */
const CACHEABLE_PATHS = [
  /^\/(?:_root\.data)?$/,
  /^\/(?:rezydenci|ambasadorzy|merch|cart|shipping|terms|returns|privacy-policy|deklaracja-dostepnosci|contact)(?:\.data)?$/,
  /^\/(?:artist|archive|gallery|merch)\/[a-z0-9-]{1,120}(?:\.data)?$/,
  /^\/(?:sitemap\.xml|robots\.txt)$/,
  /^\/events\/[a-z0-9-]{1,120}\.ics$/,
];

export type RequestFacts = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
};

export function isCacheableRequest({ method, path, headers }: RequestFacts): boolean {
  if (method !== "GET") return false;
  if (headers.cookie || headers.authorization) return false;
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

/** Response headers worth replaying from the cache (security headers are set afresh per request). */
export const REPLAYED_HEADERS = ["content-type", "cache-control", "link", "x-robots-tag", "content-language"];

/**
 * A cached body split around the nonce it was rendered with, so a hit can carry the nonce of its own
 * request (the CSP allows only that one) at the cost of a join.
 */
export function splitAroundNonce(body: string, nonce: string | undefined): string[] {
  return nonce ? body.split(nonce) : [body];
}

export function joinWithNonce(parts: string[], nonce: string | undefined): string {
  return parts.length === 1 || !nonce ? parts.join(nonce ?? "") : parts.join(nonce);
}
