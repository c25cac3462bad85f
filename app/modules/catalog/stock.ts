/**
 * What a product has on sale, and the stock thresholds of SPEC §4, in one place. Taking and returning
 * stock (checkout, expiry, the panel's cancellations) is `stock.server.ts`; this file is pure, so the
 * shop's and the panel's browser code can read the thresholds too.
 *
 * The rule (ARCHITECTURE): a product with variants sells from its variants' stock, one without from its
 * own `stock_quantity` (a variant product's own number is not on sale). `effectiveStock` is the rule in
 * TypeScript, `effectiveStockSql` the same rule for queries that filter by it; stock.test.ts and the
 * catalog-stock integration test hold them to each other.
 */
import { type AnyColumn, getTableName, type SQL, sql } from "drizzle-orm";
import type { products, productVariants } from "../../../db/schema";

/** Product page: 1 to 4 units on sale show the badge 'Ostatnie sztuki' and 'Tylko N sztuk…' in red. */
export const LAST_ITEMS_BADGE_BELOW = 5;
/** Product page: under 10 units the stock indicator counts them and shows its bar; from 10, 'Dostępny'. */
export const STOCK_BAR_BELOW = 10;
/** Product page: the stock bar is full at this many units. */
export const STOCK_BAR_MAX = 50;
/**
 * Panel: 1 to 10 units (10 included, unlike the product page's 10) is 'Niski stan' and the list's
 * `low_stock` filter; above it, 'W magazynie'.
 */
export const PANEL_LOW_STOCK_AT_MOST = 10;

type Stocked = { stockQuantity: number };

/**
 * Units on sale: the sum of `variants`' stock when there are any, else the product's own. Pass all of a
 * product's variants for the product as a whole, or only the one a cart line draws from for that line.
 */
export function effectiveStock(product: Stocked, variants: readonly Stocked[]): number {
  if (variants.length === 0) return product.stockQuantity;
  return variants.reduce((sum, variant) => sum + variant.stockQuantity, 0);
}

/**
 * `effectiveStock` of each row of `product` (a query over the products table) in SQL: the sum of its
 * variants' stock, or its own when it has none (`sum` over no rows is null). The tables come in as
 * arguments so this file stays out of db/schema's runtime (the browser imports the thresholds). Every
 * column is written with its table: drizzle leaves columns unqualified in a query without joins, where
 * the subquery's `product_id = id` would compare a variant with itself.
 */
export function effectiveStockSql(product: typeof products, variants: typeof productVariants): SQL<number> {
  const column = (table: typeof products | typeof productVariants, column: AnyColumn) =>
    sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
  return sql<number>`coalesce(
    (select sum(${column(variants, variants.stockQuantity)}) from ${variants}
     where ${column(variants, variants.productId)} = ${column(product, product.id)}),
    ${column(product, product.stockQuantity)}
  )::int`;
}
