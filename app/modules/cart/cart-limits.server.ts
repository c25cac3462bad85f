/**
 * Lines put into a cart in bulk, by a takeover of the old local-storage cart or by the merge of a
 * guest cart at login (issue #42): each held to what adding allows (on sale, released, its size its
 * own, within the stock, the per-customer limit of its product, 99 a line, 50 lines), what is not
 * allowed left out rather than refused. One read of the products for all the lines, one of the
 * cart, one write: a takeover of 50 unknown ids costs three queries, not 150.
 */
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import type { Executor } from "~/lib/db.server";
import { isReleased, releaseInstant } from "~/modules/catalog/release";
import { effectiveStock } from "~/modules/catalog/stock";
import { cartLines, products, productVariants } from "../../../db/schema";
import { isUuid, linesOf, type NewLine } from "./cart-store.server";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";

type Product = typeof products.$inferSelect;
type Variant = typeof productVariants.$inferSelect;

const lineKey = (line: Pick<NewLine, "productId" | "variantId">) =>
  `${line.productId}/${line.variantId ?? ""}`;

/** The active products of `ids` with all their sizes, in one query. */
async function productsWithVariants(tx: Executor, ids: string[]) {
  const rows = await tx
    .select({ product: getTableColumns(products), variant: getTableColumns(productVariants) })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(inArray(products.id, ids));
  const found = new Map<string, { product: Product; variants: Variant[] }>();
  for (const { product, variant } of rows) {
    if (!product.isActive) continue;
    const entry = found.get(product.id) ?? { product, variants: [] };
    if (variant) entry.variants.push(variant);
    found.set(product.id, entry);
  }
  return found;
}

/**
 * What of `lines` the cart may take on top of what it holds, as adding would allow it (quantities
 * cut to the room left, lines that have none left out). Pure reads; `putLines` writes the result.
 */
export async function linesWithinLimits(
  tx: Executor,
  cartId: string,
  lines: readonly NewLine[],
): Promise<NewLine[]> {
  const wanted = lines.filter(
    (line) =>
      isUuid(line.productId) &&
      (line.variantId === null || isUuid(line.variantId)) &&
      Number.isInteger(line.quantity) &&
      line.quantity > 0,
  );
  if (wanted.length === 0) return [];
  const catalog = await productsWithVariants(tx, [...new Set(wanted.map((line) => line.productId))]);
  const held = await linesOf(tx, cartId);
  const inLine = new Map(held.map((line) => [lineKey(line), line.quantity]));
  const ofProduct = new Map<string, number>();
  for (const line of held)
    ofProduct.set(line.productId, (ofProduct.get(line.productId) ?? 0) + line.quantity);
  let lineTotal = held.length;
  const instant = now();

  const kept = new Map<string, NewLine>();
  for (const line of wanted) {
    const entry = catalog.get(line.productId);
    if (!entry) continue;
    const { product, variants } = entry;
    if (variants.length > 0 && line.variantId === null) continue;
    const variant = line.variantId
      ? variants.find((candidate) => candidate.id === line.variantId)
      : undefined;
    if (line.variantId !== null && !variant) continue;
    if (!isReleased(releaseInstant(product, variant), instant)) continue;
    const available = effectiveStock(product, variant ? [variant] : []);
    const key = lineKey(line);
    const inCart = inLine.get(key) ?? 0;
    const underLimit =
      product.maxPerCustomer === null
        ? Number.POSITIVE_INFINITY
        : product.maxPerCustomer - (ofProduct.get(product.id) ?? 0);
    const room = Math.min(Math.min(available, MAX_LINE_QUANTITY) - inCart, underLimit);
    if (room <= 0) continue;
    if (inCart === 0 && lineTotal >= MAX_CART_LINES) continue;
    const adding = Math.min(line.quantity, room);
    if (inCart === 0) lineTotal++;
    inLine.set(key, inCart + adding);
    ofProduct.set(product.id, (ofProduct.get(product.id) ?? 0) + adding);
    const previous = kept.get(key);
    kept.set(key, { ...line, quantity: (previous?.quantity ?? 0) + adding });
  }
  return [...kept.values()];
}

/** Adds lines checked by `linesWithinLimits` in one statement (the same product and size add up). */
export async function putLines(tx: Executor, cartId: string, lines: readonly NewLine[]) {
  if (lines.length === 0) return;
  await tx
    .insert(cartLines)
    .values(
      lines.map((line, index) => ({
        cartId,
        productId: line.productId,
        variantId: line.variantId,
        quantity: line.quantity,
        // One statement: the lines keep their order even within one tick of the clock.
        createdAt: sql`clock_timestamp() + ${index} * interval '1 microsecond'`,
      })),
    )
    .onConflictDoUpdate({
      target: [cartLines.cartId, cartLines.productId, cartLines.variantId],
      set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
    });
}
