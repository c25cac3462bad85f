/**
 * Releasing checkouts: an unpaid checkout gives back what it holds (its stock reservations through
 * catalog, its discount use through discounts, the buyer's first-order claim) and closes — when the
 * buyer cancels, the payment session cannot be opened, the buyer starts again, or the payment window
 * passes. The sweep finds the expired ones, asking the provider first (a paid one is fulfilled instead),
 * and runs every minute in the background with the abandoned-cart sweep.
 */
import { and, eq, lt } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { sweepAbandonedCarts } from "~/modules/cart/cart-store.server";
import { type PaymentProvider, paymentProvider } from "~/modules/payments/payment-provider.server";
import { checkouts } from "../../../db/schema";
import { releaseHolds } from "./checkout-holds.server";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { sweepOffers } from "./offer-settlement.server";

/** Extra time before the sweep releases an expired checkout, for late webhooks. */
export const SWEEP_GRACE_MINUTES = 5;

/**
 * Gives back what an unpaid checkout holds (stock, the discount use) and closes it.
 * Idempotent: only an open checkout is released, under a row lock.
 */
export async function releaseCheckout(
  checkoutId: string,
  status: "expired" | "cancelled" | "failed",
  database: Database = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    if (checkout?.status !== "open" || checkout.paidAt) return false;
    await releaseHolds(tx, checkout);
    await tx
      .update(checkouts)
      .set({ status, discountUseHeld: false, updatedAt: new Date() })
      .where(eq(checkouts.id, checkoutId));
    return true;
  });
}

/** Releases checkouts whose payment window has passed (asking the provider first: a paid one is fulfilled). */
export async function sweepExpiredCheckouts(
  options: { provider?: PaymentProvider; database?: Database; now?: Date } = {},
): Promise<{ released: number; fulfilled: number }> {
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();
  const cutoff = new Date((options.now ?? new Date()).getTime() - SWEEP_GRACE_MINUTES * 60_000);
  const stale = await database
    .select({ id: checkouts.id, sessionId: checkouts.providerSessionId })
    .from(checkouts)
    .where(and(eq(checkouts.status, "open"), lt(checkouts.expiresAt, cutoff)))
    .limit(100);
  let released = 0;
  let fulfilled = 0;
  for (const checkout of stale) {
    try {
      const session = checkout.sessionId ? await provider.retrieveSession(checkout.sessionId) : null;
      if (session?.status === "paid") {
        await fulfilCheckout(checkout.id, session, database, provider);
        fulfilled += 1;
      } else if (await releaseCheckout(checkout.id, "expired", database)) {
        if (checkout.sessionId) await provider.expireSession(checkout.sessionId).catch(() => {});
        released += 1;
      }
    } catch (error) {
      logger.error({ err: error, checkoutId: checkout.id }, "sweeping a checkout failed");
    }
  }
  return { released, fulfilled };
}

let sweepTimer: NodeJS.Timeout | undefined;

/** Runs the sweep every minute in the background. */
export function startCheckoutSweeper(intervalMs = 60_000) {
  if (sweepTimer) return;
  sweepTimer = setInterval(() => {
    sweepExpiredCheckouts().catch((error) => logger.error({ err: error }, "checkout sweep failed"));
    sweepAbandonedCarts(db()).catch((error) => logger.error({ err: error }, "cart sweep failed"));
    // The waiting list: offers not paid in time, givers to refund, the next offers (issue #40).
    sweepOffers().catch((error) => logger.error({ err: error }, "waiting-list sweep failed"));
  }, intervalMs);
  sweepTimer.unref();
}

export function stopCheckoutSweeper() {
  if (sweepTimer) clearInterval(sweepTimer);
  sweepTimer = undefined;
}
