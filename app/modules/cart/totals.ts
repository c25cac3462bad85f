/**
 * Cart totals (SPEC §9, ARCHITECTURE "Delivery prices"): total = products − discount + delivery, delivery
 * free from 200,00 zł of products after discount or with a free-shipping code. Pure: the cart page, the
 * navigation preview and the checkout server compute the same numbers. Money is grosze.
 */
import {
  amountToFreeDelivery,
  type DeliveryMethod,
  deliveryCost,
  qualifiesForFreeDelivery,
} from "~/modules/cart/delivery";

export type AppliedDiscountEffect = { discountAmount: number; freeShipping: boolean };

export type CartTotals = {
  /** Products before discount. */
  subtotal: number;
  /** Taken off the products: never more than the subtotal. */
  discountAmount: number;
  productsAfterDiscount: number;
  deliveryMethod: DeliveryMethod;
  deliveryCost: number;
  freeDelivery: boolean;
  /** Whether a free-shipping code (rather than the threshold) made delivery free. */
  freeDeliveryByCode: boolean;
  /** Tickets (issue #40): no code takes anything off them, they do not count towards free delivery. */
  tickets: number;
  /** Products after discount + delivery + tickets; never negative. */
  total: number;
  /** How much more the products must cost for free delivery (0 when already free). */
  amountToFreeDelivery: number;
};

export function computeCartTotals(input: {
  subtotal: number;
  discount: AppliedDiscountEffect | null;
  deliveryMethod: DeliveryMethod;
  /** The tickets' total, grosze (default none). */
  tickets?: number;
}): CartTotals {
  const tickets = Math.max(0, Math.floor(input.tickets ?? 0));
  const subtotal = Math.max(0, Math.floor(input.subtotal));
  const discountAmount = Math.min(subtotal, Math.max(0, Math.floor(input.discount?.discountAmount ?? 0)));
  const productsAfterDiscount = subtotal - discountAmount;
  const freeShippingCode = input.discount?.freeShipping ?? false;
  const delivery = deliveryCost(input.deliveryMethod, productsAfterDiscount, freeShippingCode);
  const freeDelivery = qualifiesForFreeDelivery(productsAfterDiscount, freeShippingCode);
  return {
    subtotal,
    discountAmount,
    productsAfterDiscount,
    deliveryMethod: input.deliveryMethod,
    deliveryCost: delivery,
    freeDelivery,
    freeDeliveryByCode: freeShippingCode,
    tickets,
    total: productsAfterDiscount + delivery + tickets,
    amountToFreeDelivery: freeDelivery ? 0 : amountToFreeDelivery(productsAfterDiscount),
  };
}
