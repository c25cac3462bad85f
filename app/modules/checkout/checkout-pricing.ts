/**
 * The priced checkout: the snapshot the server stores when checkout starts, so the payment session and
 * the order carry exactly the numbers the cart showed (totals come from the cart's own pure module).
 */

import { computeCartTotals } from "~/modules/cart/totals";
import type { CheckoutLine, DeliveryMethod } from "../../../db/schema";

export type AppliedDiscount = {
  discountCodeId: string;
  code: string;
  /** Grosze off the products (capped at the subtotal). */
  discountAmount: number;
  freeShipping: boolean;
};

export type PricedCheckout = {
  lines: CheckoutLine[];
  /** Products before discount, grosze. */
  subtotal: number;
  discountAmount: number;
  discountCode: string | null;
  discountCodeId: string | null;
  deliveryMethod: DeliveryMethod;
  deliveryCost: number;
  /** products − discount + delivery; never negative. */
  total: number;
};

export function priceCheckout(input: {
  lines: CheckoutLine[];
  discount: AppliedDiscount | null;
  deliveryMethod: DeliveryMethod;
}): PricedCheckout {
  const subtotal = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const totals = computeCartTotals({
    subtotal,
    discount: input.discount,
    deliveryMethod: input.deliveryMethod,
  });
  return {
    lines: input.lines,
    subtotal: totals.subtotal,
    discountAmount: totals.discountAmount,
    discountCode: input.discount?.code ?? null,
    discountCodeId: input.discount?.discountCodeId ?? null,
    deliveryMethod: input.deliveryMethod,
    deliveryCost: totals.deliveryCost,
    total: totals.total,
  };
}
