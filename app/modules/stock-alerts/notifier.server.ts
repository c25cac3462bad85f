/**
 * The notices of "Powiadom mnie": each confirmed alert gets exactly one e-mail once its product (or
 * size) can be bought — at its release, or when the panel puts a sold-out size back in stock. Every
 * instance runs it on a short interval; a round claims a batch of due alerts with
 * `FOR UPDATE SKIP LOCKED` and, in the same transaction, marks them notified and queues their notices
 * in the outbox. So two instances never take the same alert, and an alert is marked exactly when its
 * notice exists. The outbox then sends them within SMTP_MAX_PER_MINUTE.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { now as clockNow } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { resolveAuthSecret } from "~/lib/secret.server";
import { effectiveStockSql } from "~/modules/catalog/stock";
import { kickOutbox } from "~/modules/mail/outbox.server";
import { products, productVariants, stockAlerts } from "../../../db/schema";
import { queueNotice } from "./stock-alert-mail.server";
import { sizeLabel } from "./stock-alerts";

// The alert's size joined under another name: effectiveStockSql's subquery reads `product_variants`
// as the table itself. `sizes` are all of the product's, for the product's own alerts.
const variant = alias(productVariants, "alert_variant");
const sizes = alias(productVariants, "sizes");

export const NOTIFIER_DEFAULTS = {
  /** Alerts claimed (and notices queued) per transaction. */
  batchSize: 25,
  /** How often each instance looks for alerts that became due (a release passing, a restock). */
  intervalMs: 5_000,
};

/**
 * Whether the alert is due at `now`: the product (or size) is active and released, and either the alert
 * was left before that release, or there is stock — for a size its own, for the product a unit on sale
 * (its effective stock, catalog/stock.ts, of which, when it has sizes, a released size has some).
 */
function onSaleSql(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  // An alias in raw SQL renders as its name only: the table is written out.
  const fromSizes = sql`from ${productVariants} as ${sql.identifier("sizes")}`;
  const hasSizes = sql`exists (select 1 ${fromSizes} where ${sizes.productId} = ${products.id})`;
  const sizeOnSale = sql`exists (select 1 ${fromSizes} where ${sizes.productId} = ${products.id}
    and ${sizes.stockQuantity} > 0 and (${sizes.releaseAt} is null or ${sizes.releaseAt} <= ${at}))`;
  // The release the alert waits for: the product's, or for a size the later of the product's and its own.
  const release = sql`case when ${stockAlerts.variantId} is null then ${products.releaseAt}
    else greatest(${products.releaseAt}, ${variant.releaseAt}) end`;
  return and(
    eq(products.isActive, true),
    or(isNull(products.releaseAt), lte(products.releaseAt, now)),
    sql`(${release} is null or ${release} <= ${at})`,
    // Whoever subscribed before the release is told at the release, even if the drop sold out before
    // this round came (issue #27: each confirmed subscriber gets one e-mail at release); an alert for a
    // sold-out product waits for stock.
    sql`((${release} is not null and ${stockAlerts.consentedAt} < ${release}) or case when ${stockAlerts.variantId} is null
      then ${effectiveStockSql(products, productVariants)} > 0 and (not ${hasSizes} or ${sizeOnSale})
      else ${variant.stockQuantity} > 0
    end)`,
  );
}

export type NotifierOptions = {
  batchSize?: number;
  now?: Date;
  database?: Executor;
};

/** One round: notifies up to a batch of due alerts; returns how many. */
export async function notifyDueAlerts({
  batchSize = NOTIFIER_DEFAULTS.batchSize,
  now = clockNow(),
  database = db(),
}: NotifierOptions = {}): Promise<number> {
  const notified = await database.transaction(async (tx) => {
    const due = await tx
      .select({
        id: stockAlerts.id,
        email: stockAlerts.email,
        productName: products.name,
        productSlug: products.slug,
        size: variant.size,
        color: variant.color,
      })
      .from(stockAlerts)
      .innerJoin(products, eq(products.id, stockAlerts.productId))
      .leftJoin(variant, eq(variant.id, stockAlerts.variantId))
      .where(
        and(
          isNotNull(stockAlerts.confirmedAt),
          isNull(stockAlerts.unsubscribedAt),
          isNull(stockAlerts.notifiedAt),
          onSaleSql(now),
        ),
      )
      .orderBy(asc(stockAlerts.confirmedAt), asc(stockAlerts.id))
      .limit(batchSize)
      .for("update", { of: stockAlerts, skipLocked: true });
    if (due.length === 0) return 0;
    const secret = resolveAuthSecret();
    for (const alert of due) {
      await queueNotice(
        tx,
        {
          id: alert.id,
          email: alert.email,
          productName: alert.productName,
          productSlug: alert.productSlug,
          sizeLabel: alert.size === null ? null : sizeLabel({ size: alert.size, color: alert.color }),
        },
        secret,
        now,
      );
    }
    await tx
      .update(stockAlerts)
      .set({ notifiedAt: now, updatedAt: sql`now()` })
      .where(
        inArray(
          stockAlerts.id,
          due.map((alert) => alert.id),
        ),
      );
    return due.length;
  });
  if (notified > 0) {
    logger.info({ notified }, "stock notices queued");
    kickOutbox();
  }
  return notified;
}

// ---------------------------------------------------------------------------------------------
// The background loop, as the outbox worker's: an unref'd interval, one round at a time per
// process, rounds back to back while they come back full. State on globalThis (development reloads).
// ---------------------------------------------------------------------------------------------

type NotifierState = {
  timer: ReturnType<typeof setInterval>;
  running: Promise<void> | null;
  stopping: boolean;
  batchSize: number;
};

const holder = globalThis as typeof globalThis & { __nokturnStockNotifier?: NotifierState };

function runRounds(state: NotifierState) {
  if (state.stopping || state.running) return;
  state.running = (async () => {
    try {
      while (!state.stopping && (await notifyDueAlerts({ batchSize: state.batchSize })) >= state.batchSize) {}
    } catch (error) {
      logger.error({ err: error }, "stock notifier round failed");
    } finally {
      state.running = null;
    }
  })();
}

/** Starts looking for due alerts in the background (idempotent). */
export function startStockAlertNotifier({
  intervalMs = NOTIFIER_DEFAULTS.intervalMs,
  batchSize = NOTIFIER_DEFAULTS.batchSize,
}: {
  intervalMs?: number;
  batchSize?: number;
} = {}) {
  if (holder.__nokturnStockNotifier) return;
  const state: NotifierState = {
    timer: setInterval(() => runRounds(state), intervalMs),
    running: null,
    stopping: false,
    batchSize,
  };
  state.timer.unref();
  holder.__nokturnStockNotifier = state;
}

/** Stops the loop and waits for a round in progress (its transaction) to finish. */
export async function stopStockAlertNotifier() {
  const state = holder.__nokturnStockNotifier;
  if (!state) return;
  state.stopping = true;
  clearInterval(state.timer);
  await state.running;
  holder.__nokturnStockNotifier = undefined;
}
