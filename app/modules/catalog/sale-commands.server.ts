/**
 * Sales in the admin panel (issue #28, decision 034), the commands: the price preview, and saving,
 * editing and ending a sale (the reads are in panel-sales.server, what a sale covers and the checks
 * of its window in sale-plan.server). Callers check the role first.
 *
 * The rules that keep the price history honest:
 * - every write of sales takes one advisory lock, so two admins saving at once cannot both pass the
 *   overlap check;
 * - a sale that has started is never rewritten: an edit ends it now and starts its successor now
 *   (`continues_sale_id`); a planned one is edited in place; an ended one is left alone;
 * - the form carries the sale's `version`: a write on a stale copy is refused (409), so of two admins
 *   editing one sale exactly one wins.
 * Every time is the server's clock (`now()` from clock.server, passed in as `at`).
 */
import { and, eq, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { type FormActionResult, intent } from "~/lib/form-action.server";
import * as s from "../../../db/schema";
import { endLabel, moment, reductionLabel, type SalePreview, saleStatus } from "./sale-labels";
import { ignoredSales, refuseOverlap, resolveSaleItems, saleWindow } from "./sale-plan.server";
import { type SaleFormValue, saleEndSchema, saleFormSchema, saleMessages } from "./sales.schema";

/** Any fixed number (the outbox and the migrations use 7_240_117/118): every sale save takes turns. */
const SALES_LOCK_ID = 7_240_119;

export type SaleActionResult = FormActionResult<{ preview: SalePreview; saleId: string }>;

async function findSale(executor: Executor, saleId: string) {
  const [sale] = await executor.select().from(s.sales).where(eq(s.sales.id, saleId));
  if (!sale) throw new DomainError(saleMessages.notFound, 404);
  return sale;
}

/** Serialises every write of sales (held to the end of the transaction). */
async function lockSales(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SALES_LOCK_ID})`);
}

/**
 * The prices the form's sale would give, computed from the current regular prices; stores nothing.
 * Refuses what saving would refuse (the target, the reduction, the window, an overlap).
 */
export async function previewSale(executor: Executor, value: SaleFormValue, at: Date): Promise<SalePreview> {
  const editing = value.id ? await findSale(executor, value.id) : null;
  if (editing && saleStatus(editing, at) === "ended") throw new DomainError(saleMessages.alreadyEnded, 409);
  const running = editing !== null && editing.startsAt < at;
  const resolved = await resolveSaleItems(executor, value);
  const window = saleWindow(value, at, running);
  await refuseOverlap(executor, resolved.productIds, window, ignoredSales(editing));
  return {
    rows: resolved.rows,
    reductionLabel: reductionLabel(value),
    startsLabel: moment(window.startsAt),
    endsLabel: endLabel(window.endsAt),
    startsNow: window.startsNow,
  };
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
    const resolved = await resolveSaleItems(tx, value);
    const window = saleWindow(value, at, false);
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
    const resolved = await resolveSaleItems(tx, value);
    const window = saleWindow(value, at, started);
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
