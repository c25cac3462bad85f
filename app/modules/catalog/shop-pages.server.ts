/**
 * What the shop's pages show of the catalogue, through the content cache (app/lib/content-cache.server.ts,
 * decision 036): a signed-in fan's product page or `/merch` reads it from memory until a write to the
 * catalogue, a review, a sale or its own next price or release instant makes it stale.
 */
import { cachedContent } from "~/lib/content-cache.server";
import { db } from "~/lib/db.server";
import { listProductReviews } from "~/modules/reviews/reviews.server";
import {
  getActiveProductBySlug,
  getProductNeighbours,
  listActiveProducts,
  nextPriceOrReleaseChange,
} from "./catalog.server";

/** A product page's data, or null when no active product has this slug. */
export function productPageContent(slug: string) {
  return cachedContent(`product:${slug}`, async () => {
    const executor = db();
    const product = await getActiveProductBySlug(executor, slug);
    if (!product) return { value: null };
    const [reviews, { related, bundle }] = await Promise.all([
      listProductReviews(executor, product.id),
      getProductNeighbours(executor, product),
    ]);
    const changesAt = await nextPriceOrReleaseChange(executor, [product, ...related, ...bundle]);
    return { value: { product, reviews, related, bundle, changesAt }, until: changesAt };
  });
}

/** Every active product for `/merch`, with the instant its prices or releases next change. */
export function merchPageContent() {
  return cachedContent("merch", async () => {
    const products = await listActiveProducts(db());
    const changesAt = await nextPriceOrReleaseChange(db(), products);
    return { value: { products, changesAt }, until: changesAt };
  });
}
