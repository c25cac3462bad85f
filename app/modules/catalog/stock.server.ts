/**
 * Taking and returning stock: the one place that moves `stock_quantity` for a sale. Checkout takes it
 * when a buyer starts paying (and again for a payment that arrived after its hold was released), the
 * release and the expiry sweep give it back, and the panel gives it back when an order is cancelled
 * and takes it again when a cancelled order is re-activated.
 *
 * A line sells from its variant's stock, or from the product's own when it has no variant. Stock is
 * taken by a conditional `UPDATE … SET stock = stock - n WHERE id = … AND stock >= n`, so it never
 * goes negative and is never oversold; every caller moves its lines in one fixed order of their stock
 * rows, so two transactions locking several rows at once cannot deadlock each other.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { products, productVariants } from "../../../db/schema";

/** Where a line's stock lives: its variant, else its product (neither: nothing to move). */
export type StockLine = { productId: string | null; variantId: string | null; quantity: number };

const rowKey = (line: StockLine) => line.variantId ?? line.productId ?? "";

/** The lines sorted by the stock row they move (variant id, else product id): the one lock order. */
export function inStockLockOrder<Line extends StockLine>(lines: readonly Line[]): Line[] {
  return [...lines].sort((a, b) => rowKey(a).localeCompare(rowKey(b)));
}

/** Whether the line's stock row exists (a product or variant deleted since has none). */
async function stockRowExists(tx: Executor, line: StockLine) {
  const [row] = line.variantId
    ? await tx
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(eq(productVariants.id, line.variantId))
    : await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, line.productId ?? ""));
  return Boolean(row);
}

/** Takes the line's quantity only if that much is there; false when it is not (or the row is gone). */
async function takeLine(tx: Executor, line: StockLine): Promise<boolean> {
  if (line.variantId) {
    const taken = await tx
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${line.quantity}` })
      .where(
        and(
          eq(productVariants.id, line.variantId),
          sql`${productVariants.stockQuantity} >= ${line.quantity}`,
        ),
      )
      .returning({ id: productVariants.id });
    return taken.length === 1;
  }
  if (!line.productId) return false;
  const taken = await tx
    .update(products)
    .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}` })
    .where(and(eq(products.id, line.productId), sql`${products.stockQuantity} >= ${line.quantity}`))
    .returning({ id: products.id });
  return taken.length === 1;
}

export type TakeStockOptions<Line extends StockLine> = {
  /**
   * The error for a line whose stock is short. It is thrown inside the caller's transaction, so what
   * was taken for the lines before it is rolled back with it: all lines or none.
   */
  refuse: (line: Line) => Error;
  /**
   * A line whose stock row no longer exists (its product or variant was deleted): `"refuse"` it like a
   * short one (a sale cannot sell what is gone), or `"skip"` it (an old order coming back has nothing
   * left to take there). Default: refuse.
   */
  gone?: "refuse" | "skip";
};

/**
 * Takes every line's quantity from its stock row, in the lock order, all or nothing: at the first line
 * that is short, `refuse(line)` is thrown. Call it inside a transaction.
 */
export async function takeStock<Line extends StockLine>(
  tx: Executor,
  lines: readonly Line[],
  { refuse, gone = "refuse" }: TakeStockOptions<Line>,
): Promise<void> {
  for (const line of inStockLockOrder(lines)) {
    if (!line.variantId && !line.productId && gone === "skip") continue;
    if (await takeLine(tx, line)) continue;
    if (gone === "skip" && !(await stockRowExists(tx, line))) continue;
    throw refuse(line);
  }
}

/** Gives every line's quantity back to its stock row, in the lock order (a row gone since is left). */
export async function giveStockBack(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  for (const line of inStockLockOrder(lines)) {
    if (line.variantId) {
      await tx
        .update(productVariants)
        .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${line.quantity}` })
        .where(eq(productVariants.id, line.variantId));
    } else if (line.productId) {
      await tx
        .update(products)
        .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
        .where(eq(products.id, line.productId));
    }
  }
}
