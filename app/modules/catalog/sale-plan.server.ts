/**
 * Sales in the admin panel (issue #28, decision 034), what a sale would be before anything is written:
 * what it covers and at which prices, when it runs, and whether it clashes with another sale. Read
 * only; the preview and every save go through it (sale-commands.server.ts), so a preview refuses
 * exactly what saving would.
 *
 * - What a sale covers is resolved when it is saved (a category: its active products then) and the
 *   items are stored, so the preview the admin saw is what the shop charges.
 * - One product is in one sale at a time: the windows ([start, end), no end = forever) of the other
 *   sales of the products it covers must not meet its own (a save checks under the sales' lock).
 * - The past cannot be changed: a start already passed, or any edit of a running sale, means now.
 */
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { formatPrice } from "~/lib/money";
import * as s from "../../../db/schema";
import { categoryLabels } from "./catalog";
import { endLabel, moment, type SalePreviewRow, sizeName } from "./sale-labels";
import { percentOff, reducedPrice, type SaleTerms } from "./sale-price";
import { type SaleFormValue, saleMessages } from "./sales.schema";

type CoveredProduct = {
  id: string;
  name: string;
  price: number;
  variants: { id: string; size: string; color: string | null; additionalPrice: number }[];
};

export type ResolvedSaleItems = {
  /** The sale_items to store. */
  items: { productId: string; variantId: string | null }[];
  rows: SalePreviewRow[];
  productIds: string[];
};

async function productsWithVariants(executor: Executor, ids: string[]): Promise<CoveredProduct[]> {
  if (ids.length === 0) return [];
  const products = await executor
    .select({ id: s.products.id, name: s.products.name, price: s.products.price })
    .from(s.products)
    .where(inArray(s.products.id, ids))
    .orderBy(asc(s.products.name));
  const variants = await executor
    .select()
    .from(s.productVariants)
    .where(inArray(s.productVariants.productId, ids))
    .orderBy(asc(s.productVariants.sortOrder), asc(s.productVariants.size));
  return products.map((product) => ({
    ...product,
    variants: variants.filter((variant) => variant.productId === product.id),
  }));
}

/** The sale price of one item, or the refusal naming it (a reduction that leaves nothing, or nothing off). */
function priced(terms: SaleTerms, productName: string, regular: number) {
  const price = reducedPrice(regular, terms);
  if (price !== null) return price;
  // Nothing left to pay, or (a percent of a few grosze rounding back) nothing taken off.
  const left =
    terms.reductionType === "amount"
      ? regular - terms.reduction
      : Math.round((regular * (100 - terms.reduction)) / 100);
  const message =
    left <= 0
      ? saleMessages.tooDeep(productName, formatPrice(regular))
      : saleMessages.tooShallow(productName, formatPrice(regular));
  throw new DomainError(message, 400, "reduction");
}

function row(
  product: CoveredProduct,
  variantId: string | null,
  size: string,
  regular: number,
  price: number,
  note: string | null,
): SalePreviewRow {
  return {
    productId: product.id,
    variantId,
    productName: product.name,
    size,
    regular,
    price,
    percentOff: percentOff(regular, price),
    regularLabel: formatPrice(regular),
    priceLabel: formatPrice(price),
    note,
  };
}

/** A whole product: its base price, and a note pricing each size with a surcharge. */
function wholeProductRow(product: CoveredProduct, terms: SaleTerms) {
  const price = priced(terms, product.name, product.price);
  const surcharged = product.variants
    .filter((variant) => variant.additionalPrice !== 0)
    .map((variant) => {
      const regular = product.price + variant.additionalPrice;
      return `${sizeName(variant)}: ${formatPrice(regular)} → ${formatPrice(priced(terms, product.name, regular))}`;
    });
  const note = surcharged.length ? `Rozmiary z dopłatą — ${surcharged.join("; ")}` : null;
  return row(product, null, "wszystkie", product.price, price, note);
}

/**
 * What the form's target covers now, with the prices it would have. Unknown product, a size of
 * another product, an empty category or a reduction that leaves nothing to pay: a Polish 400.
 */
export async function resolveSaleItems(executor: Executor, value: SaleFormValue): Promise<ResolvedSaleItems> {
  const terms: SaleTerms = { reductionType: value.reductionType, reduction: value.reduction };
  if (value.scope === "category" && value.category) {
    const ids = await executor
      .select({ id: s.products.id })
      .from(s.products)
      .where(and(eq(s.products.category, value.category), eq(s.products.isActive, true)));
    const products = await productsWithVariants(
      executor,
      ids.map((product) => product.id),
    );
    if (products.length === 0) {
      throw new DomainError(saleMessages.categoryEmpty(categoryLabels[value.category]), 400, "category");
    }
    return {
      items: products.map((product) => ({ productId: product.id, variantId: null })),
      rows: products.map((product) => wholeProductRow(product, terms)),
      productIds: products.map((product) => product.id),
    };
  }

  const [product] = value.productId ? await productsWithVariants(executor, [value.productId]) : [];
  if (!product) throw new DomainError(saleMessages.productUnknown, 400, "productId");
  if (value.scope === "product") {
    return {
      items: [{ productId: product.id, variantId: null }],
      rows: [wholeProductRow(product, terms)],
      productIds: [product.id],
    };
  }
  const chosen = product.variants.filter((variant) => value.variantIds.includes(variant.id));
  if (chosen.length === 0 || chosen.length !== value.variantIds.length) {
    throw new DomainError(saleMessages.variantUnknown, 400, "variantIds");
  }
  return {
    items: chosen.map((variant) => ({ productId: product.id, variantId: variant.id })),
    rows: chosen.map((variant) => {
      const regular = product.price + variant.additionalPrice;
      return row(product, variant.id, sizeName(variant), regular, priced(terms, product.name, regular), null);
    }),
    productIds: [product.id],
  };
}

export type SaleWindowPlan = { startsAt: Date; endsAt: Date | null; startsNow: boolean };

/**
 * When the sale would run. The past cannot be changed: a start already passed (or any edit of a
 * running sale) means now, so the end must lie ahead.
 */
export function saleWindow(value: SaleFormValue, at: Date, running: boolean): SaleWindowPlan {
  const startsNow = running || value.startsAt <= at;
  const startsAt = startsNow ? at : value.startsAt;
  if (value.endsAt && value.endsAt <= startsAt) {
    const message = value.endsAt <= at ? saleMessages.endsInPast : saleMessages.endsBeforeStart;
    throw new DomainError(message, 400, "endsAt");
  }
  return { startsAt, endsAt: value.endsAt, startsNow };
}

/** The first other sale that covers one of `productIds` at some moment of `window`: refused. */
export async function refuseOverlap(
  executor: Executor,
  productIds: string[],
  window: SaleWindowPlan,
  ignore: string[],
) {
  const [clash] = await executor
    .select({
      productName: s.products.name,
      saleName: s.sales.name,
      startsAt: s.sales.startsAt,
      endsAt: s.sales.endsAt,
    })
    .from(s.saleItems)
    .innerJoin(s.sales, eq(s.sales.id, s.saleItems.saleId))
    .innerJoin(s.products, eq(s.products.id, s.saleItems.productId))
    .where(
      and(
        inArray(s.saleItems.productId, productIds),
        ignore.length ? notInArray(s.sales.id, ignore) : undefined,
        window.endsAt ? lt(s.sales.startsAt, window.endsAt) : undefined,
        or(isNull(s.sales.endsAt), gt(s.sales.endsAt, window.startsAt)),
      ),
    )
    .orderBy(asc(s.sales.startsAt), asc(s.products.name))
    .limit(1);
  if (clash) {
    throw new DomainError(
      saleMessages.overlap(clash.productName, clash.saleName, moment(clash.startsAt), endLabel(clash.endsAt)),
      409,
    );
  }
}

/** The sale being edited and the one it continues do not clash with its new terms. */
export function ignoredSales(sale: { id: string; continuesSaleId: string | null } | null) {
  return sale ? [sale.id, sale.continuesSaleId].filter((id): id is string => id !== null) : [];
}
