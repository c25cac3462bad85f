/**
 * A product page's data through the content cache (decision 036): the product, its reviews, its
 * neighbours and the next instant its prices or releases change, read from memory by a signed-in fan
 * until a write to the catalogue, a review or a sale makes it stale. Beside its route because it joins
 * two domains (reviews depend on the catalogue, not the other way round).
 */
import { cachedContent } from "~/lib/content-cache.server";
import { db } from "~/lib/db.server";
import {
  getActiveProductBySlug,
  getProductNeighbours,
  nextPriceOrReleaseChange,
} from "~/modules/catalog/catalog.server";
import { listProductReviews } from "~/modules/reviews/reviews.server";

/** The page's data, or null when no active product has this slug. */
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
