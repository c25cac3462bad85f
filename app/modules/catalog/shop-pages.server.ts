/**
 * What `/merch` shows of the catalogue, through the content cache (app/lib/content-cache.server.ts,
 * decision 036): a signed-in fan reads it from memory until a write to the catalogue or a sale, or its
 * own next price or release instant, makes it stale. (The product page's, which adds its reviews, is
 * beside its route: app/routes/product-content.server.ts.)
 */
import { cachedContent } from "~/lib/content-cache.server";
import { db } from "~/lib/db.server";
import { listActiveProducts, nextPriceOrReleaseChange } from "./catalog.server";

/** Every active product for `/merch`, with the instant its prices or releases next change. */
export function merchPageContent() {
  return cachedContent("merch", async () => {
    const products = await listActiveProducts(db());
    const changesAt = await nextPriceOrReleaseChange(db(), products);
    return { value: { products, changesAt }, until: changesAt };
  });
}
