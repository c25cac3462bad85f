/**
 * The `meta` and `headers` of a page that is one visitor's own (their account, a link from their
 * mailbox): never indexed, never kept by a shared cache.
 */

/** The page's title (with the brand) and `noindex, nofollow`. */
export function privatePageMeta(title: string) {
  return () => [{ title: `${title} | NOKTURN` }, { name: "robots", content: "noindex, nofollow" }];
}

export function privatePageHeaders() {
  return { "Cache-Control": "private, no-store" };
}

/** A page opened from a link that carries a token: the token stays out of the Referer of links it leads to. */
export function tokenPageHeaders() {
  return { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
}
