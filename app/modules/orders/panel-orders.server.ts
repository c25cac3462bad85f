/**
 * Orders in the panel: the list and its summary, status changes (cancelling gives the stock back once;
 * re-activating takes it again only if it is there), the shipping notification and the CSV export's
 * rows. Callers check the admin role first; refusals are DomainErrors with Polish messages.
 *
 * Stock of a cancelled order: every order here is paid (orders are created from paid checkouts), so
 * "unpaid or unshipped" means not shipped yet — no shipping notification sent and not completed. Such an
 * order's items go back to the variant's (or the product's own) stock when it is cancelled, exactly once:
 * `orders.stock_returned_at` records it, in the same transaction, under a row lock.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { MAIL_KINDS, renderShippingNotification } from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { giveStockBack, type StockLine, takeStock } from "~/modules/catalog/stock.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";
import { orderActionMessages } from "./order-actions.schema";
import { ORDERS_PAGE_SIZE, parseOrderFilters } from "./order-filters";
import { orderNumber } from "./order-number";
import { deliveryAddressLines } from "./order-view";

type OrderRow = typeof s.orders.$inferSelect;
type OrderItemRow = typeof s.orderItems.$inferSelect;

/** The message refusing to re-activate a cancelled order whose stock is gone meanwhile. */
export function notEnoughStockMessage(item: { productName: string; size: string | null }) {
  const name = item.size ? `${item.productName} (rozmiar ${item.size})` : item.productName;
  return `Za mało sztuk w magazynie, aby przywrócić zamówienie: ${name}`;
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export type PanelOrder = {
  id: string;
  number: string;
  status: s.OrderStatus;
  createdAt: string;
  customerEmail: string;
  customerName: string | null;
  customerPhone: string | null;
  deliveryMethod: s.DeliveryMethod;
  /** Courier address lines (name, line1, line2, postal code + city) or the parcel locker's. */
  addressLines: string[];
  lockerId: string | null;
  subtotal: number;
  discountAmount: number;
  discountCode: string | null;
  deliveryCost: number;
  totalAmount: number;
  trackingNumber: string | null;
  trackingUrl: string | null;
  shippedAt: string | null;
  stockReturned: boolean;
  items: {
    id: string;
    productName: string;
    size: string | null;
    color: string | null;
    quantity: number;
    pricePerUnit: number;
  }[];
};

export type OrderSummary = {
  count: number;
  pending: number;
  processing: number;
  completed: number;
  cancelled: number;
  /** Sum of the totals of every order that is not cancelled, in grosze. */
  totalAmount: number;
};

export async function getOrderSummary(executor: Executor = db()): Promise<OrderSummary> {
  const rows = await executor
    .select({
      status: s.orders.status,
      n: count(),
      total: sql<number>`coalesce(sum(${s.orders.totalAmount}), 0)::bigint`,
    })
    .from(s.orders)
    .groupBy(s.orders.status);
  const summary: OrderSummary = {
    count: 0,
    pending: 0,
    processing: 0,
    completed: 0,
    cancelled: 0,
    totalAmount: 0,
  };
  for (const row of rows) {
    summary.count += row.n;
    summary[row.status] = row.n;
    if (row.status !== "cancelled") summary.totalAmount += Number(row.total);
  }
  return summary;
}

function toPanelOrder(order: OrderRow, items: OrderItemRow[]): PanelOrder {
  return {
    id: order.id,
    number: orderNumber(order.id),
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    deliveryMethod: order.deliveryMethod,
    addressLines: deliveryAddressLines(order),
    lockerId: order.locker?.id ?? null,
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    deliveryCost: order.deliveryCost,
    totalAmount: order.totalAmount,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    stockReturned: Boolean(order.stockReturnedAt),
    items: items.map((item) => ({
      id: item.id,
      productName: item.productName,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
    })),
  };
}

async function withItems(executor: Executor, orders: OrderRow[]) {
  if (orders.length === 0) return [];
  const items = await executor
    .select()
    .from(s.orderItems)
    .where(
      inArray(
        s.orderItems.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(s.orderItems.orderId), asc(s.orderItems.productName), asc(s.orderItems.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return orders.map((order) => toPanelOrder(order, byOrder.get(order.id) ?? []));
}

/** One page of orders (newest first), optionally of one status, and how many there are in all. */
export async function listPanelOrders(
  {
    status,
    page = 1,
    pageSize = ORDERS_PAGE_SIZE,
  }: { status: s.OrderStatus | null; page?: number; pageSize?: number },
  executor: Executor = db(),
): Promise<{ orders: PanelOrder[]; total: number }> {
  const where = status ? eq(s.orders.status, status) : undefined;
  const [{ total }] = await executor.select({ total: count() }).from(s.orders).where(where);
  const rows = await executor
    .select()
    .from(s.orders)
    .where(where)
    .orderBy(desc(s.orders.createdAt), desc(s.orders.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  return { orders: await withItems(executor, rows), total };
}

/** Every order of the filter, newest first, for the CSV export. */
export async function listOrdersForExport(status: s.OrderStatus | null, executor: Executor = db()) {
  const rows = await executor
    .select()
    .from(s.orders)
    .where(status ? eq(s.orders.status, status) : undefined)
    .orderBy(desc(s.orders.createdAt), desc(s.orders.id));
  return withItems(executor, rows);
}

/**
 * What the orders tab shows for its URL: the filter, the summary and one page of orders. A database
 * failure is logged and shown as the tab's Polish message instead of an error page.
 */
export async function loadOrdersTab(params: URLSearchParams, executor: Executor = db()) {
  const filters = parseOrderFilters(params);
  try {
    const [summary, list] = await Promise.all([
      getOrderSummary(executor),
      listPanelOrders(filters, executor),
    ]);
    return { filters, summary, ...list, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "panel orders failed to load");
    return { filters, summary: null, orders: [], total: 0, loadError: orderActionMessages.loadFailed };
  }
}

// ---------------------------------------------------------------------------------------------
// Status changes and stock
// ---------------------------------------------------------------------------------------------

/**
 * The stock row an item sold from: its variant, or the product's own stock. An item with a size but
 * no variant sold from a variant deleted since: it has nothing to give back to or take from.
 */
function stockLineOf(item: OrderItemRow): StockLine & { item: OrderItemRow } {
  const gone = !item.variantId && Boolean(item.size);
  return {
    item,
    productId: gone ? null : item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
  };
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

    const items = await tx.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId));
    const lines = items.map(stockLineOf);
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

    await tx
      .update(s.orders)
      .set({ status: next, stockReturnedAt, updatedAt: sql`now()` })
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
