/**
 * Orders in the admin panel: the list and its summary, status changes (cancelling gives the stock back
 * once; re-activating takes it again only if it is there), the shipping notification and the CSV
 * export's rows. Callers check the admin role first.
 *
 * Stock of a cancelled order: every order here is paid (orders are created from paid checkouts), so
 * "unpaid or unshipped" means not shipped yet — no shipping notification sent and not completed. Such an
 * order's items go back to the variant's (or the product's own) stock when it is cancelled, exactly once:
 * `orders.stock_returned_at` records it, in the same transaction, under a row lock.
 */
import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { MAIL_KINDS, renderShippingNotification } from "~/emails/transactional.server";
import { db, type Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { ADMIN_ORDERS_PAGE_SIZE } from "~/modules/admin/order-filters";
import { deliveryAddressLines } from "~/modules/checkout/order-mail.server";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";

type OrderRow = typeof s.orders.$inferSelect;
type OrderItemRow = typeof s.orderItems.$inferSelect;

/** A refusal with a Polish message (never a 500). */
export class AdminOrderError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export const adminOrderMessages = {
  statusUpdated: "Status zamówienia został zaktualizowany",
  statusFailed: "Błąd aktualizacji statusu",
  loadFailed: "Błąd pobierania zamówień",
  empty: "Brak zamówień",
  notFound: "Zamówienie nie istnieje",
  shippingQueued: "Powiadomienie o wysyłce zostało wysłane",
  shippingFailed: "Nie udało się wysłać powiadomienia o wysyłce",
  shippingCancelled: "Nie można wysłać powiadomienia o wysyłce anulowanego zamówienia",
} as const;

/** The message refusing to re-activate a cancelled order whose stock is gone meanwhile. */
export function notEnoughStockMessage(item: { productName: string; size: string | null }) {
  const name = item.size ? `${item.productName} (rozmiar ${item.size})` : item.productName;
  return `Za mało sztuk w magazynie, aby przywrócić zamówienie: ${name}`;
}

/** Short order number as everyone sees it: the id's first 8 characters, upper-cased. */
export function orderNumber(orderId: string) {
  return orderId.slice(0, 8).toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export type AdminOrder = {
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

function toAdminOrder(order: OrderRow, items: OrderItemRow[]): AdminOrder {
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
  return orders.map((order) => toAdminOrder(order, byOrder.get(order.id) ?? []));
}

/** One page of orders (newest first), optionally of one status, and how many there are in all. */
export async function listAdminOrders(
  {
    status,
    page = 1,
    pageSize = ADMIN_ORDERS_PAGE_SIZE,
  }: { status: s.OrderStatus | null; page?: number; pageSize?: number },
  executor: Executor = db(),
): Promise<{ orders: AdminOrder[]; total: number }> {
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

// ---------------------------------------------------------------------------------------------
// Status changes and stock
// ---------------------------------------------------------------------------------------------

/** The stock row an item sold from: its variant, or the product's own stock; null if gone or unknown. */
function stockTarget(item: OrderItemRow) {
  if (item.variantId) return { kind: "variant" as const, id: item.variantId };
  // An item with a size but no variant sold from a variant deleted since: nothing to give back to.
  if (item.productId && !item.size) return { kind: "product" as const, id: item.productId };
  return null;
}

async function giveBack(tx: Executor, item: OrderItemRow) {
  const target = stockTarget(item);
  if (!target) return;
  if (target.kind === "variant") {
    await tx
      .update(s.productVariants)
      .set({ stockQuantity: sql`${s.productVariants.stockQuantity} + ${item.quantity}` })
      .where(eq(s.productVariants.id, target.id));
  } else {
    await tx
      .update(s.products)
      .set({ stockQuantity: sql`${s.products.stockQuantity} + ${item.quantity}` })
      .where(eq(s.products.id, target.id));
  }
}

/** Takes the item's quantity again only if that much is there; false if it is not. */
async function takeAgain(tx: Executor, item: OrderItemRow): Promise<boolean> {
  const target = stockTarget(item);
  if (!target) return true;
  if (target.kind === "variant") {
    const [exists] = await tx
      .select({ id: s.productVariants.id })
      .from(s.productVariants)
      .where(eq(s.productVariants.id, target.id));
    if (!exists) return true;
    const taken = await tx
      .update(s.productVariants)
      .set({ stockQuantity: sql`${s.productVariants.stockQuantity} - ${item.quantity}` })
      .where(
        and(eq(s.productVariants.id, target.id), sql`${s.productVariants.stockQuantity} >= ${item.quantity}`),
      )
      .returning({ id: s.productVariants.id });
    return taken.length > 0;
  }
  const [exists] = await tx
    .select({ id: s.products.id })
    .from(s.products)
    .where(eq(s.products.id, target.id));
  if (!exists) return true;
  const taken = await tx
    .update(s.products)
    .set({ stockQuantity: sql`${s.products.stockQuantity} - ${item.quantity}` })
    .where(and(eq(s.products.id, target.id), sql`${s.products.stockQuantity} >= ${item.quantity}`))
    .returning({ id: s.products.id });
  return taken.length > 0;
}

/** Items in a fixed order of their stock rows, so concurrent changes lock rows in the same order. */
function inLockOrder(items: OrderItemRow[]) {
  return [...items].sort((a, b) =>
    (a.variantId ?? a.productId ?? "").localeCompare(b.variantId ?? b.productId ?? ""),
  );
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
    if (!order) throw new AdminOrderError(adminOrderMessages.notFound, 404);
    const change: StatusChange = { from: order.status, to: next, stockReturned: false, stockTaken: false };
    if (order.status === next) return change;

    const items = inLockOrder(await tx.select().from(s.orderItems).where(eq(s.orderItems.orderId, orderId)));
    let stockReturnedAt: Date | null = order.stockReturnedAt;

    if (next === "cancelled") {
      const shipped = Boolean(order.shippedAt) || order.status === "completed";
      if (!order.stockReturnedAt && !shipped) {
        for (const item of items) await giveBack(tx, item);
        stockReturnedAt = new Date();
        change.stockReturned = true;
      }
    } else if (order.status === "cancelled" && order.stockReturnedAt) {
      for (const item of items) {
        if (!(await takeAgain(tx, item))) throw new AdminOrderError(notEnoughStockMessage(item), 409);
      }
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
  if (!order) throw new AdminOrderError(adminOrderMessages.notFound, 404);
  if (order.status === "cancelled") throw new AdminOrderError(adminOrderMessages.shippingCancelled, 409);
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
    if (!locked) throw new AdminOrderError(adminOrderMessages.shippingCancelled, 409);
    await enqueueMail(tx, { kind: MAIL_KINDS.shippingNotification, to: order.customerEmail, ...mail });
  });
  kickOutbox();
}
