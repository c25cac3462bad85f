/**
 * Orders in the panel, read: the orders tab (its filter, the summary cards, one page of orders with
 * their items, refunds and what can still be refunded, and the latest automatic refunds of payments
 * that never became an order) and every order of a filter for the CSV export. Nothing here writes;
 * the commands (status changes, the shipping notification, refunds and cancelling) are in
 * `panel-order-commands.server.ts`. Callers check the admin role first.
 */
import { asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { orderNumber } from "~/lib/order-number";
import { orderLineSaleNote } from "~/modules/catalog/price-labels";
import * as s from "../../../db/schema";
import { orderActionMessages } from "./order-actions.schema";
import { ORDERS_PAGE_SIZE, parseOrderFilters } from "./order-filters";
import { deliveryAddressLines } from "./order-view";
import { quoteRefund, type RefundQuote } from "./refund-amounts";
import type { RefundHistoryEntry } from "./refund-history";
import { listRefundHistory } from "./refund-history.server";
import { listSoldOutRefunds } from "./refund-lists.server";
import { isOrderPaid } from "./refund-quote.server";

type OrderRow = typeof s.orders.$inferSelect;
type OrderItemRow = typeof s.orderItems.$inferSelect;

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
  /** The day the parcel reached the customer, as the admin recorded it (the withdrawal window's start). */
  deliveredAt: string | null;
  stockReturned: boolean;
  /** The order was paid through a provider (so cancelling it refunds it). */
  paid: boolean;
  /** Grosze refunded or being refunded. */
  refundedAmount: number;
  /** What can still be refunded (the refund dialog's lines); null for an unpaid order. */
  refundQuote: RefundQuote | null;
  refunds: RefundHistoryEntry[];
  items: {
    id: string;
    productName: string;
    size: string | null;
    color: string | null;
    quantity: number;
    refundedQuantity: number;
    pricePerUnit: number;
    /** "(cena regularna 19,00 zł, -25%)" for a line bought at a sale price, else null. */
    saleNote: string | null;
  }[];
};

export type OrderSummary = {
  count: number;
  pending: number;
  processing: number;
  completed: number;
  cancelled: number;
  /** What the shop kept: the totals of every order that is not cancelled less their refunds, in grosze. */
  totalAmount: number;
  /** Grosze refunded (or being refunded) over all orders. */
  refundedAmount: number;
};

export async function getOrderSummary(executor: Executor = db()): Promise<OrderSummary> {
  const rows = await executor
    .select({
      status: s.orders.status,
      n: count(),
      total: sql<number>`coalesce(sum(${s.orders.totalAmount} - ${s.orders.refundedAmount}), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${s.orders.refundedAmount}), 0)::bigint`,
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
    refundedAmount: 0,
  };
  for (const row of rows) {
    summary.count += row.n;
    summary[row.status] = row.n;
    summary.refundedAmount += Number(row.refunded);
    if (row.status !== "cancelled") summary.totalAmount += Number(row.total);
  }
  return summary;
}

function toPanelOrder(order: OrderRow, items: OrderItemRow[], refunds: RefundHistoryEntry[]): PanelOrder {
  const paid = isOrderPaid(order);
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
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    stockReturned: Boolean(order.stockReturnedAt),
    paid,
    refundedAmount: order.refundedAmount,
    refundQuote: paid
      ? quoteRefund(
          {
            ...order,
            deliveryRefunded: refunds
              .filter((refund) => refund.status !== "failed")
              .reduce((sum, refund) => sum + refund.deliveryAmount, 0),
          },
          items,
        )
      : null,
    refunds,
    items: items.map((item) => ({
      id: item.id,
      productName: item.productName,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      pricePerUnit: item.pricePerUnit,
      saleNote: orderLineSaleNote(item),
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
  const refunds = await listRefundHistory(
    orders.map((order) => order.id),
    { withActor: true },
    executor,
  );
  return orders.map((order) => toPanelOrder(order, byOrder.get(order.id) ?? [], refunds.get(order.id) ?? []));
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

/** An automatic refund of a payment that arrived after its stock was gone (no order), as the tab shows it. */
export type SoldOutRefund = {
  id: string;
  email: string | null;
  customerName: string | null;
  amount: number;
  status: s.RefundStatus;
  failureReason: string | null;
  lines: { name: string; size: string | null; quantity: number }[];
  paidAt: string | null;
  createdAt: string;
};

/**
 * What the orders tab shows for its URL: the filter, the summary, one page of orders and the latest
 * automatic refunds of payments that never became an order. A database
 * failure is logged and shown as the tab's Polish message instead of an error page.
 */
export async function loadOrdersTab(params: URLSearchParams, executor: Executor = db()) {
  const filters = parseOrderFilters(params);
  try {
    const [summary, list, soldOut] = await Promise.all([
      getOrderSummary(executor),
      listPanelOrders(filters, executor),
      listSoldOutRefunds({ database: executor, limit: 20 }),
    ]);
    const soldOutRefunds: SoldOutRefund[] = soldOut.map((refund) => ({
      ...refund,
      paidAt: refund.paidAt?.toISOString() ?? null,
      createdAt: refund.createdAt.toISOString(),
    }));
    return { filters, summary, ...list, soldOutRefunds, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "panel orders failed to load");
    return {
      filters,
      summary: null,
      orders: [],
      total: 0,
      soldOutRefunds: [] as SoldOutRefund[],
      loadError: orderActionMessages.loadFailed,
    };
  }
}
