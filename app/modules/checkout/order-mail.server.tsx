/** Queues the order confirmation in the outbox, inside the transaction that creates the order. */
import {
  OrderConfirmationEmail,
  type OrderConfirmationProps,
  orderConfirmationSubject,
  orderConfirmationText,
} from "~/emails/order-confirmation";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { deliveryOptions, SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { renderEmail } from "~/modules/mail/render.server";
import type { orderItems, orders } from "../../../db/schema";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function orderStatusUrl(orderId: string, accessToken: string) {
  return `${env().siteUrl}/zamowienie/${orderId}?token=${encodeURIComponent(accessToken)}`;
}

/** Delivery address lines: the courier address, or the parcel locker. */
export function deliveryAddressLines(
  order: Pick<OrderRow, "deliveryMethod" | "shippingAddress" | "locker">,
): string[] {
  if (order.deliveryMethod === "inpost" && order.locker) {
    return [
      `Paczkomat ${order.locker.name}`,
      order.locker.address.line1,
      order.locker.address.line2 ?? "",
    ].filter(Boolean);
  }
  const address = order.shippingAddress;
  if (!address) return [];
  return [address.name, address.line1, address.line2 ?? "", `${address.postal_code} ${address.city}`].filter(
    Boolean,
  );
}

export function orderConfirmationProps(
  order: OrderRow,
  items: OrderItemRow[],
  accessToken: string,
): OrderConfirmationProps {
  return {
    site: env().site,
    orderNumber: order.id.slice(0, 8).toUpperCase(),
    customerName: order.customerName,
    createdAt: order.createdAt,
    items: items.map((item) => ({
      name: item.productName,
      size: item.size,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
    })),
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    deliveryLabel: deliveryOptions[order.deliveryMethod].label,
    deliveryCost: order.deliveryCost,
    total: order.totalAmount,
    deliveryAddress: deliveryAddressLines(order),
    orderUrl: orderStatusUrl(order.id, accessToken),
    shippingTime: SHIPPING_TIME_TEXT,
  };
}

export async function queueOrderConfirmation(
  executor: Executor,
  { order, items, accessToken }: { order: OrderRow; items: OrderItemRow[]; accessToken: string },
) {
  const props = orderConfirmationProps(order, items, accessToken);
  const mail = await renderEmail(
    <OrderConfirmationEmail {...props} />,
    orderConfirmationSubject(props),
    orderConfirmationText(props),
  );
  await enqueueMail(executor, { kind: "order-confirmation", to: order.customerEmail, ...mail });
}
