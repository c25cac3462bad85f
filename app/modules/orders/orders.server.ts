import { createHash, timingSafeEqual } from "node:crypto";
import { asc, desc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { orderLineSaleNote } from "~/modules/catalog/price-labels";
import { orderItems, orders } from "../../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What is stored of an order's private-link token (the link itself is only in the buyer's e-mail). */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * An order with its items for someone allowed to see it: the holder of its private link (guests) or
 * the signed-in owner. Anyone else gets null, exactly as for an order that does not exist.
 */
export async function getOrderForViewer(
  orderId: string,
  viewer: { token?: string | null; userId?: string | null },
  executor: Executor = db(),
) {
  if (!UUID.test(orderId)) return null;
  // One read: the order and its items (left out below unless the viewer may see them).
  const rows = await executor
    .select({ order: orders, item: orderItems })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.id, orderId))
    .orderBy(asc(orderItems.id));
  const order = rows[0]?.order;
  if (!order) return null;
  const byToken = Boolean(
    viewer.token && order.accessTokenHash && sameHash(hashToken(viewer.token), order.accessTokenHash),
  );
  const byOwner = Boolean(viewer.userId && order.userId === viewer.userId);
  if (!byToken && !byOwner) return null;
  const items = rows.flatMap((row) => (row.item ? [row.item] : []));
  return { order, items };
}

export type AccountOrderItem = {
  id: string;
  name: string;
  slug: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  pricePerUnit: number;
  /** "(cena regularna 19,00 zł, -25%)" for a line bought at a sale price, else null. */
  saleNote: string | null;
};

export type AccountOrder = {
  id: string;
  status: string;
  createdAt: Date;
  subtotal: number;
  discountAmount: number;
  deliveryCost: number;
  totalAmount: number;
  itemCount: number;
  items: AccountOrderItem[];
};

/**
 * The orders of one user for the account's order history (SPEC §2 Orders), newest first, each with its
 * items. Filtered by the user id of the session on the server: no other user's order can appear.
 */
export async function listOrdersForUser(userId: string, executor: Executor = db()): Promise<AccountOrder[]> {
  // One read: the orders and their items, the orders newest first, each order's items in order.
  const joined = await executor
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      subtotal: orders.subtotal,
      discountAmount: orders.discountAmount,
      deliveryCost: orders.deliveryCost,
      totalAmount: orders.totalAmount,
      item: orderItems,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.id));
  const rows: Omit<(typeof joined)[number], "item">[] = [];
  const byOrder = new Map<string, AccountOrderItem[]>();
  for (const { item, ...row } of joined) {
    if (!byOrder.has(row.id)) {
      rows.push(row);
      byOrder.set(row.id, []);
    }
    if (!item) continue;
    byOrder.get(row.id)?.push({
      id: item.id,
      name: item.productName,
      slug: item.productSlug,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
      saleNote: orderLineSaleNote(item),
    });
  }
  return rows.map((row) => {
    const orderItemsOfRow = byOrder.get(row.id) ?? [];
    return {
      ...row,
      items: orderItemsOfRow,
      itemCount: orderItemsOfRow.reduce((sum, item) => sum + item.quantity, 0),
    };
  });
}
