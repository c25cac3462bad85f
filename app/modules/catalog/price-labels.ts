/**
 * The words a sale price is shown with (issue #28), the same on the product card, the product page,
 * the cart and the e-mails. Pure: the browser formats nothing but money here.
 */
import { formatPrice } from "~/lib/money";
import { LOWEST_PRICE_WINDOW_DAYS, percentOff, type SaleBadge } from "./sale-price";

/** Read before the struck regular price (screen readers do not announce the strike itself). */
export const REGULAR_PRICE_LABEL = "Cena regularna:";

/** "Najniższa cena z 30 dni przed obniżką: 119,99 zł" (the Omnibus rule). */
export function lowestPriorText(grosze: number) {
  return `Najniższa cena z ${LOWEST_PRICE_WINDOW_DAYS} dni przed obniżką: ${formatPrice(grosze)}`;
}

/** The reduction badge: "-20%". */
export function percentOffText(percent: number) {
  return `-${percent}%`;
}

/** What one unit costs now: the sale price while a sale covers it, else `price`. */
export function priceNow(price: number, sale: Pick<SaleBadge, "price"> | null | undefined) {
  return sale ? sale.price : price;
}

/** A line of an order bought at a sale price, as the order recorded it. */
export type OrderLineSale = { regular: number; percentOff: number; lowestPrior: number };

/**
 * The sale an order line was bought at, from its recorded prices: null for a line paid at its regular
 * price (no 30-day lowest recorded, or nothing taken off).
 */
export function orderLineSale(item: {
  pricePerUnit: number;
  regularPricePerUnit: number | null;
  lowestPriorPrice: number | null;
}): OrderLineSale | null {
  const regular = item.regularPricePerUnit;
  if (item.lowestPriorPrice === null || regular === null || regular <= item.pricePerUnit) return null;
  return {
    regular,
    percentOff: percentOff(regular, item.pricePerUnit),
    lowestPrior: item.lowestPriorPrice,
  };
}

/**
 * The note's words around the regular price, for a view that strikes the price itself (the order
 * e-mail's HTML) and keeps the words for screen readers: "(cena regularna ", "119,99 zł", ", -20%)".
 */
export function saleNoteParts(sale: Pick<OrderLineSale, "regular" | "percentOff">) {
  return {
    before: "(cena regularna ",
    regular: formatPrice(sale.regular),
    after: `, ${percentOffText(sale.percentOff)})`,
  };
}

/** After the unit price of a line bought at a sale price: "(cena regularna 119,99 zł, -20%)". */
export function saleNoteText(sale: Pick<OrderLineSale, "regular" | "percentOff">) {
  const { before, regular, after } = saleNoteParts(sale);
  return `${before}${regular}${after}`;
}

/**
 * What an order's page says after a line's unit price (the account's, the order status page, the
 * panel's order card): "(cena regularna 119,99 zł, -20%)", or null for a line paid at its regular price.
 */
export function orderLineSaleNote(item: Parameters<typeof orderLineSale>[0]): string | null {
  const sale = orderLineSale(item);
  return sale ? saleNoteText(sale) : null;
}
