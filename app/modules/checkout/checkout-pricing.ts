/**
 * The priced checkout: the snapshot the server stores when checkout starts, so the payment session and
 * the order carry exactly the numbers the cart showed (totals come from the cart's own pure module).
 */

import { computeCartTotals } from "~/modules/cart/totals";
import type { CheckoutLine, CheckoutTicketLine, DeliveryMethod } from "../../../db/schema";

export type AppliedDiscount = {
  discountCodeId: string;
  code: string;
  /** Grosze off the products (capped at the subtotal). */
  discountAmount: number;
  freeShipping: boolean;
};

export type PricedCheckout = {
  lines: CheckoutLine[];
  /** Tickets (issue #40): never discounted, never shipped. */
  ticketLines: CheckoutTicketLine[];
  /** Products and tickets before discount, grosze. */
  subtotal: number;
  discountAmount: number;
  discountCode: string | null;
  discountCodeId: string | null;
  deliveryMethod: DeliveryMethod;
  deliveryCost: number;
  /** products − discount + delivery + tickets; never negative. */
  total: number;
};

/**
 * A code and the free-delivery threshold concern the products only: a code takes nothing off a ticket
 * (a night's price is its tier's), and tickets do not count towards free delivery.
 */
export function priceCheckout(input: {
  lines: CheckoutLine[];
  ticketLines?: CheckoutTicketLine[];
  discount: AppliedDiscount | null;
  deliveryMethod: DeliveryMethod;
}): PricedCheckout {
  const ticketLines = input.ticketLines ?? [];
  const products = input.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const tickets = ticketLines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const totals = computeCartTotals({
    subtotal: products,
    discount: input.discount,
    deliveryMethod: input.deliveryMethod,
    tickets,
  });
  return {
    lines: input.lines,
    ticketLines,
    subtotal: totals.subtotal + tickets,
    discountAmount: totals.discountAmount,
    discountCode: input.discount?.code ?? null,
    discountCodeId: input.discount?.discountCodeId ?? null,
    deliveryMethod: input.deliveryMethod,
    deliveryCost: totals.deliveryCost,
    total: totals.total,
  };
}
