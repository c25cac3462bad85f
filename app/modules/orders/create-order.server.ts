/**
 * Creating an order: the `orders` row and its `order_items` from a paid checkout's priced snapshot
 * (the prices the buyer was charged, never the catalogue's current ones), with the access token that
 * lets a guest open the order page. Orders and their lines are written only by modules/orders
 * (decision 021); checkout's fulfilment calls this inside its one transaction.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { orderNumber } from "~/lib/order-number";
import type { ProviderSession } from "~/modules/payments/payment-provider.server";
import { type checkouts, orderItems, orders } from "../../../db/schema";
import { hashToken } from "./orders.server";
import { ticketItemName } from "./ticket-item-name";

export type CheckoutOrder = { orderId: string; orderNumber: string; email: string };

/** The order already made from this checkout, if any (a webhook replay, a second return). */
export async function findOrderForCheckout(
  executor: Executor,
  checkoutId: string,
): Promise<CheckoutOrder | null> {
  const [existing] = await executor.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  if (!existing) return null;
  return { orderId: existing.id, orderNumber: orderNumber(existing.id), email: existing.customerEmail };
}

/**
 * Inserts the order and its items for a paid checkout; returns them with the plain access token (only
 * its hash is stored) for the confirmation e-mail. `email` is the buyer's, lower case.
 */
export async function createOrderFromCheckout(
  tx: Executor,
  checkout: typeof checkouts.$inferSelect,
  payment: Pick<ProviderSession, "name" | "phone" | "address">,
  email: string,
) {
  const accessToken = randomBytes(24).toString("base64url");
  const [order] = await tx
    .insert(orders)
    .values({
      status: "pending",
      customerEmail: email,
      customerName: payment.name ?? payment.address?.name ?? null,
      customerPhone: payment.phone,
      userId: checkout.userId,
      checkoutId: checkout.id,
      subtotal: checkout.subtotal,
      discountAmount: checkout.discountAmount,
      discountCode: checkout.discountCode,
      deliveryMethod: checkout.deliveryMethod,
      deliveryCost: checkout.deliveryCost,
      totalAmount: checkout.total,
      shippingAddress: checkout.deliveryMethod === "courier" ? payment.address : null,
      locker: checkout.deliveryMethod === "inpost" ? checkout.locker : null,
      accessTokenHash: hashToken(accessToken),
    })
    .returning();
  const values: (typeof orderItems.$inferInsert)[] = [
    ...checkout.lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      variantId: line.variantId,
      productName: line.name,
      productSlug: line.slug,
      productImage: line.image,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      pricePerUnit: line.unitPrice,
      regularPricePerUnit: line.regularUnitPrice ?? line.unitPrice,
      lowestPriorPrice: line.lowestPriorPrice ?? null,
    })),
    // A line of tickets (issue #40): its tickets are rows of their own, issued by the tickets module.
    ...checkout.ticketLines.map((line) => ({
      orderId: order.id,
      productName: ticketItemName(line),
      ticketTypeId: line.ticketTypeId,
      vatRate: line.vatRate,
      quantity: line.quantity,
      pricePerUnit: line.unitPrice,
      regularPricePerUnit: line.unitPrice,
    })),
  ];
  const items = await tx.insert(orderItems).values(values).returning();
  return { order, items, accessToken };
}
