/**
 * What every view of an order shows of it — the confirmation e-mail, the order's own page, the panel:
 * its number, amounts, delivery and the address it goes to, read the same way everywhere.
 */

import { orderNumber } from "~/lib/order-number";
import { deliveryOptions } from "~/modules/cart/delivery";
import type { orders } from "../../../db/schema";

type OrderRow = typeof orders.$inferSelect;

/** Delivery address lines of an order: the courier address, or the parcel locker. */
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

/** The order's number, amounts (grosze), delivery method's label and cost, and address lines. */
export function orderFigures(order: OrderRow) {
  return {
    orderNumber: orderNumber(order.id),
    subtotal: order.subtotal,
    discountAmount: order.discountAmount,
    discountCode: order.discountCode,
    deliveryLabel: deliveryOptions[order.deliveryMethod].label,
    deliveryCost: order.deliveryCost,
    total: order.totalAmount,
    deliveryAddress: deliveryAddressLines(order),
  };
}
