/**
 * Money back for an order (decision 023). Every refund is a row: the order, the amount, the lines and
 * units it covers, delivery or not, the reason, who, when, the provider's id and the status.
 *
 * The money rule: the row is inserted 'pending' in the same transaction that raises
 * `orders.refunded_amount` and `order_items.refunded_quantity` with conditional UPDATEs
 * (`… where refunded_amount + X <= total_amount`), under the order's row lock, so the database refuses
 * an over-refund even when two admins refund at once. The provider is then called with the refund's
 * idempotency key, outside any transaction; success → 'succeeded' (Stripe may answer 'pending' and
 * settle it by webhook); a refusal → 'failed', and the raised amounts (and the stock, if it was
 * returned) are given back in one transaction. An outage with no answer leaves the row 'pending': the
 * money may have moved, so only the provider's webhook (or a retry with the same key) decides.
 *
 * Here: booking and issuing a refund. What is left to refund: `refund-quote.server.ts`; the provider's
 * answers, webhooks and failing a refund: `refund-provider.server.ts`; the panel's lists of refunds:
 * `refund-lists.server.ts`.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { giveStockBack } from "~/modules/catalog/stock.server";
import { kickOutbox } from "~/modules/mail/outbox.server";
import { type PaymentProvider, paymentProvider } from "~/modules/payments/payment-provider.server";
import {
  checkouts,
  orderItems,
  orders as ordersTable,
  type RefundStatus,
  refunds,
  withdrawals,
} from "../../../db/schema";
import { priceRefund, quoteRefund, refundErrors, unrefundedUnits } from "./refund-amounts";
import { askProviderToRefund, stockLinesOf } from "./refund-provider.server";
import { deliveryRefunded } from "./refund-quote.server";
import { parseRefundRequest, refundMessages, refundRequestMessages } from "./refunds.schema";

export type RefundOrderInput = {
  orderId: string;
  lines: { orderItemId: string; quantity: number }[];
  includeDelivery: boolean;
  reason: string;
  /** The refunded units came back: return them to stock (exactly once, with this refund). */
  restock: boolean;
  kind: "manual" | "cancellation" | "withdrawal";
  /** The admin who refunds; null for the shop's own. */
  actorId: string | null;
  /**
   * Refunding an open withdrawal closes it in the same transaction. Its lines are then paid only as far
   * as no other refund paid them already (`unrefundedUnits`); when nothing is left, it closes with the
   * refund its units got, and no new refund is made.
   */
  withdrawalId?: string | null;
  /**
   * Work that must happen exactly when this refund is booked (issue #40: the refunded tickets made
   * void), run inside the booking's transaction; a DomainError from it refuses the refund.
   */
  alongside?: (tx: Executor) => Promise<void>;
};

export type RefundResult = {
  refundId: string;
  amount: number;
  status: RefundStatus;
  /** A withdrawal closed by the refund its units got before (`refundId`): nothing was paid now. */
  paidBefore?: boolean;
};

export type RefundOptions = { database?: Executor; provider?: PaymentProvider };

/** Thrown inside the booking transaction when a conditional UPDATE found another refund first. */
class ConcurrentRefund extends DomainError {
  constructor() {
    super(refundMessages.concurrent, 409);
  }
}

/** The payment id refunds go against: the one kept at payment, else (older rows) the test session. */
async function paymentIdOf(executor: Executor, checkoutId: string, provider: PaymentProvider) {
  const [checkout] = await executor.select().from(checkouts).where(eq(checkouts.id, checkoutId));
  if (!checkout?.paidAt) return null;
  if (checkout.providerPaymentId) return { checkout, paymentId: checkout.providerPaymentId };
  if (!checkout.providerSessionId) return null;
  // Paid before the payment id was kept: ask the provider for the session's payment.
  const session = await provider.retrieveSession(checkout.providerSessionId);
  const paymentId = session?.paymentId ?? null;
  if (!paymentId) return null;
  await executor.update(checkouts).set({ providerPaymentId: paymentId }).where(eq(checkouts.id, checkoutId));
  return { checkout, paymentId };
}

type Booked = {
  refundId: string;
  amount: number;
  idempotencyKey: string;
  paymentId: string;
};

type PaidBefore = { paidBefore: true; refundId: string; status: RefundStatus };

/**
 * A withdrawal whose units other refunds paid back in full (the order's general "Zwrot pieniędzy"):
 * it closes with the newest refund that paid them. That refund is linked to it when it has no
 * withdrawal of its own, so that if the provider fails it after all, `failRefund` reopens the
 * withdrawal as well (the customer never got the money). Inside the refund's transaction.
 */
async function closeWithEarlierRefund(
  tx: Executor,
  orderId: string,
  withdrawalId: string,
  lines: readonly { orderItemId: string }[],
): Promise<PaidBefore> {
  const itemIds = new Set(lines.map((line) => line.orderItemId));
  const paid = (
    await tx
      .select({
        id: refunds.id,
        status: refunds.status,
        lines: refunds.lines,
        withdrawalId: refunds.withdrawalId,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), ne(refunds.status, "failed")))
      .orderBy(desc(refunds.createdAt), desc(refunds.id))
  ).filter((refund) => refund.lines.some((line) => itemIds.has(line.orderItemId)));
  const earlier = paid.find((refund) => refund.withdrawalId === null) ?? paid[0];
  // Units count as refunded only through a refund row: none means the books disagree, so nothing closes.
  if (!earlier) throw new DomainError(refundErrors.nothingLeft, 409);
  if (earlier.withdrawalId === null) {
    await tx.update(refunds).set({ withdrawalId, updatedAt: new Date() }).where(eq(refunds.id, earlier.id));
  }
  return { paidBefore: true, refundId: earlier.id, status: earlier.status };
}

/**
 * Refunds part or all of a paid order through its payment provider. Refusals are DomainErrors with a
 * Polish message: 400 for a bad request (unknown order, a line of another order, a quantity that is not
 * a whole number or above what is left, nothing chosen, an unpaid order), 409 when the order was
 * refunded in full already or a concurrent refund took what this one asked for. Nothing is stored then.
 */
export async function refundOrder(
  input: RefundOrderInput,
  options: RefundOptions = {},
): Promise<RefundResult> {
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();
  const parsed = parseRefundRequest(input);
  if (!parsed.ok) throw new DomainError(parsed.message, 400, parsed.field);
  const request = parsed.value;

  const [found] = await database
    .select({ id: ordersTable.id, checkoutId: ordersTable.checkoutId })
    .from(ordersTable)
    .where(eq(ordersTable.id, request.orderId));
  if (!found) throw new DomainError(refundRequestMessages.orderNotFound, 400, "orderId");
  if (!found.checkoutId) throw new DomainError(refundMessages.notPaid, 400);
  const payment = await paymentIdOf(database, found.checkoutId, provider);
  if (!payment) throw new DomainError(refundMessages.notPaid, 400);

  const booked: Booked | PaidBefore = await database.transaction(async (tx) => {
    // The order's row lock serialises refunds of one order; the conditional UPDATEs below are the proof.
    const [order] = await tx
      .select()
      .from(ordersTable)
      .where(eq(ordersTable.id, request.orderId))
      .for("update");
    if (!order) throw new DomainError(refundRequestMessages.orderNotFound, 400, "orderId");
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(orderItems.id)
      .for("update");
    const quote = quoteRefund({ ...order, deliveryRefunded: await deliveryRefunded(tx, order.id) }, items);
    let lines = request.lines;

    if (request.withdrawalId) {
      const [withdrawal] = await tx
        .select({ orderId: withdrawals.orderId, status: withdrawals.status })
        .from(withdrawals)
        .where(eq(withdrawals.id, request.withdrawalId))
        .for("update");
      if (!withdrawal || withdrawal.orderId !== order.id) {
        throw new DomainError(refundMessages.withdrawalForeign, 400, "withdrawalId");
      }
      if (withdrawal.status !== "open") throw new DomainError(refundMessages.withdrawalClosed, 409);
      // Read under the order's lock: the general refund may have paid some or all of these units.
      lines = unrefundedUnits(request.lines, items);
      const deliveryLeft = request.includeDelivery ? quote.deliveryRefundableOnWithdrawal : 0;
      await tx
        .update(withdrawals)
        .set({ status: "refunded", closedAt: new Date() })
        .where(and(eq(withdrawals.id, request.withdrawalId), eq(withdrawals.status, "open")));
      if (lines.length === 0 && deliveryLeft === 0) {
        return closeWithEarlierRefund(tx, order.id, request.withdrawalId, request.lines);
      }
    }

    const priced = priceRefund(quote, {
      lines,
      includeDelivery: request.includeDelivery,
      kind: request.kind,
    });

    const raised = await tx
      .update(ordersTable)
      .set({ refundedAmount: sql`${ordersTable.refundedAmount} + ${priced.amount}`, updatedAt: new Date() })
      .where(
        and(
          eq(ordersTable.id, order.id),
          sql`${ordersTable.refundedAmount} + ${priced.amount} <= ${ordersTable.totalAmount}`,
        ),
      )
      .returning({ id: ordersTable.id });
    if (raised.length !== 1) throw new ConcurrentRefund();
    for (const line of priced.lines) {
      const counted = await tx
        .update(orderItems)
        .set({ refundedQuantity: sql`${orderItems.refundedQuantity} + ${line.quantity}` })
        .where(
          and(
            eq(orderItems.id, line.orderItemId),
            eq(orderItems.orderId, order.id),
            sql`${orderItems.refundedQuantity} + ${line.quantity} <= ${orderItems.quantity}`,
          ),
        )
        .returning({ id: orderItems.id });
      if (counted.length !== 1) throw new ConcurrentRefund();
    }

    const refundId = randomUUID();
    const idempotencyKey = `refund-${refundId}`;
    // Read under the order's lock: a cancellation that already gave the stock back must not be undone twice.
    const restock = request.restock && !order.stockReturnedAt && priced.lines.length > 0;
    await tx.insert(refunds).values({
      id: refundId,
      orderId: order.id,
      checkoutId: order.checkoutId,
      withdrawalId: request.withdrawalId ?? null,
      kind: request.kind,
      amount: priced.amount,
      deliveryAmount: priced.deliveryAmount,
      lines: priced.lines,
      reason: request.reason,
      restocked: restock,
      actorId: request.actorId,
      provider: payment.checkout.provider,
      idempotencyKey,
      status: "pending",
    });
    if (restock) await giveStockBack(tx, stockLinesOf(priced.lines, items));
    await input.alongside?.(tx);
    return { refundId, amount: priced.amount, idempotencyKey, paymentId: payment.paymentId };
  });

  if ("paidBefore" in booked) {
    return { refundId: booked.refundId, amount: 0, status: booked.status, paidBefore: true };
  }
  const status = await askProviderToRefund(provider, database, {
    refundId: booked.refundId,
    paymentId: booked.paymentId,
    amount: booked.amount,
    idempotencyKey: booked.idempotencyKey,
    metadata: { orderId: request.orderId, kind: request.kind },
  });
  if (status !== "failed") kickOutbox();
  return { refundId: booked.refundId, amount: booked.amount, status };
}
