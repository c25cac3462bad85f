/**
 * Server-side pricing of a cart: every price, stock level and discount comes from the database, never
 * from the browser. Used by /api/cart/prices (the cart page), /api/discount-codes/validate and the
 * checkout (issue 6), which must import these rather than re-implement them. The discount is checked
 * by `validateDiscountCode` of modules/discounts.
 */
import { inArray } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { formatDateTime } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import type { DeliveryMethod } from "~/modules/cart/delivery";
import { isReleased, releaseInstant, releaseMessages } from "~/modules/catalog/release";
import { type SaleBadge, saleKey, salePricesFor } from "~/modules/catalog/sale-prices.server";
import { effectiveStock } from "~/modules/catalog/stock";
import { CODE_SKIPS_SALE_LINE } from "~/modules/discounts/discount";
import { validateDiscountCode } from "~/modules/discounts/discount-codes.server";
import * as s from "../../../db/schema";
import type { CartLineInput } from "./cart.schema";
import { type CartQuote, mergeCartLines, type PricedLine, pricedSubtotal, saleFreeSubtotal } from "./pricing";
import { computeCartTotals } from "./totals";

export type { CartQuote, LineStatus, PricedLine } from "./pricing";
export { mergeCartLines, pricedSubtotal, saleFreeSubtotal } from "./pricing";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What pricing a line reads of its product: the row, its sizes, and each one's sale badge at `at`. */
export type LineCatalog = {
  product: typeof s.products.$inferSelect;
  variants: (typeof s.productVariants.$inferSelect)[];
  badges: Map<string, SaleBadge>;
};

/** Reads the catalogue of these products (ids already checked) as `priceCartLines` needs it. */
export async function readLineCatalog(
  executor: Executor,
  productIds: readonly string[],
  at: Date,
): Promise<Map<string, LineCatalog>> {
  if (productIds.length === 0) return new Map();
  const products = await executor
    .select()
    .from(s.products)
    .where(inArray(s.products.id, [...productIds]));
  const variants = await executor
    .select()
    .from(s.productVariants)
    .where(inArray(s.productVariants.productId, [...productIds]));
  // The sale price while a sale covers the item: shown, and charged, from the same answer.
  const badges = await salePricesFor(
    executor,
    products.flatMap((product) => [
      { productId: product.id, variantId: null, regular: product.price },
      ...variants
        .filter((variant) => variant.productId === product.id)
        .map((variant) => ({
          productId: product.id,
          variantId: variant.id,
          regular: product.price + variant.additionalPrice,
        })),
    ]),
    at,
  );
  return new Map(
    products.map((product) => [
      product.id,
      { product, variants: variants.filter((variant) => variant.productId === product.id), badges },
    ]),
  );
}

export type LineCatalogReader = (
  productIds: readonly string[],
  at: Date,
) => Promise<Map<string, LineCatalog>>;

/**
 * Prices cart lines from the database, with availability. Lines of the same product and variant are
 * merged first (see `mergeCartLines`). Never throws for unknown or malformed ids: such lines come back
 * `unavailable`. Pass a transaction as `executor` to read inside it (e.g. with row locks taken by the
 * caller). `catalog` replaces the reads of the products for a page that only shows the cart (the
 * content cache: decision 036); a checkout always reads them in its transaction.
 */
export async function priceCartLines(
  executor: Executor,
  lines: readonly CartLineInput[],
  catalog: LineCatalogReader = (ids, at) => readLineCatalog(executor, ids, at),
): Promise<PricedLine[]> {
  const merged = mergeCartLines(lines);
  const productIds = [...new Set(merged.map((line) => line.productId).filter((id) => UUID.test(id)))];
  const at = now();
  const entries = await catalog(productIds, at);

  return merged.map((line): PricedLine => {
    const entry = entries.get(line.productId);
    const product = entry?.product;
    const own = entry?.variants ?? [];
    const unavailable = (problem: string, known?: typeof product): PricedLine => ({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      name: known?.name ?? "Produkt",
      slug: known?.slug ?? "",
      size: null,
      color: null,
      image: known?.images[0] ?? null,
      unitPrice: known?.price ?? 0,
      lineTotal: (known?.price ?? 0) * line.quantity,
      availableStock: 0,
      status: "unavailable",
      problem,
    });
    if (!product) return unavailable("Ten produkt nie jest już dostępny w sklepie.");
    if (!product.isActive) return unavailable(`${product.name} nie jest już dostępny w sklepie.`, product);

    const variant = line.variantId ? own.find((candidate) => candidate.id === line.variantId) : undefined;
    if (own.length > 0 && !variant) {
      return unavailable(`Wybrany rozmiar produktu ${product.name} nie jest już dostępny.`, product);
    }
    if (own.length === 0 && line.variantId) {
      return unavailable(`Wybrany wariant produktu ${product.name} nie jest już dostępny.`, product);
    }
    const sale = entry?.badges.get(saleKey(product.id, variant?.id ?? null));
    const unitPrice = sale?.price ?? product.price + (variant?.additionalPrice ?? 0);
    // The line draws from its own variant only (the product's stock when it has no variants).
    const availableStock = effectiveStock(product, variant ? [variant] : []);
    const size = variant?.size ?? null;
    const color = variant?.color ?? null;

    const base = {
      productId: product.id,
      variantId: line.variantId,
      quantity: line.quantity,
      name: product.name,
      slug: product.slug,
      size,
      color,
      image: product.images[0] ?? null,
      unitPrice,
      lineTotal: unitPrice * line.quantity,
      ...(sale ? { sale } : {}),
      availableStock,
      ...(product.maxPerCustomer === null ? {} : { limitPerCustomer: product.maxPerCustomer }),
    };
    const label = size ? `${product.name} (rozmiar ${size})` : product.name;
    // A drop not yet released is not for sale, to the second (the cart refuses it too; this holds
    // for a cart filled before a release was moved later).
    const releaseAt = releaseInstant(product, variant);
    if (!isReleased(releaseAt, at)) {
      return {
        ...base,
        status: "unavailable",
        problem: releaseMessages.notYet(label, formatDateTime(releaseAt ?? at)),
        releaseAt: (releaseAt ?? at).toISOString(),
      };
    }
    if (availableStock <= 0) return { ...base, status: "unavailable", problem: `${label} jest wyprzedany.` };
    if (availableStock < line.quantity) {
      return {
        ...base,
        status: "insufficient_stock",
        problem: `${label}: w magazynie zostało tylko ${availableStock} szt.`,
      };
    }
    return { ...base, status: "ok", problem: null };
  });
}

/**
 * The whole cart as the server sees it: priced lines, the discount re-validated against the server's
 * subtotal, delivery and total. What the cart page shows is exactly what checkout will charge.
 */
export async function quoteCart(
  executor: Executor,
  input: {
    lines: readonly CartLineInput[];
    deliveryMethod: DeliveryMethod;
    discountCode?: string | null;
    userId?: string | null;
    email?: string | null;
    now?: Date;
    /** For a page that shows the cart: see `priceCartLines`. */
    catalog?: LineCatalogReader;
    /** The cart's tickets' total (issue #40), added to the total as they are. */
    tickets?: number;
  },
): Promise<CartQuote> {
  const priced = await priceCartLines(executor, input.lines, input.catalog);
  const subtotal = pricedSubtotal(priced);
  const discount = input.discountCode
    ? await validateDiscountCode(executor, {
        code: input.discountCode,
        subtotal,
        saleFreeSubtotal: saleFreeSubtotal(priced),
        userId: input.userId,
        email: input.email,
        now: input.now,
      })
    : null;
  // The cart says why the code takes nothing off a line bought at a sale price.
  const skipsSales = discount?.valid === true && !discount.combinesWithSales;
  const lines = skipsSales
    ? priced.map((line) => (line.sale ? { ...line, codeNote: CODE_SKIPS_SALE_LINE } : line))
    : priced;
  const totals = computeCartTotals({
    subtotal,
    discount: discount?.valid ? discount : null,
    deliveryMethod: input.deliveryMethod,
    tickets: input.tickets,
  });
  return {
    lines,
    discount,
    totals,
    purchasable: lines.length > 0 && lines.every((line) => line.status === "ok"),
  };
}
