/**
 * How much of an order can still be given back, and what a chosen refund is worth — in grosze, with no
 * grosz lost or invented. Pure: the panel's refund dialog shows these numbers, `refundOrder` charges
 * them, and the tests beside this file pin them.
 *
 * The discount was one amount off the products (a code's percentage or fixed amount, capped at the
 * subtotal; Stripe got it as one coupon; never off a ticket). Each product line carries a share of it
 * in proportion to its value,
 * remainders given by the largest fraction, so the lines' paid amounts add up to exactly subtotal −
 * discount. Within a line, the first q units are worth round(linePaid · q / quantity): refunding the
 * units one at a time or all at once comes to the same line total. Delivery is refundable up to what
 * was paid for it; after a withdrawal only up to the cheapest standard delivery (art. 33 of the
 * consumer rights act), see `withdrawalDeliveryCap`.
 */
import { DomainError } from "~/lib/domain-error";
import { cheapestDeliveryPrice } from "~/modules/cart/delivery";
import type { RefundKind, RefundLine } from "../../../db/schema";

export type { RefundLine } from "../../../db/schema";

export const refundErrors = {
  nothingChosen: "Wybierz produkty lub koszt dostawy do zwrotu",
  nothingLeft: "To zamówienie zostało już w całości zwrócone",
  foreignLine: "Wybrana pozycja nie należy do tego zamówienia",
  duplicateLine: "Każdy produkt może wystąpić w zwrocie tylko raz",
  quantity: "Podaj liczbę sztuk do zwrotu (liczba całkowita, 0 lub więcej)",
  tooMany: (name: string, left: number) => `Z pozycji „${name}” można zwrócić najwyżej ${left} szt.`,
  deliveryRefunded: "Koszt dostawy został już zwrócony",
  zeroAmount: "Wybrane pozycje nie mają kwoty do zwrotu (zapłacono za nie 0 zł)",
  aboveRemaining: (remaining: string) =>
    `Kwota zwrotu przekracza kwotę, którą można jeszcze zwrócić (${remaining})`,
} as const;

/** The order figures a quote reads (orders row, plus the delivery already refunded). */
export type RefundOrderFigures = {
  subtotal: number;
  discountAmount: number;
  deliveryCost: number;
  totalAmount: number;
  refundedAmount: number;
  /** Grosze of delivery already refunded (pending or done); 0 when unknown. */
  deliveryRefunded?: number;
};

/** The item figures a quote reads (order_items row). */
export type RefundItemFigures = {
  id: string;
  productName: string;
  size: string | null;
  quantity: number;
  pricePerUnit: number;
  refundedQuantity: number;
  /** A line of tickets (issue #40): no code took anything off it, so it carries no share of the discount. */
  ticketTypeId?: string | null;
};

export type RefundableLine = {
  orderItemId: string;
  name: string;
  size: string | null;
  quantity: number;
  refundedQuantity: number;
  /** Grosze per unit as paid (discount spread), rounded; a line's units may differ by a grosz. */
  unitPaid: number;
  /** Grosze paid for the whole line (price × quantity − its share of the discount). */
  linePaid: number;
  /** Grosze of this line not refunded yet. */
  lineRefundable: number;
};

export type RefundQuote = {
  lines: RefundableLine[];
  /** Delivery cost not refunded yet. */
  deliveryRefundable: number;
  /** Delivery refundable after a withdrawal: at most the cheapest standard delivery, less what was refunded. */
  deliveryRefundableOnWithdrawal: number;
  /** total − refunded: what can still be given back at all. */
  remaining: number;
};

export type RefundRequest = {
  lines: { orderItemId: string; quantity: number }[];
  includeDelivery: boolean;
  /** A withdrawal's delivery is refunded only up to the cheapest standard delivery. */
  kind?: RefundKind;
};

export type PricedRefund = { amount: number; deliveryAmount: number; lines: RefundLine[] };

/**
 * Spreads `discount` over `values` in proportion to each, largest remainder first: the shares are
 * integers, each at most its value, and add up to exactly min(discount, Σ values).
 */
export function spreadDiscount(values: readonly number[], discount: number): number[] {
  const total = values.reduce((sum, value) => sum + value, 0);
  const off = Math.min(Math.max(0, Math.floor(discount)), total);
  if (total === 0 || off === 0) return values.map(() => 0);
  const exact = values.map((value) => (value * off) / total);
  const shares = exact.map(Math.floor);
  let left = off - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index] += 1;
    left -= 1;
  }
  return shares;
}

/** Grosze the first `units` units of a line are worth (round(linePaid · units / quantity)). */
export function unitsWorth(linePaid: number, quantity: number, units: number): number {
  if (quantity <= 0) return 0;
  return Math.round((linePaid * units) / quantity);
}

/** The delivery a withdrawal refunds at most: what was paid, capped at the cheapest standard delivery. */
export function withdrawalDeliveryCap(deliveryCost: number): number {
  return Math.min(Math.max(0, deliveryCost), cheapestDeliveryPrice());
}

/** What can still be refunded of an order: its lines as paid, the delivery, the remaining total. */
export function quoteRefund(order: RefundOrderFigures, items: readonly RefundItemFigures[]): RefundQuote {
  const values = items.map((item) => item.pricePerUnit * item.quantity);
  // The discount came off the products only: a ticket is refunded at its full price.
  const shares = spreadDiscount(
    items.map((item, index) => (item.ticketTypeId ? 0 : values[index])),
    order.discountAmount,
  );
  const lines = items.map((item, index): RefundableLine => {
    const linePaid = values[index] - shares[index];
    return {
      orderItemId: item.id,
      name: item.productName,
      size: item.size,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
      unitPaid: item.quantity > 0 ? Math.round(linePaid / item.quantity) : 0,
      linePaid,
      lineRefundable: linePaid - unitsWorth(linePaid, item.quantity, item.refundedQuantity),
    };
  });
  const deliveryRefunded = Math.max(0, order.deliveryRefunded ?? 0);
  const remaining = Math.max(0, order.totalAmount - order.refundedAmount);
  const deliveryRefundable = Math.min(remaining, Math.max(0, order.deliveryCost - deliveryRefunded));
  const deliveryRefundableOnWithdrawal = Math.min(
    deliveryRefundable,
    Math.max(0, withdrawalDeliveryCap(order.deliveryCost) - deliveryRefunded),
  );
  return { lines, deliveryRefundable, deliveryRefundableOnWithdrawal, remaining };
}

/** Formats grosze for a message without pulling the money module's Intl into this pure file's tests. */
function zloty(grosze: number) {
  return `${(grosze / 100).toFixed(2).replace(".", ",")} zł`;
}

/**
 * Prices a refund request against a quote: each chosen line's units at their paid worth, plus the
 * delivery when asked. Throws a DomainError (Polish, 400) for a line of another order, a repeated
 * line, a quantity that is not a whole number ≥ 0 or above what is left, or nothing to refund.
 */
export function priceRefund(quote: RefundQuote, request: RefundRequest): PricedRefund {
  if (quote.remaining <= 0) throw new DomainError(refundErrors.nothingLeft, 409);
  const byId = new Map(quote.lines.map((line) => [line.orderItemId, line]));
  const seen = new Set<string>();
  const lines: RefundLine[] = [];
  for (const chosen of request.lines) {
    if (!Number.isSafeInteger(chosen.quantity) || chosen.quantity < 0) {
      throw new DomainError(refundErrors.quantity, 400, "lines");
    }
    const line = byId.get(chosen.orderItemId);
    if (!line) throw new DomainError(refundErrors.foreignLine, 400, "lines");
    if (seen.has(line.orderItemId)) throw new DomainError(refundErrors.duplicateLine, 400, "lines");
    seen.add(line.orderItemId);
    if (chosen.quantity === 0) continue;
    const left = line.quantity - line.refundedQuantity;
    if (chosen.quantity > left) throw new DomainError(refundErrors.tooMany(line.name, left), 400, "lines");
    const amount =
      unitsWorth(line.linePaid, line.quantity, line.refundedQuantity + chosen.quantity) -
      unitsWorth(line.linePaid, line.quantity, line.refundedQuantity);
    lines.push({
      orderItemId: line.orderItemId,
      name: line.name,
      size: line.size,
      quantity: chosen.quantity,
      amount,
    });
  }
  const deliveryAmount = request.includeDelivery
    ? request.kind === "withdrawal"
      ? quote.deliveryRefundableOnWithdrawal
      : quote.deliveryRefundable
    : 0;
  const amount = lines.reduce((sum, line) => sum + line.amount, 0) + deliveryAmount;
  if (lines.length === 0 && deliveryAmount === 0) {
    throw new DomainError(
      request.includeDelivery && request.lines.length === 0
        ? refundErrors.deliveryRefunded
        : refundErrors.nothingChosen,
      400,
      "lines",
    );
  }
  if (amount === 0) throw new DomainError(refundErrors.zeroAmount, 400, "lines");
  if (amount > quote.remaining)
    throw new DomainError(refundErrors.aboveRemaining(zloty(quote.remaining)), 409);
  return { amount, deliveryAmount, lines };
}

/**
 * A withdrawal's lines less the units another refund paid back already (the order's general "Zwrot
 * pieniędzy" may have refunded them first): what the withdrawal's own refund still owes, lines with
 * nothing left dropped. An empty answer means the withdrawal was paid in full otherwise.
 */
export function unrefundedUnits(
  lines: readonly { orderItemId: string; quantity: number }[],
  items: readonly Pick<RefundItemFigures, "id" | "quantity" | "refundedQuantity">[],
): { orderItemId: string; quantity: number }[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return lines.flatMap((line) => {
    const item = byId.get(line.orderItemId);
    if (!item) return [line];
    const quantity = Math.min(line.quantity, Math.max(0, item.quantity - item.refundedQuantity));
    return quantity > 0 ? [{ orderItemId: line.orderItemId, quantity }] : [];
  });
}

/** A full refund of what is left: every line's remaining units and the remaining delivery. */
export function fullRefundRequest(quote: RefundQuote): RefundRequest {
  return {
    lines: quote.lines
      .filter((line) => line.quantity > line.refundedQuantity)
      .map((line) => ({ orderItemId: line.orderItemId, quantity: line.quantity - line.refundedQuantity })),
    includeDelivery: quote.deliveryRefundable > 0,
  };
}
