/**
 * The `meta` and `headers` of a page that is one visitor's own (their account, a link from their
 * mailbox): never indexed, never kept by a shared cache.
 */
import { data } from "react-router";
import { siteFromMatches } from "./seo";

/** The page's title (with the brand of the settings, from the root loader) and `noindex, nofollow`. */
export function privatePageMeta(title: string) {
  return ({ matches }: { matches: Parameters<typeof siteFromMatches>[0] }) => [
    { title: `${title} | ${siteFromMatches(matches).name}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}

/**
 * A page opened from a link that carries a token: the token never reaches another site as a Referer.
 * `same-origin`, not `no-referrer`: with that, Chromium posts the page's own plain form with
 * `Origin: null`, which the cross-site check refuses (a form without scripts would never work).
 */
export function tokenPageHeaders() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };
}

/**
 * The answers of a page reached by a token link from an e-mail ("Powiadom mnie", the waiting list):
 * the token in the URL is never cached, indexed or sent on as a Referer.
 */
export const TOKEN_LINK_HEADERS = {
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

/** A token link's route for an address it does not serve: 404, never cached or indexed. */
export function tokenLinkNotFound(): never {
  throw data(null, { status: 404, headers: TOKEN_LINK_HEADERS });
}

/**
 * The `headers` of a route serving both a token link's page and a form's action: never kept by a
 * cache; the link pages' own headers (TOKEN_LINK_HEADERS) pass on, and the rate limit's Retry-After.
 * Not `no-referrer` on the form's own page: Chromium then sends `Origin: null` with its POST, which the
 * cross-site check refuses.
 */
export function tokenLinkRouteHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of ["Referrer-Policy", "X-Robots-Tag", "Retry-After"]) {
    const value = actionHeaders.get(name) ?? loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
