import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { collectSitemapEntries, renderSitemap, type SitemapSource } from "~/lib/sitemap";
import { catalogSitemapEntries } from "~/modules/catalog/sitemap.server";
import { contentSitemapEntries } from "~/modules/content/sitemap.server";

/** Information pages (fixed URLs). */
const infoPages: SitemapSource = () =>
  ["/contact", "/shipping", "/returns", "/terms", "/privacy-policy", "/deklaracja-dostepnosci"].map(
    (path) => ({
      path,
      changeFrequency: "yearly",
      priority: 0.3,
    }),
  );

/** Every public URL comes from one of these sources. */
const sources = (site: ReturnType<typeof env>["site"]): SitemapSource[] => [
  () => contentSitemapEntries(site),
  () => catalogSitemapEntries(),
  infoPages,
];

export async function loader() {
  const { site } = env();
  try {
    const entries = await collectSitemapEntries(sources(site));
    return new Response(renderSitemap(entries, site.url), {
      headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  } catch (error) {
    logger.error({ err: error }, "sitemap failed");
    return new Response("Sitemap chwilowo niedostępna", { status: 503, headers: { "Retry-After": "60" } });
  }
}
