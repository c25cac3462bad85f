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
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { logger } from "~/lib/logger.server";
import { giveStockBack, takeStock } from "~/modules/catalog/stock.server";
import { kickOutbox } from "~/modules/mail/outbox.server";
import {
  type PaymentProvider,
  type ProviderRefund,
  paymentProvider,
  RefundRefusedError,
} from "~/modules/payments/payment-provider.server";
import {
  checkouts,
  orderItems,
  type orders,
  orders as ordersTable,
  type RefundKind,
  type RefundLine,
  type RefundStatus,
  refunds,
  withdrawals,
} from "../../../db/schema";
import { priceRefund, quoteRefund, type RefundQuote, refundErrors, unrefundedUnits } from "./refund-amounts";
import { queueRefundIssuedMail } from "./refund-mail.server";
import { parseRefundRequest, refundRequestMessages } from "./refunds.schema";

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
};

export type RefundResult = {
  refundId: string;
  amount: number;
  status: RefundStatus;
  /** A withdrawal closed by the refund its units got before (`refundId`): nothing was paid now. */
  paidBefore?: boolean;
};

export type RefundOptions = { database?: Executor; provider?: PaymentProvider };

export const refundMessages = {
  notPaid: "Zamówienie nie zostało opłacone — nie ma czego zwrócić",
  withdrawalClosed: "To odstąpienie od umowy zostało już rozliczone",
  withdrawalForeign: "To odstąpienie dotyczy innego zamówienia",
  concurrent: "Ktoś właśnie zwrócił część tego zamówienia. Odśwież stronę i sprawdź, co zostało do zwrotu.",
  providerRefused: "Operator płatności odrzucił zwrot",
  providerUnavailable: "Brak odpowiedzi operatora płatności — zwrot czeka na potwierdzenie",
} as const;

type OrderRow = typeof orders.$inferSelect;

/** An order was paid through a provider when it came from a checkout (every such order was paid first). */
export function isOrderPaid(order: Pick<OrderRow, "checkoutId">): boolean {
  return order.checkoutId !== null;
}

/** Thrown inside the booking transaction when a conditional UPDATE found another refund first. */
class ConcurrentRefund extends DomainError {
  constructor() {
    super(refundMessages.concurrent, 409);
  }
}

/** Grosze of delivery already refunded or being refunded (failed refunds gave theirs back). */
async function deliveryRefunded(executor: Executor, orderId: string) {
  const [row] = await executor
    .select({ sum: sql<string | null>`coalesce(sum(${refunds.deliveryAmount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), ne(refunds.status, "failed")));
  return Number(row?.sum ?? 0);
}

/** What can still be refunded of an order (null when there is no such order). */
export async function getRefundQuote(
  orderId: string,
  options: { database?: Executor } = {},
): Promise<RefundQuote | null> {
  const database = options.database ?? db();
  if (!/^[0-9a-f-]{36}$/i.test(orderId)) return null;
  const [order] = await database.select().from(ordersTable).where(eq(ordersTable.id, orderId));
  if (!order) return null;
  const items = await database
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return quoteRefund(
    { ...order, deliveryRefunded: await deliveryRefunded(database, orderId) },
    items.map((item) => ({ ...item })),
  );
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

/**
 * Asks the provider for a booked refund (with the row's idempotency key, so asking again never refunds
 * twice) and keeps its answer on the row: a refusal fails it, silence leaves it pending for a webhook.
 */
export async function askProviderToRefund(
  provider: PaymentProvider,
  database: Executor,
  booked: {
    refundId: string;
    paymentId: string;
    amount: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  },
): Promise<RefundStatus> {
  let answer: ProviderRefund | null = null;
  let refusal: string | null = null;
  try {
    answer = await provider.createRefund({
      paymentId: booked.paymentId,
      amount: booked.amount,
      idempotencyKey: booked.idempotencyKey,
      reason: "requested_by_customer",
      metadata: { refundId: booked.refundId, ...booked.metadata },
    });
  } catch (error) {
    if (error instanceof RefundRefusedError) refusal = error.message;
    else
      logger.error({ err: error, refundId: booked.refundId }, "refund request got no answer: left pending");
  }
  return recordProviderAnswer(database, booked.refundId, answer, refusal);
}

/** The stock rows of refunded lines (their items' product and variant). */
function stockLinesOf(lines: RefundLine[], items: (typeof orderItems.$inferSelect)[]) {
  const byId = new Map(items.map((item) => [item.id, item]));
  return lines.map((line) => {
    const item = byId.get(line.orderItemId);
    return {
      productId: item?.productId ?? null,
      variantId: item?.variantId ?? null,
      quantity: line.quantity,
    };
  });
}

/**
 * Keeps the provider's answer on the row: its id and status. A refusal fails the refund (amounts and
 * stock given back); an accepted refund of an order queues the customer's "refund issued" e-mail (a
 * sold-out payment's e-mail was queued with its row). Without
 * an answer the row stays pending (failure reason noted) until a webhook settles it.
 */
export async function recordProviderAnswer(
  database: Executor,
  refundId: string,
  answer: ProviderRefund | null,
  refusal: string | null,
): Promise<RefundStatus> {
  return database.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund) return "failed";
    if (!answer) {
      if (refusal !== null) {
        await failRefund(tx, refund, `${refundMessages.providerRefused}: ${refusal}`.slice(0, 500));
        return "failed";
      }
      // Only a row nobody settled meanwhile notes the silence (a webhook may have answered for it).
      await tx
        .update(refunds)
        .set({ failureReason: refundMessages.providerUnavailable, updatedAt: new Date() })
        .where(
          and(eq(refunds.id, refundId), eq(refunds.status, "pending"), isNull(refunds.providerRefundId)),
        );
      return refund.status;
    }
    // A webhook may have settled it already (it arrives fast); the settled status stands.
    const settled = refund.status !== "pending";
    await tx
      .update(refunds)
      .set({
        providerRefundId: refund.providerRefundId ?? answer.id,
        status: settled ? refund.status : answer.status === "failed" ? refund.status : answer.status,
        failureReason: null,
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refundId));
    if (!settled && answer.status === "failed") {
      await failRefund(tx, refund, answer.failureReason ?? refundMessages.providerRefused);
      return "failed";
    }
    const status = settled ? refund.status : answer.status;
    if (status !== "failed") await queueRefundIssuedMail(tx, refund);
    return status;
  });
}

type RefundRow = typeof refunds.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The provider's word on a refund (Stripe's refund.* and charge.refunded webhooks), found by its id or,
 * when our request's answer never arrived, by the `refundId` we put in its metadata. 'succeeded' settles
 * a pending row; 'failed' fails it and gives everything back. An unknown refund (another integration,
 * a refund made in the Dashboard) is ignored: false. Replays change nothing.
 */
export async function settleRefundFromProvider(
  update: {
    providerRefundId: string;
    refundId?: string | null;
    status: "pending" | "succeeded" | "failed";
    failureReason?: string | null;
  },
  options: { database?: Executor } = {},
): Promise<boolean> {
  const database = options.database ?? db();
  return database.transaction(async (tx) => {
    let [refund] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.providerRefundId, update.providerRefundId))
      .for("update");
    if (!refund && update.refundId && UUID.test(update.refundId)) {
      [refund] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.id, update.refundId), isNull(refunds.providerRefundId)))
        .for("update");
    }
    if (!refund) return false;
    if (!refund.providerRefundId) {
      await tx
        .update(refunds)
        .set({ providerRefundId: update.providerRefundId, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
    }
    if (update.status === "succeeded" && refund.status === "pending") {
      await tx
        .update(refunds)
        .set({ status: "succeeded", failureReason: null, updatedAt: new Date() })
        .where(eq(refunds.id, refund.id));
    } else if (update.status === "failed" && refund.status !== "failed") {
      await failRefund(tx, refund, update.failureReason ?? refundMessages.providerRefused);
    } else if (update.status === "succeeded" && refund.status === "failed") {
      // Given back in our books, yet the money went out: a person must look (it is in the panel).
      logger.error({ refundId: refund.id }, "provider reports a refund we had marked failed as succeeded");
    }
    return true;
  });
}

/**
 * Marks a refund failed and gives back what it had raised: the order's refunded amount, the items'
 * refunded units (or the checkout's refunded amount for a sold-out payment), the withdrawal it closed,
 * and the stock it returned (taken again where it is still there; else it stays, logged). Only a
 * pending or succeeded row changes, so a repeat does nothing. Call inside a transaction.
 */
export async function failRefund(tx: Executor, refund: RefundRow, reason: string): Promise<boolean> {
  const changed = await tx
    .update(refunds)
    .set({ status: "failed", failureReason: reason.slice(0, 500), updatedAt: new Date() })
    .where(and(eq(refunds.id, refund.id), ne(refunds.status, "failed")))
    .returning({ id: refunds.id });
  if (changed.length !== 1) return false;
  if (refund.orderId) {
    await tx
      .update(ordersTable)
      .set({
        refundedAmount: sql`greatest(${ordersTable.refundedAmount} - ${refund.amount}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(ordersTable.id, refund.orderId));
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, refund.orderId));
    for (const line of refund.lines) {
      await tx
        .update(orderItems)
        .set({ refundedQuantity: sql`greatest(${orderItems.refundedQuantity} - ${line.quantity}, 0)` })
        .where(and(eq(orderItems.id, line.orderItemId), eq(orderItems.orderId, refund.orderId)));
    }
    if (refund.withdrawalId) {
      await tx
        .update(withdrawals)
        .set({ status: "open", closedAt: null })
        .where(eq(withdrawals.id, refund.withdrawalId));
    }
    if (refund.restocked) {
      try {
        // A savepoint: if the units sold meanwhile, the stock stays as it is (the goods did come back).
        await tx.transaction(async (inner) => {
          await takeStock(inner, stockLinesOf(refund.lines, items), {
            refuse: () => new Error("stock sold since"),
            gone: "skip",
          });
          await inner.update(refunds).set({ restocked: false }).where(eq(refunds.id, refund.id));
        });
      } catch (error) {
        logger.warn(
          { err: error, refundId: refund.id },
          "failed refund's restocked units are sold: stock kept",
        );
      }
    }
  } else if (refund.checkoutId) {
    await tx
      .update(checkouts)
      .set({
        refundedAmount: sql`greatest(${checkouts.refundedAmount} - ${refund.amount}, 0)`,
        updatedAt: new Date(),
      })
      .where(eq(checkouts.id, refund.checkoutId));
  }
  logger.error({ refundId: refund.id, reason }, "refund failed: amounts given back");
  return true;
}

export type OrderRefundView = {
  id: string;
  kind: RefundKind;
  amount: number;
  deliveryAmount: number;
  lines: RefundLine[];
  reason: string;
  restocked: boolean;
  status: RefundStatus;
  failureReason: string | null;
  createdAt: Date;
};

/** An order's refunds, newest first. */
export async function listOrderRefunds(
  orderId: string,
  options: { database?: Executor } = {},
): Promise<OrderRefundView[]> {
  const database = options.database ?? db();
  return database
    .select({
      id: refunds.id,
      kind: refunds.kind,
      amount: refunds.amount,
      deliveryAmount: refunds.deliveryAmount,
      lines: refunds.lines,
      reason: refunds.reason,
      restocked: refunds.restocked,
      status: refunds.status,
      failureReason: refunds.failureReason,
      createdAt: refunds.createdAt,
    })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export type SoldOutRefundView = {
  id: string;
  checkoutId: string | null;
  email: string | null;
  customerName: string | null;
  amount: number;
  status: RefundStatus;
  failureReason: string | null;
  lines: { name: string; size: string | null; quantity: number }[];
  paidAt: Date | null;
  createdAt: Date;
};

/** Automatic refunds of payments that never became an order (paid after the stock was gone), newest first. */
export async function listSoldOutRefunds(
  options: { database?: Executor; limit?: number } = {},
): Promise<SoldOutRefundView[]> {
  const database = options.database ?? db();
  const rows = await database
    .select({ refund: refunds, checkout: checkouts })
    .from(refunds)
    .leftJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(and(isNull(refunds.orderId), eq(refunds.kind, "sold_out")))
    .orderBy(desc(refunds.createdAt))
    .limit(options.limit ?? 50);
  return rows.map(({ refund, checkout }) => ({
    id: refund.id,
    checkoutId: refund.checkoutId,
    email: checkout?.customerEmail ?? checkout?.email ?? null,
    customerName: checkout?.customerName ?? null,
    amount: refund.amount,
    status: refund.status,
    failureReason: refund.failureReason,
    lines: (checkout?.lines ?? []).map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
    })),
    paidAt: checkout?.paidAt ?? null,
    createdAt: refund.createdAt,
  }));
}

export { refundErrors };
