/**
 * Sales in the admin panel (issue #28, decision 034), the commands: the price preview, and saving,
 * editing and ending a sale (the reads are in panel-sales.server). Callers check the role first.
 *
 * The rules that keep the price history honest:
 * - what a sale covers is resolved and fixed when it is saved (a category: its active products then);
 * - one product is in one sale at a time: every save checks the windows ([start, end), no end =
 *   forever) of the other sales of the products it covers, under one advisory lock, so two admins
 *   saving at once cannot both pass the check;
 * - a sale that has started is never rewritten: an edit ends it now and starts its successor now
 *   (`continues_sale_id`); a planned one is edited in place; an ended one is left alone;
 * - the form carries the sale's `version`: a write on a stale copy is refused (409), so of two admins
 *   editing one sale exactly one wins.
 * Every time is the server's clock (`now()` from clock.server, passed in as `at`).
 */
import { and, asc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { type FormActionResult, intent } from "~/lib/form-action.server";
import { formatPrice } from "~/lib/money";
import * as s from "../../../db/schema";
import { categoryLabels } from "./catalog";
import {
  endLabel,
  moment,
  reductionLabel,
  type SalePreview,
  type SalePreviewRow,
  saleStatus,
  sizeName,
} from "./sale-labels";
import { percentOff, reducedPrice, type SaleTerms } from "./sale-price";
import { type SaleFormValue, saleEndSchema, saleFormSchema, saleMessages } from "./sales.schema";

/** Any fixed number (the outbox and the migrations use 7_240_117/118): every sale save takes turns. */
const SALES_LOCK_ID = 7_240_119;

export type SaleActionResult = FormActionResult<{ preview: SalePreview; saleId: string }>;

// ---------------------------------------------------------------------------------------------
// What a sale covers, its prices and its window
// ---------------------------------------------------------------------------------------------

type CoveredProduct = {
  id: string;
  name: string;
  price: number;
  variants: { id: string; size: string; color: string | null; additionalPrice: number }[];
};

type Resolved = {
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
async function resolveItems(executor: Executor, value: SaleFormValue): Promise<Resolved> {
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

type Window = { startsAt: Date; endsAt: Date | null; startsNow: boolean };

/**
 * When the sale would run. The past cannot be changed: a start already passed (or any edit of a
 * running sale) means now, so the end must lie ahead.
 */
function windowOf(value: SaleFormValue, at: Date, running: boolean): Window {
  const startsNow = running || value.startsAt <= at;
  const startsAt = startsNow ? at : value.startsAt;
  if (value.endsAt && value.endsAt <= startsAt) {
    const message = value.endsAt <= at ? saleMessages.endsInPast : saleMessages.endsBeforeStart;
    throw new DomainError(message, 400, "endsAt");
  }
  return { startsAt, endsAt: value.endsAt, startsNow };
}

/** The first other sale that covers one of `productIds` at some moment of `window`: refused. */
async function refuseOverlap(executor: Executor, productIds: string[], window: Window, ignore: string[]) {
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

async function findSale(executor: Executor, saleId: string) {
  const [sale] = await executor.select().from(s.sales).where(eq(s.sales.id, saleId));
  if (!sale) throw new DomainError(saleMessages.notFound, 404);
  return sale;
}

/** Serialises every write of sales (held to the end of the transaction). */
async function lockSales(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SALES_LOCK_ID})`);
}

// ---------------------------------------------------------------------------------------------
// Preview, create, update, end
// ---------------------------------------------------------------------------------------------

/**
 * The prices the form's sale would give, computed from the current regular prices; stores nothing.
 * Refuses what saving would refuse (the target, the reduction, the window, an overlap).
 */
export async function previewSale(executor: Executor, value: SaleFormValue, at: Date): Promise<SalePreview> {
  const editing = value.id ? await findSale(executor, value.id) : null;
  if (editing && saleStatus(editing, at) === "ended") throw new DomainError(saleMessages.alreadyEnded, 409);
  const running = editing !== null && editing.startsAt < at;
  const resolved = await resolveItems(executor, value);
  const window = windowOf(value, at, running);
  await refuseOverlap(executor, resolved.productIds, window, ignoredSales(editing));
  return {
    rows: resolved.rows,
    reductionLabel: reductionLabel(value),
    startsLabel: moment(window.startsAt),
    endsLabel: endLabel(window.endsAt),
    startsNow: window.startsNow,
  };
}

/** The sale being edited and the one it continues do not clash with its new terms. */
function ignoredSales(sale: { id: string; continuesSaleId: string | null } | null) {
  return sale ? [sale.id, sale.continuesSaleId].filter((id): id is string => id !== null) : [];
}

function saleFields(value: SaleFormValue) {
  return {
    name: value.name,
    scope: value.scope,
    category: value.scope === "category" ? value.category : null,
    reductionType: value.reductionType,
    reduction: value.reduction,
  };
}

/** A new sale with its items fixed now. */
export async function createSale(
  executor: Executor,
  value: SaleFormValue,
  { at, userId }: { at: Date; userId: string | null },
): Promise<{ id: string }> {
  return executor.transaction(async (tx) => {
    await lockSales(tx);
    const resolved = await resolveItems(tx, value);
    const window = windowOf(value, at, false);
    await refuseOverlap(tx, resolved.productIds, window, []);
    const [sale] = await tx
      .insert(s.sales)
      .values({
        ...saleFields(value),
        startsAt: window.startsAt,
        endsAt: window.endsAt,
        createdBy: userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: s.sales.id });
    await tx.insert(s.saleItems).values(resolved.items.map((item) => ({ ...item, saleId: sale.id })));
    return { id: sale.id };
  });
}

/**
 * Saves an edit made on version `value.version` of sale `saleId`. A planned sale is updated in place
 * (its items replaced); a running one ends now and its successor, starting now with the new terms,
 * continues it (the typed start is ignored). Answers the id of the sale that now holds the terms.
 */
export async function updateSale(
  executor: Executor,
  saleId: string,
  value: SaleFormValue,
  { at, userId }: { at: Date; userId: string | null },
): Promise<{ id: string; continued: boolean }> {
  return executor.transaction(async (tx) => {
    await lockSales(tx);
    const sale = await findSale(tx, saleId);
    if (sale.version !== value.version) throw new DomainError(saleMessages.stale, 409);
    if (saleStatus(sale, at) === "ended") throw new DomainError(saleMessages.alreadyEnded, 409);
    // Started before this instant: prices were charged under it, so its row stays as it was.
    const started = sale.startsAt < at;
    const resolved = await resolveItems(tx, value);
    const window = windowOf(value, at, started);
    await refuseOverlap(tx, resolved.productIds, window, ignoredSales(sale));

    const changes = started
      ? { endsAt: at, version: sale.version + 1, updatedAt: at }
      : {
          ...saleFields(value),
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          version: sale.version + 1,
          updatedAt: at,
        };
    const [updated] = await tx
      .update(s.sales)
      .set(changes)
      .where(and(eq(s.sales.id, sale.id), eq(s.sales.version, sale.version)))
      .returning({ id: s.sales.id });
    if (!updated) throw new DomainError(saleMessages.stale, 409);

    if (!started) {
      await tx.delete(s.saleItems).where(eq(s.saleItems.saleId, sale.id));
      await tx.insert(s.saleItems).values(resolved.items.map((item) => ({ ...item, saleId: sale.id })));
      return { id: sale.id, continued: false };
    }
    const [successor] = await tx
      .insert(s.sales)
      .values({
        ...saleFields(value),
        startsAt: at,
        endsAt: window.endsAt,
        continuesSaleId: sale.id,
        createdBy: userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: s.sales.id });
    await tx.insert(s.saleItems).values(resolved.items.map((item) => ({ ...item, saleId: successor.id })));
    return { id: successor.id, continued: true };
  });
}

/**
 * "Zakończ teraz": a running sale ends at `at`. A planned one never ran, so nothing of the price
 * history needs it: it is deleted ("odwołana"). An ended one is refused.
 */
export async function endSaleEarly(
  executor: Executor,
  saleId: string,
  version: number,
  at: Date,
): Promise<{ cancelled: boolean }> {
  return executor.transaction(async (tx) => {
    await lockSales(tx);
    const sale = await findSale(tx, saleId);
    if (sale.version !== version) throw new DomainError(saleMessages.stale, 409);
    if (saleStatus(sale, at) === "ended") throw new DomainError(saleMessages.alreadyEnded, 409);
    const current = and(eq(s.sales.id, sale.id), eq(s.sales.version, version));
    // A sale starting at this very instant has charged nothing yet either (and could not end at its start).
    if (sale.startsAt >= at) {
      const [deleted] = await tx.delete(s.sales).where(current).returning({ id: s.sales.id });
      if (!deleted) throw new DomainError(saleMessages.stale, 409);
      return { cancelled: true };
    }
    const [ended] = await tx
      .update(s.sales)
      .set({ endsAt: at, version: version + 1, updatedAt: at })
      .where(current)
      .returning({ id: s.sales.id });
    if (!ended) throw new DomainError(saleMessages.stale, 409);
    return { cancelled: false };
  });
}

// ---------------------------------------------------------------------------------------------
// The tab's action
// ---------------------------------------------------------------------------------------------

/** The Promocje tab's intents; `userId` is the signed-in admin (recorded as the sale's author). */
export function saleIntents(userId: string) {
  return {
    preview: intent({
      schema: saleFormSchema,
      failure: saleMessages.previewFailed,
      run: async (value) => ({
        message: saleMessages.previewed,
        preview: await previewSale(db(), value, now()),
        // The form stays as typed, with the table below it.
        resetForm: false,
      }),
    }),
    save: intent({
      schema: saleFormSchema,
      failure: saleMessages.saveFailed,
      run: async (value) => {
        const options = { at: now(), userId };
        const saved = value.id
          ? await updateSale(db(), value.id, value, options)
          : await createSale(db(), value, options);
        return { message: saleMessages.saved, saleId: saved.id };
      },
    }),
    end: intent({
      schema: saleEndSchema,
      failure: saleMessages.endFailed,
      run: async ({ saleId, version }) => {
        const { cancelled } = await endSaleEarly(db(), saleId, version, now());
        return { message: cancelled ? saleMessages.cancelled : saleMessages.ended, saleId };
      },
    }),
  };
}
