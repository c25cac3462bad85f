import { timingSafeEqual } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { hashToken } from "~/modules/checkout/checkout.server";
import { orderItems, orders } from "../../../db/schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const [order] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const byToken = Boolean(
    viewer.token && order.accessTokenHash && sameHash(hashToken(viewer.token), order.accessTokenHash),
  );
  const byOwner = Boolean(viewer.userId && order.userId === viewer.userId);
  if (!byToken && !byOwner) return null;
  const items = await executor
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.id));
  return { order, items };
}
