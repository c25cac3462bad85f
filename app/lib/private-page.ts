/**
 * The `meta` and `headers` of a page that is one visitor's own (their account, a link from their
 * mailbox): never indexed, never kept by a shared cache.
 */
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
