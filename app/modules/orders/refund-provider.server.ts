/**
 * The payment provider's side of a refund (decision 023): asking it for a booked refund, keeping its
 * answer on the row, its webhooks' later word, and failing a refund (everything it raised given back).
 * Booking a refund is `refunds.server.ts`.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { takeStock } from "~/modules/catalog/stock.server";
import {
  type PaymentProvider,
  type ProviderRefund,
  RefundRefusedError,
} from "~/modules/payments/payment-provider.server";
import {
  checkouts,
  orderItems,
  orders as ordersTable,
  type RefundLine,
  type RefundStatus,
  refunds,
  withdrawals,
} from "../../../db/schema";
import { queueRefundIssuedMail } from "./refund-mail.server";
import { refundMessages } from "./refunds.schema";

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
export function stockLinesOf(lines: RefundLine[], items: (typeof orderItems.$inferSelect)[]) {
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
