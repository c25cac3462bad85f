import { siteFromMatches } from "~/lib/seo";

type Matches = Parameters<typeof siteFromMatches>[0];

/**
 * A panel page's tags: its title in the panel's form with the brand of the settings (the root loader's
 * `site`), and no indexing (used by every panel route's meta).
 */
export function panelMeta(matches: Matches, title: string | null | undefined, fallback = "") {
  const page = title || fallback;
  const brand = siteFromMatches(matches).name;
  return [
    { title: page ? `${page} | Panel admina | ${brand}` : `Panel admina | ${brand}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}
