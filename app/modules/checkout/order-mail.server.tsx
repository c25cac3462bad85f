/** Queues the order confirmation in the outbox, inside the transaction that creates the order. */
import type { OrderConfirmationProps } from "~/emails/order-confirmation";
import { renderOrderConfirmation } from "~/emails/transactional.server";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { SHIPPING_TIME_TEXT } from "~/modules/cart/delivery";
import { orderLineSale } from "~/modules/catalog/price-labels";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { orderFigures } from "~/modules/orders/order-view";
import type { orderItems, orders } from "../../../db/schema";

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export function orderStatusUrl(orderId: string, accessToken: string) {
  return `${env().siteUrl}/zamowienie/${orderId}?token=${encodeURIComponent(accessToken)}`;
}

export function orderConfirmationProps(
  order: OrderRow,
  items: OrderItemRow[],
  accessToken: string,
): OrderConfirmationProps {
  return {
    site: env().site,
    ...orderFigures(order),
    customerName: order.customerName,
    createdAt: order.createdAt,
    items: items.map((item) => ({
      name: item.productName,
      size: item.size,
      quantity: item.quantity,
      pricePerUnit: item.pricePerUnit,
      sale: orderLineSale(item),
    })),
    orderUrl: orderStatusUrl(order.id, accessToken),
    shippingTime: SHIPPING_TIME_TEXT,
  };
}

export async function queueOrderConfirmation(
  executor: Executor,
  { order, items, accessToken }: { order: OrderRow; items: OrderItemRow[]; accessToken: string },
) {
  const props = orderConfirmationProps(order, items, accessToken);
  const mail = await renderOrderConfirmation(props);
  await enqueueMail(executor, { kind: "order-confirmation", to: order.customerEmail, ...mail });
}
