import type { orders } from "../../../db/schema";

/** Delivery address lines of an order: the courier address, or the parcel locker. */
export function deliveryAddressLines(
  order: Pick<typeof orders.$inferSelect, "deliveryMethod" | "shippingAddress" | "locker">,
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
