/** What can still be refunded of an order, read from the database (the arithmetic is refund-amounts.ts). */
import { and, eq, ne, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { orderItems, type orders, orders as ordersTable, refunds } from "../../../db/schema";
import { quoteRefund, type RefundQuote } from "./refund-amounts";

type OrderRow = typeof orders.$inferSelect;

/** An order was paid through a provider when it came from a checkout (every such order was paid first). */
export function isOrderPaid(order: Pick<OrderRow, "checkoutId">): boolean {
  return order.checkoutId !== null;
}

/** Grosze of delivery already refunded or being refunded (failed refunds gave theirs back). */
export async function deliveryRefunded(executor: Executor, orderId: string) {
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
