/**
 * Products in the admin panel, read: the filtered list and one product for its edit form. The list's
 * quick actions are `product-commands.server.ts`; saving the form, `product-save.server.ts`. Callers
 * check the admin role first.
 *
 * Stock rules (ARCHITECTURE): a product with variants sells from its variants' stock, so the list shows
 * their sum (`effectiveStockSql`, stock.ts) and edits it inline only where the stock is the product's own.
 */
import { and, asc, desc, eq, gt, ilike, lte, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import type { ImageRef } from "~/lib/images";
import * as s from "../../../db/schema";
import type { ProductFilters } from "./product-filters";
import { effectiveStockSql, PANEL_LOW_STOCK_AT_MOST } from "./stock";

export type AdminProductRow = {
  id: string;
  slug: string;
  name: string;
  category: s.Category;
  price: number;
  isActive: boolean;
  featured: boolean;
  image: ImageRef | null;
  /** Units on sale: the variants' sum for variant products, the product's own otherwise. */
  stock: number;
  variantCount: number;
};

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function variantCounts(executor: Executor) {
  return executor
    .select({ productId: s.productVariants.productId, count: sql<number>`count(*)::int`.as("count") })
    .from(s.productVariants)
    .groupBy(s.productVariants.productId)
    .as("variant_counts");
}

/** Every product matching the filters, newest first (SPEC §7: all products, newest first). */
export async function listAdminProducts(
  filters: ProductFilters,
  executor: Executor = db(),
): Promise<AdminProductRow[]> {
  const counts = variantCounts(executor);
  const stock = effectiveStockSql(s.products, s.productVariants);
  const conditions = [
    filters.q ? ilike(s.products.name, likePattern(filters.q)) : undefined,
    filters.category ? eq(s.products.category, filters.category) : undefined,
    filters.status ? eq(s.products.isActive, filters.status === "active") : undefined,
    filters.stock === "sold_out" ? lte(stock, 0) : undefined,
    filters.stock === "low_stock" ? and(gt(stock, 0), lte(stock, PANEL_LOW_STOCK_AT_MOST)) : undefined,
    filters.stock === "in_stock" ? gt(stock, PANEL_LOW_STOCK_AT_MOST) : undefined,
  ].filter(Boolean);
  const rows = await executor
    .select({
      id: s.products.id,
      slug: s.products.slug,
      name: s.products.name,
      category: s.products.category,
      price: s.products.price,
      isActive: s.products.isActive,
      featured: s.products.featured,
      image: sql<ImageRef | null>`${s.products.images}->0`,
      stock,
      variantCount: sql<number>`coalesce(${counts.count}, 0)::int`,
    })
    .from(s.products)
    .leftJoin(counts, eq(counts.productId, s.products.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(s.products.createdAt), asc(s.products.name));
  return rows;
}

export type AdminProductDetail = typeof s.products.$inferSelect & {
  variants: (typeof s.productVariants.$inferSelect)[];
};

/** One product with its variants (in display order) for the edit form, or null. */
export async function getAdminProduct(
  productId: string,
  executor: Executor = db(),
): Promise<AdminProductDetail | null> {
  const [product] = await executor.select().from(s.products).where(eq(s.products.id, productId));
  if (!product) return null;
  const variants = await executor
    .select()
    .from(s.productVariants)
    .where(eq(s.productVariants.productId, productId))
    .orderBy(asc(s.productVariants.sortOrder), asc(s.productVariants.size));
  return { ...product, variants };
}
