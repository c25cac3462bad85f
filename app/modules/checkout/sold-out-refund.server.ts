/**
 * No paid payment without an order or a refund (decision 023): a payment that arrives for a checkout
 * whose stock is gone (a delayed Przelewy24 or bank payment confirmed after the reservation was given
 * back, the products sold meanwhile) is refunded in full, automatically, once. So is one that a rule
 * about the address's own history stops (decision 037): past a "max N per customer", or a first-order
 * code for an address that has ordered; its e-mail says why to the address alone.
 *
 * One transaction, under the checkout's row lock, raises `checkouts.refunded_amount` from 0 to the
 * total (conditionally, so a replayed webhook or a simultaneous return page finds it raised and books
 * nothing), inserts the one 'sold_out' refund row and queues the buyer's e-mail. The provider is then
 * asked with the row's idempotency key. A row left pending without the provider's id (the process
 * stopped, or no answer) is asked again by the next replay with the same key, which cannot refund twice.
 * Stock is never touched: the order was never created, the reservation was given back long ago.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { kickOutbox } from "~/modules/mail/outbox.server";
import { queueSoldOutRefundMail } from "~/modules/orders/refund-mail.server";
import { askProviderToRefund } from "~/modules/orders/refund-provider.server";
import {
  type PaymentProvider,
  type ProviderSession,
  paymentProvider,
} from "~/modules/payments/payment-provider.server";
import { checkouts, orders, refunds } from "../../../db/schema";
import { isRefundedMark, type RefundedMark } from "./customer-limit";
import { queueRuleRefundMail } from "./rule-refund-mail.server";

/** A booked refund without the provider's answer after this long is asked again (its request is over). */
const RETRY_AFTER_MS = 2 * 60_000;

export const SOLD_OUT_REFUND_REASON = "Płatność dotarła po wyprzedaniu produktów — zwrot automatyczny";

/** The refund's reason for the panel, by the checkout's mark. */
export const AUTOMATIC_REFUND_REASONS: Record<RefundedMark, string> = {
  paid_stock_gone: SOLD_OUT_REFUND_REASON,
  paid_over_limit: "Płatność ponad limit sztuk na klienta — zwrot automatyczny",
  paid_not_first: "Kod pierwszego zamówienia dla adresu, który już zamawiał — zwrot automatyczny",
};

export type SoldOutRefund = { refundId: string; amount: number; status: "pending" | "succeeded" | "failed" };

/**
 * Refunds a paid checkout that cannot become an order, in full, exactly once. Null when there is
 * nothing this function may refund: an order exists, the checkout is not marked for a refund,
 * the total is 0, or no payment id is known (the panel still shows the mark).
 */
export async function refundSoldOutCheckout(
  checkoutId: string,
  payment: Pick<ProviderSession, "paymentId" | "email">,
  options: { database?: Database; provider?: PaymentProvider } = {},
): Promise<SoldOutRefund | null> {
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();

  const booked = await database.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    const mark = checkout?.needsAttention ?? null;
    if (!checkout || !isRefundedMark(mark) || !checkout.paidAt) return null;
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
    if (order) return null;
    const [existing] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.checkoutId, checkoutId), eq(refunds.kind, "sold_out"), isNull(refunds.orderId)))
      .orderBy(sql`${refunds.createdAt} desc`)
      .limit(1);
    const paymentId = payment.paymentId ?? checkout.providerPaymentId;
    if (existing && (existing.status !== "failed" || checkout.refundedAmount > 0)) {
      // Booked already. Ask the provider again only if it never answered and the booking is not in
      // flight any more (same key, so never a second refund).
      const stale = existing.createdAt.getTime() < Date.now() - RETRY_AFTER_MS;
      const ask = existing.status === "pending" && !existing.providerRefundId && stale && paymentId;
      return { refund: existing, paymentId, ask: Boolean(ask), created: false };
    }
    if (checkout.total <= 0) return null;
    if (!paymentId) {
      logger.error({ checkoutId }, "sold-out payment without a payment id: refund it by hand");
      return null;
    }
    const raised = await tx
      .update(checkouts)
      .set({
        refundedAmount: sql`${checkouts.refundedAmount} + ${checkout.total}`,
        providerPaymentId: paymentId,
        updatedAt: new Date(),
      })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.refundedAmount, 0)))
      .returning({ id: checkouts.id });
    if (raised.length !== 1) return null;
    const refundId = randomUUID();
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: refundId,
        orderId: null,
        checkoutId,
        kind: "sold_out",
        amount: checkout.total,
        deliveryAmount: checkout.deliveryCost,
        lines: [],
        reason: AUTOMATIC_REFUND_REASONS[mark],
        restocked: false,
        actorId: null,
        provider: checkout.provider,
        idempotencyKey: `sold-out-${refundId}`,
        status: "pending",
      })
      .returning();
    const email = (payment.email ?? checkout.customerEmail ?? checkout.email ?? "").trim().toLowerCase();
    if (email && mark === "paid_stock_gone") {
      await queueSoldOutRefundMail(tx, checkout, checkout.total, email);
    } else if (email && mark !== "paid_stock_gone") {
      await queueRuleRefundMail(tx, checkout, mark, email);
    }
    if (!email) logger.error({ checkoutId }, "automatic refund without an e-mail address: no message sent");
    return { refund, paymentId, ask: true, created: true };
  });
  if (!booked) return null;
  const { refund } = booked;
  if (booked.created) kickOutbox();
  if (!booked.ask || !booked.paymentId) {
    return { refundId: refund.id, amount: refund.amount, status: refund.status };
  }

  const status = await askProviderToRefund(provider, database, {
    refundId: refund.id,
    paymentId: booked.paymentId,
    amount: refund.amount,
    idempotencyKey: refund.idempotencyKey,
    metadata: { checkoutId, kind: "sold_out" },
  });
  logger.warn(
    { checkoutId, refundId: refund.id, status },
    "payment after the stock was gone: refunded automatically",
  );
  return { refundId: refund.id, amount: refund.amount, status };
}
