/**
 * /sitemap.xml: each module lists its public URLs as a `SitemapSource`; the route joins them.
 * Adding a section (e.g. the shop's products) means adding one source to the route's list.
 */

export type SitemapEntry = {
  /** Site-relative path, e.g. "/rezydenci". */
  path: string;
  /** Last modification, ISO date-time or date. */
  lastModified?: string | Date;
  changeFrequency?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  /** 0.0–1.0 */
  priority?: number;
};

export type SitemapSource = () => Promise<SitemapEntry[]> | SitemapEntry[];

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** Calls every source and merges their entries, first occurrence of a path winning. */
export async function collectSitemapEntries(sources: readonly SitemapSource[]): Promise<SitemapEntry[]> {
  const lists = await Promise.all(sources.map((source) => source()));
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const entry of lists.flat()) {
    if (seen.has(entry.path)) continue;
    seen.add(entry.path);
    entries.push(entry);
  }
  return entries;
}

/** The sitemap document (sitemaps.org 0.9) with absolute URLs on `origin`. */
export function renderSitemap(entries: readonly SitemapEntry[], origin: string) {
  const urls = entries.map((entry) => {
    const lines = [`    <loc>${escapeXml(new URL(entry.path, origin).toString())}</loc>`];
    if (entry.lastModified) {
      const date = new Date(entry.lastModified);
      if (!Number.isNaN(date.getTime()))
        lines.push(`    <lastmod>${date.toISOString().slice(0, 10)}</lastmod>`);
    }
    if (entry.changeFrequency) lines.push(`    <changefreq>${entry.changeFrequency}</changefreq>`);
    if (entry.priority !== undefined) lines.push(`    <priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>\n${lines.join("\n")}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
