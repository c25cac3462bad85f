/** The shop's public URLs for /sitemap.xml: the catalogue and every active product. */
import { db, type Executor } from "~/lib/db.server";
import type { SitemapEntry } from "~/lib/sitemap";
import { listActiveProducts } from "./catalog.server";

export async function catalogSitemapEntries(executor: Executor = db()): Promise<SitemapEntry[]> {
  const products = await listActiveProducts(executor);
  return [
    { path: "/merch", changeFrequency: "daily", priority: 0.8 },
    ...products.map((product) => ({
      path: `/merch/${product.slug}`,
      changeFrequency: "weekly" as const,
      priority: 0.6,
    })),
  ];
}
