/**
 * Orders in the panel, changed: status changes (cancelling gives the stock back once; re-activating
 * takes it again only if it is there), the shipping notification, a refund from the panel and
 * cancelling a paid order with the refund of what remains. The orders tab's form intents
 * (`panel-order-actions.server.ts`) call these; the reads are in `panel-orders.server.ts`. Callers
 * check the admin role first; refusals are DomainErrors with Polish messages.
 *
 * Stock of a cancelled order: an order not shipped yet — no shipping notification sent and not
 * completed — gives its items back to the variant's (or the product's own) stock when it is cancelled,
 * exactly once: `orders.stock_returned_at` records it, in the same transaction, under a row lock. Units
 * an earlier refund already put back (`refunds.restocked`) are not given back again.
 *
 * Money of a cancelled order: a paid order is cancelled only with the refund of what remains of it
 * (`cancelWithRefund`); a plain status change to 'cancelled' refuses it, and a cancelled order whose
 * money went back cannot be re-activated. An order without a payment just changes status.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { MAIL_KINDS, renderShippingNotification } from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { orderNumber } from "~/lib/order-number";
import { giveStockBack, type StockLine, takeStock } from "~/modules/catalog/stock.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";
import { orderActionMessages } from "./order-actions.schema";
import { fullRefundRequest } from "./refund-amounts";
import { CANCELLATION_REASON, refundMessages } from "./refund-form.schema";
import { getRefundQuote, isOrderPaid } from "./refund-quote.server";
import { refundOrder } from "./refunds.server";

type OrderItemRow = typeof s.orderItems.$inferSelect;

/** The message refusing to re-activate a cancelled order whose stock is gone meanwhile. */
export function notEnoughStockMessage(item: { productName: string; size: string | null }) {
  const name = item.size ? `${item.productName} (rozmiar ${item.size})` : item.productName;
  return `Za mało sztuk w magazynie, aby przywrócić zamówienie: ${name}`;
}

// ---------------------------------------------------------------------------------------------
// Status changes and stock
// ---------------------------------------------------------------------------------------------

/**
 * The stock row an item sold from: its variant, or the product's own stock. An item with a size but
 * no variant sold from a variant deleted since: it has nothing to give back to or take from.
 */
function stockLineOf(item: OrderItemRow, restocked = 0): StockLine & { item: OrderItemRow } {
  const gone = !item.variantId && Boolean(item.size);
  return {
    item,
    productId: gone ? null : item.productId,
    variantId: item.variantId,
    quantity: item.quantity - restocked,
  };
}

/**
 * Units of each item of an order that its refunds put back in stock already (refunds that did not
 * fail and said the goods came back): a cancellation gives back only the rest.
 */
async function restockedUnits(executor: Executor, orderId: string) {
  const rows = await executor
    .select({ lines: s.refunds.lines })
    .from(s.refunds)
    .where(
      and(eq(s.refunds.orderId, orderId), eq(s.refunds.restocked, true), ne(s.refunds.status, "failed")),
    );
  const units = new Map<string, number>();
  for (const { lines } of rows) {
    for (const line of lines) units.set(line.orderItemId, (units.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return units;
}

export type StatusChange = {
  from: s.OrderStatus;
  to: s.OrderStatus;
  /** The items went back to stock with this change. */
  stockReturned: boolean;
  /** The items were taken from stock again (re-activating a cancelled order). */
  stockTaken: boolean;
};

/**
 * Sets any status from any other (SPEC §4). Cancelling an order that has not been shipped gives its
 * stock back, once; moving a cancelled order back takes that stock again, or refuses when it is gone.
 */
export async function setOrderStatus(
  orderId: string,
  next: s.OrderStatus,
  executor: Executor = db(),
): Promise<StatusChange> {
  return executor.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, orderId)).for("update");
    if (!order) throw new DomainError(orderActionMessages.notFound, 404);
    const change: StatusChange = { from: order.status, to: next, stockReturned: false, stockTaken: false };
    if (order.status === next) return change;

    const paid = isOrderPaid(order);
    if (next === "cancelled" && paid && order.refundedAmount < order.totalAmount) {
      throw new DomainError(refundMessages.paidCancelNeedsRefund, 409);
    }
    if (order.status === "cancelled" && paid && order.refundedAmount > 0) {
      throw new DomainError(refundMessages.refundedCannotReactivate, 409);
    }

    const items = await tx.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId));
    const restocked = await restockedUnits(tx, orderId);
    const lines = items
      .map((item) => stockLineOf(item, restocked.get(item.id) ?? 0))
      .filter((line) => line.quantity > 0);
    let stockReturnedAt: Date | null = order.stockReturnedAt;

    if (next === "cancelled") {
      const shipped = Boolean(order.shippedAt) || order.status === "completed";
      if (!order.stockReturnedAt && !shipped) {
        await giveStockBack(tx, lines);
        stockReturnedAt = new Date();
        change.stockReturned = true;
      }
    } else if (order.status === "cancelled" && order.stockReturnedAt) {
      // Taken again only where that much is there; an item whose product is gone has nothing to take.
      await takeStock(tx, lines, {
        refuse: (line) => new DomainError(notEnoughStockMessage(line.item), 409),
        gone: "skip",
      });
      stockReturnedAt = null;
      change.stockTaken = true;
    }

    // The withdrawal window runs from completion when no delivery date was recorded (decision 025):
    // the last time the order became 'completed', none while it is not.
    const completedAt = next === "completed" ? new Date() : null;
    await tx
      .update(s.orders)
      .set({ status: next, stockReturnedAt, completedAt, updatedAt: sql`now()` })
      .where(eq(s.orders.id, orderId));
    return change;
  });
}

// ---------------------------------------------------------------------------------------------
// Shipping notification
// ---------------------------------------------------------------------------------------------

/**
 * Stores the tracking number and link and queues the shipping e-mail in the same transaction, so the
 * order says "shipped" exactly when the e-mail to say so exists. Sending again replaces the tracking
 * data and sends a new e-mail (a corrected number, a second parcel).
 */
export async function sendShippingNotification(
  orderId: string,
  tracking: { trackingNumber: string; trackingUrl: string | null },
  executor: Executor = db(),
) {
  const [order] = await executor.select().from(s.orders).where(eq(s.orders.id, orderId));
  if (!order) throw new DomainError(orderActionMessages.notFound, 404);
  if (order.status === "cancelled") throw new DomainError(orderActionMessages.shippingCancelled, 409);
  const items = await executor
    .select()
    .from(s.orderItems)
    .where(eq(s.orderItems.orderId, orderId))
    .orderBy(asc(s.orderItems.productName));
  const settings = env();
  const mail = await renderShippingNotification({
    site: settings.site,
    customerName: order.customerName,
    orderNumber: orderNumber(order.id),
    trackingNumber: tracking.trackingNumber,
    trackingUrl: tracking.trackingUrl,
    items: items.map((item) => ({ name: item.productName, size: item.size, quantity: item.quantity })),
    // Guests' private link exists only as a hash; account holders find the order in their account.
    orderUrl: order.userId ? `${settings.siteUrl}/account/orders` : null,
  });

  await executor.transaction(async (tx) => {
    const [locked] = await tx
      .update(s.orders)
      .set({
        trackingNumber: tracking.trackingNumber,
        trackingUrl: tracking.trackingUrl,
        shippedAt: sql`coalesce(${s.orders.shippedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(s.orders.id, orderId), ne(s.orders.status, "cancelled")))
      .returning({ id: s.orders.id });
    if (!locked) throw new DomainError(orderActionMessages.shippingCancelled, 409);
    await enqueueMail(tx, { kind: MAIL_KINDS.shippingNotification, to: order.customerEmail, ...mail });
  });
  kickOutbox();
}

// ---------------------------------------------------------------------------------------------
// Cancelling a paid order
// ---------------------------------------------------------------------------------------------

export type CancelWithRefund = StatusChange & {
  /** The cancellation's refund, when there was money left to give back. */
  refund: { refundId: string; amount: number; status: s.RefundStatus } | null;
};

/**
 * "Anuluj ze zwrotem": refunds what remains of a paid order (every unit not refunded yet and the
 * delivery cost, through the provider) and then cancels it, which gives its stock back once (the units
 * an earlier refund restocked excepted). A refund the provider refuses leaves the order as it was. An
 * unpaid order is just cancelled. Refusals: unknown order 404; the refund's own (`refundOrder`).
 */
export async function cancelWithRefund(
  orderId: string,
  { actorId, reason }: { actorId: string | null; reason?: string | null },
  executor: Executor = db(),
): Promise<CancelWithRefund> {
  const [order] = await executor.select().from(s.orders).where(eq(s.orders.id, orderId));
  if (!order) throw new DomainError(orderActionMessages.notFound, 404);
  let refund: CancelWithRefund["refund"] = null;
  if (isOrderPaid(order) && order.refundedAmount < order.totalAmount) {
    const quote = await getRefundQuote(orderId, { database: executor });
    if (!quote) throw new DomainError(orderActionMessages.notFound, 404);
    try {
      const result = await refundOrder(
        {
          orderId,
          ...fullRefundRequest(quote),
          reason: reason?.trim() || CANCELLATION_REASON,
          // The cancellation itself gives the stock back (once, by stock_returned_at).
          restock: false,
          kind: "cancellation",
          actorId,
        },
        { database: executor },
      );
      if (result.status === "failed") throw new DomainError(refundMessages.cancelRefundFailed, 409);
      refund = { refundId: result.refundId, amount: result.amount, status: result.status };
    } catch (error) {
      // Another admin's cancellation refunded it a moment ago: cancelling is all that is left to do.
      if (!(error instanceof DomainError) || error.status !== 409) throw error;
      const [now] = await executor.select().from(s.orders).where(eq(s.orders.id, orderId));
      if (!now || now.refundedAmount < now.totalAmount) throw error;
    }
  }
  const change = await setOrderStatus(orderId, "cancelled", executor);
  return { ...change, refund };
}

/**
 * The panel's "Zwrot pieniędzy" on an order: the chosen lines and quantities, the delivery cost or not,
 * the reason, and whether the goods came back (restocked — never for an order whose stock the
 * cancellation gave back already). Priced and refused by `refundOrder`.
 */
export async function refundFromPanel(
  request: {
    orderId: string;
    lines: { orderItemId: string; quantity: number }[];
    includeDelivery: boolean;
    restock: boolean;
    reason: string;
  },
  actorId: string | null,
  executor: Executor = db(),
) {
  const [order] = await executor
    .select({ id: s.orders.id, stockReturnedAt: s.orders.stockReturnedAt })
    .from(s.orders)
    .where(eq(s.orders.id, request.orderId));
  // A foreign or unknown order id is a bad request of this form (as refundOrder answers it).
  if (!order) throw new DomainError(orderActionMessages.notFound, 400, "orderId");
  return refundOrder(
    {
      orderId: request.orderId,
      lines: request.lines,
      includeDelivery: request.includeDelivery,
      reason: request.reason,
      restock: request.restock && !order.stockReturnedAt,
      kind: "manual",
      actorId,
    },
    { database: executor },
  );
}
