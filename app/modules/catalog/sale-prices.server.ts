/**
 * Sale prices from the database (issue #28): the price history a product's edits append to, and what
 * each item costs at an instant. The shop's cards and pages, the cart's quote and the checkout all ask
 * `salePricesFor`, so what a visitor reads is what the server charges.
 */
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import * as s from "../../../db/schema";
import {
  nextSaleChange,
  type RegularPricePoint,
  type SaleBadge,
  type SaleWindow,
  saleBadge,
} from "./sale-price";

export type { SaleBadge } from "./sale-price";

/** An item to price: a product (variantId null: its base price) or one size, at its regular price now. */
export type PricedItem = { productId: string; variantId: string | null; regular: number };

export function saleKey(productId: string, variantId: string | null) {
  return `${productId}|${variantId ?? ""}`;
}

/**
 * Appends the product's and its sizes' regular prices to the history where they differ from the last
 * recorded one, from `at`. Call inside the transaction that saved the product (panel, seed).
 */
export async function recordPrices(executor: Executor, productId: string, at: Date) {
  const [product] = await executor
    .select({ price: s.products.price })
    .from(s.products)
    .where(eq(s.products.id, productId));
  if (!product) return;
  const variants = await executor
    .select({ id: s.productVariants.id, additionalPrice: s.productVariants.additionalPrice })
    .from(s.productVariants)
    .where(eq(s.productVariants.productId, productId));
  const history = await executor
    .select()
    .from(s.priceHistory)
    .where(eq(s.priceHistory.productId, productId))
    .orderBy(asc(s.priceHistory.startedAt), asc(s.priceHistory.id));
  const last = new Map<string, number>();
  for (const row of history) last.set(saleKey(productId, row.variantId), row.price);
  const current = [
    { variantId: null, price: product.price },
    ...variants.map((variant) => ({ variantId: variant.id, price: product.price + variant.additionalPrice })),
  ];
  const changed = current.filter((item) => last.get(saleKey(productId, item.variantId)) !== item.price);
  if (changed.length === 0) return;
  await executor
    .insert(s.priceHistory)
    .values(
      changed.map((item) => ({ productId, variantId: item.variantId, price: item.price, startedAt: at })),
    );
}

/**
 * The sale badge of each item at `at`, keyed by `saleKey`; items outside a sale are absent. One query
 * when nothing of these products is on sale; the history is read only for those that are.
 */
export async function salePricesFor(
  executor: Executor,
  items: readonly PricedItem[],
  at: Date,
): Promise<Map<string, SaleBadge>> {
  const badges = new Map<string, SaleBadge>();
  const productIds = [...new Set(items.map((item) => item.productId))];
  if (productIds.length === 0) return badges;
  const running = await executor
    .selectDistinct({ productId: s.saleItems.productId })
    .from(s.saleItems)
    .innerJoin(s.sales, eq(s.sales.id, s.saleItems.saleId))
    .where(
      and(
        inArray(s.saleItems.productId, productIds),
        lte(s.sales.startsAt, at),
        or(isNull(s.sales.endsAt), gt(s.sales.endsAt, at)),
      ),
    );
  if (running.length === 0) return badges;
  const onSale = running.map((row) => row.productId);
  const saleRows = await executor
    .select({
      productId: s.saleItems.productId,
      variantId: s.saleItems.variantId,
      id: s.sales.id,
      reductionType: s.sales.reductionType,
      reduction: s.sales.reduction,
      startsAt: s.sales.startsAt,
      endsAt: s.sales.endsAt,
    })
    .from(s.saleItems)
    .innerJoin(s.sales, eq(s.sales.id, s.saleItems.saleId))
    .where(and(inArray(s.saleItems.productId, onSale), lte(s.sales.startsAt, at)));
  const historyRows = await executor
    .select()
    .from(s.priceHistory)
    .where(and(inArray(s.priceHistory.productId, onSale), lte(s.priceHistory.startedAt, at)));

  for (const item of items) {
    if (!onSale.includes(item.productId)) continue;
    const sales: SaleWindow[] = saleRows.filter(
      (row) =>
        row.productId === item.productId && (row.variantId === null || row.variantId === item.variantId),
    );
    const own = historyRows.filter(
      (row) => row.productId === item.productId && row.variantId === item.variantId,
    );
    // A size without its own rows yet is priced like its product.
    const rows = own.length
      ? own
      : historyRows.filter((row) => row.productId === item.productId && row.variantId === null);
    const history: RegularPricePoint[] = rows.map((row) => ({ from: row.startedAt, price: row.price }));
    const badge = saleBadge(item.regular, history, sales, at);
    if (badge) badges.set(saleKey(item.productId, item.variantId), badge);
  }
  return badges;
}

/** The next instant any sale starts or ends after `at` (pages showing prices go stale then). */
export async function nextSaleChangeAt(executor: Executor, at: Date): Promise<Date | null> {
  const rows = await executor
    .select({ startsAt: s.sales.startsAt, endsAt: s.sales.endsAt })
    .from(s.sales)
    .where(or(gt(s.sales.startsAt, at), gt(s.sales.endsAt, at)));
  return nextSaleChange(rows, at);
}
