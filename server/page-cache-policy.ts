/**
 * Which responses the page cache may keep (server/page-cache.ts), and under which key. Only what every
 * anonymous visitor sees alike: GET requests without cookies or credentials, for the public pages listed
 * here, answered 200 without setting a cookie and without `private`/`no-store`.
 *
 * The key is the page, not the URL (issue #29): the path plus only the query parameters the page reads,
 * each as the page reads it, in a fixed order. Anything else in the query — a drop announcement's
 * `utm_*` and `fbclid`, or a stranger's `?x=1`, `?x=2`, … — gets the kept page without a render and
 * without an entry of its own, so a flood of unique URLs can neither evict real pages nor grow memory.
 */
import { parseCategory } from "../app/modules/catalog/catalog";

/** A query parameter's value as the page reads it; null when the page reads it as absent. */
type ReadParameter = (value: string) => string | null;

export type CacheablePage = {
  /** The page's path (without the `.data` of its single-fetch twin). */
  path: RegExp;
  /** Its route id in app/routes.ts: what single-fetch's `_routes` may name besides the root. */
  route: string;
  /** Whether client navigation asks for its data as `…/path.data` (not for resource routes). */
  data: boolean;
  /** The query parameters the page reads (its loader, meta or component), and how. */
  query?: Record<string, ReadParameter>;
  /**
   * Whether it shows stock (sold out, 'Ostatnie sztuki', the add-to-cart state, an Offer's availability,
   * a night's ticket tiers):
   * a stock change re-renders it within seconds instead of emptying the cache (decision 032).
   */
  stock?: boolean;
};

const SLUG = "[a-z0-9-]{1,120}";
const page = (
  path: string,
  route: string,
  query?: CacheablePage["query"],
  stock?: boolean,
): CacheablePage => ({
  path: new RegExp(`^${path}$`),
  route,
  data: true,
  query,
  stock,
});

/**
 * The public pages, what of the query each one reads, and whether it shows stock. A page that starts
 * reading a parameter, or showing stock, must say so here: otherwise every visitor gets the page as it
 * was rendered without the parameter, or with the stock it had until the TTL runs out.
 */
export const CACHEABLE_PAGES: readonly CacheablePage[] = [
  // The hero night's tickets (issue #40): a sale moves their counters like stock (migration 0016).
  page("/", "routes/home", undefined, true),
  page("/rezydenci", "routes/residents"),
  page("/ambasadorzy", "routes/ambassadors"),
  // The category picks which of the products already loaded are shown (and the title).
  page("/merch", "routes/merch", { category: (value) => parseCategory(value) }, true),
  page("/cart", "routes/cart"),
  page("/shipping", "routes/shipping"),
  page("/terms", "routes/terms"),
  page("/returns", "routes/returns"),
  page("/privacy-policy", "routes/privacy-policy"),
  page("/deklaracja-dostepnosci", "routes/accessibility-statement"),
  page("/contact", "routes/contact"),
  page(`/artist/${SLUG}`, "routes/artist"),
  page(`/archive/${SLUG}`, "routes/archive"),
  page(`/gallery/${SLUG}`, "routes/gallery"),
  // Each photo's own page, the viewer without JavaScript (decision 031).
  page(`/archive/${SLUG}/zdjecie/[1-9][0-9]{0,3}`, "routes/archive-photo"),
  page(`/gallery/${SLUG}/zdjecie/[1-9][0-9]{0,3}`, "routes/gallery-photo"),
  page(`/wydarzenia/${SLUG}/zdjecie/[1-9][0-9]{0,3}`, "routes/event-photo"),
  // The product's own stock, and its related products' and bundle's cards.
  page(`/merch/${SLUG}`, "routes/product", undefined, true),
  // The night's tickets and their Offers.
  page(`/wydarzenia/${SLUG}`, "event-page", undefined, true),
  { path: /^\/sitemap\.xml$/, route: "routes/sitemap", data: false },
  { path: /^\/robots\.txt$/, route: "routes/robots", data: false },
  { path: new RegExp(`^/events/${SLUG}\\.ics$`), route: "routes/event-calendar", data: false },
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
/**
 * The cart's cookies (decision 031: its id, the badge's count, the old local-storage mirror) change
 * only `/cart`: every other page is the same for a shopper with a cart, whose badge is drawn from the
 * readable count after hydration. So a cart never makes the shop's pages private. On https the id is
 * `__Host-nokturn_cart_id` (issue #42).
 */
const CART_COOKIES = /(?:^|;)\s*(?:__Host-)?nokturn_cart(?:_id|_count)?=[^;]*/g;

function hasCookies(cookie: string | string[] | undefined, page: CacheablePage | null) {
  let text = (Array.isArray(cookie) ? cookie.join("; ") : (cookie ?? "")).replace(NEUTRAL_COOKIE, "");
  if (page && page.route !== "routes/cart") text = text.replace(CART_COOKIES, "");
  return /[^;\s]/.test(text);
}

/** The page a path shows and whether it asks for the page's single-fetch data. */
function pageOf(path: string): { page: CacheablePage; data: boolean } | null {
  const data = path.endsWith(".data");
  const pagePath = path === "/_root.data" ? "/" : data ? path.slice(0, -".data".length) : path;
  const found = CACHEABLE_PAGES.find((candidate) => candidate.path.test(pagePath));
  if (!found || (data && !found.data)) return null;
  return { page: found, data };
}

/**
 * React Router's `_routes` as it reads it (server-runtime/single-fetch.ts): absent or empty, every
 * loader of the URL runs; otherwise only the named ones, so ids this page does not have load nothing
 * and all read alike ("-", itself no route id).
 */
function readRoutes(value: string | null, page: CacheablePage): string | null {
  if (!value) return null;
  const named = new Set(value.split(","));
  const chain = ["root", page.route].filter((id) => named.has(id));
  return chain.length > 0 ? chain.join(",") : "-";
}

export type KeyFacts = RequestFacts & {
  /** The raw query string, with or without its `?` (Express: the part of `req.originalUrl` after it). */
  search: string;
};

/**
 * The page cache's key for a request, or null when the cache neither answers nor keeps it. URLs that
 * show the same bytes share a key: see the top of this file.
 */
export function pageCacheKey({ method, path, search, headers }: KeyFacts): string | null {
  if (method !== "GET") return null;
  const found = pageOf(path);
  if (!found) return null;
  if (hasCookies(headers.cookie, found.page) || headers.authorization) return null;
  const rules = found.page.query;
  if (!rules && !found.data) return path;
  const query = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const kept: [string, string][] = [];
  if (found.data) {
    const routes = readRoutes(query.get("_routes"), found.page);
    if (routes !== null) kept.push(["_routes", routes]);
  }
  for (const [name, read] of Object.entries(rules ?? {})) {
    // URLSearchParams.get, as the page reads it: the first value.
    const raw = query.get(name);
    const value = raw === null ? null : read(raw);
    if (value !== null) kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${kept.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join("&")}`;
}

/** Whether the page at this path (or its `.data`) shows stock. */
export function showsStock(path: string): boolean {
  return pageOf(path)?.page.stock === true;
}

/** Whether the cache may answer or keep this request at all (its key aside). */
export function isCacheableRequest(facts: RequestFacts): boolean {
  return pageCacheKey({ ...facts, search: "" }) !== null;
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
