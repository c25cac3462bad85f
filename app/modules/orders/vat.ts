/**
 * VAT in an order (issue #40): every price is gross (VAT included), and the order and its e-mail list
 * the VAT per rate. Merch and delivery are at the standard rate; each ticket type carries its own
 * (8 % for admission to a cultural event is usual). A code's discount comes off the products, so off
 * the standard rate's base. Per rate the gross is summed first and its VAT rounded once to the grosz
 * (gross × rate / (100 + rate)), as an invoice does, so the rows add up to the order's total.
 */

/** Merch and delivery: Poland's standard rate. */
export const STANDARD_VAT_RATE = 23;

export type VatLine = { gross: number; rate: number };
export type VatRow = { rate: number; gross: number; net: number; vat: number };

/** The order's VAT per rate, highest rate first; rates with nothing to tax are left out. */
export function vatSplit(lines: readonly VatLine[]): VatRow[] {
  const byRate = new Map<number, number>();
  for (const line of lines) {
    if (
      !Number.isSafeInteger(line.gross) ||
      !Number.isInteger(line.rate) ||
      line.rate < 0 ||
      line.rate > 99
    ) {
      throw new RangeError("vatSplit: gross must be whole grosze and the rate a percent 0–99");
    }
    byRate.set(line.rate, (byRate.get(line.rate) ?? 0) + line.gross);
  }
  return [...byRate]
    .filter(([, gross]) => gross > 0)
    .sort(([a], [b]) => b - a)
    .map(([rate, gross]) => {
      const vat = Math.round((gross * rate) / (100 + rate));
      return { rate, gross, net: gross - vat, vat };
    });
}

/** The lines of an order for `vatSplit`: products less the discount, delivery, and each ticket line. */
export function orderVatLines(order: {
  items: readonly {
    quantity: number;
    pricePerUnit: number;
    vatRate: number | null;
    ticketTypeId: string | null;
  }[];
  discountAmount: number;
  deliveryCost: number;
}): VatLine[] {
  const products = order.items
    .filter((item) => item.ticketTypeId === null)
    .reduce((sum, item) => sum + item.quantity * item.pricePerUnit, 0);
  const tickets = order.items
    .filter((item) => item.ticketTypeId !== null)
    .map((item) => ({ gross: item.quantity * item.pricePerUnit, rate: item.vatRate ?? STANDARD_VAT_RATE }));
  return [
    { gross: Math.max(0, products - order.discountAmount), rate: STANDARD_VAT_RATE },
    { gross: order.deliveryCost, rate: STANDARD_VAT_RATE },
    ...tickets,
  ];
}
