/**
 * Cart pricing types and pure helpers, shared by the server (pricing.server.ts) and the cart page,
 * which shows the server's answer.
 */
import type { ImageRef } from "~/lib/images";
import type { SaleBadge } from "~/modules/catalog/sale-price";
import type { DiscountCheck } from "~/modules/discounts/discount";
import type { CartLineInput } from "./cart.schema";
import type { CartTotals } from "./totals";

/**
 * `ok`: can be bought in the requested quantity.
 * `insufficient_stock`: on sale, but fewer units than requested (`availableStock` says how many).
 * `unavailable`: unknown, inactive, sold out, or a variant that is missing or not this product's.
 */
export type LineStatus = "ok" | "insufficient_stock" | "unavailable";

/** A cart line priced from the database. A superset of the checkout snapshot line (`CheckoutLine`). */
export type PricedLine = {
  productId: string;
  variantId: string | null;
  quantity: number;
  /** Current product name (or the id when the product no longer exists). */
  name: string;
  slug: string;
  size: string | null;
  color: string | null;
  image: ImageRef | null;
  /**
   * What one unit costs now in grosze: product price + variant additional price, or the sale price
   * while a sale covers the line. 0 when unknown.
   */
  unitPrice: number;
  /** While a sale covers the line: the sale price (= unitPrice), struck regular price, 30-day lowest. */
  sale?: SaleBadge;
  /** Why the cart's code takes nothing off this line ("Kod nie łączy się z promocjami"). */
  codeNote?: string;
  /** unitPrice × quantity. */
  lineTotal: number;
  /** Units on sale now: the variant's stock for variant products, the product's own otherwise. */
  availableStock: number;
  status: LineStatus;
  /** Polish explanation for the customer when status is not `ok`. */
  problem: string | null;
  /** Set when the line is a drop not on sale yet (status `unavailable`): the instant it will be. */
  releaseAt?: string;
  /** Set when the product is limited to so many units per customer (the checkout needs the e-mail). */
  limitPerCustomer?: number;
};

/**
 * Merges lines of the same product and variant (their quantities add up), keeping first-seen order,
 * so stock is checked against everything the cart wants of one variant.
 */
export function mergeCartLines(lines: readonly CartLineInput[]): CartLineInput[] {
  const merged = new Map<string, CartLineInput>();
  for (const line of lines) {
    const key = `${line.productId}|${line.variantId ?? ""}`;
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return [...merged.values()];
}

/** Products' value of the lines that can be bought (unavailable lines count 0), in grosze. */
export function pricedSubtotal(lines: readonly PricedLine[]) {
  return lines.reduce((sum, line) => (line.status === "unavailable" ? sum : sum + line.lineTotal), 0);
}

/** What a code that does not combine with sales may take off: the lines not bought at a sale price. */
export function saleFreeSubtotal(lines: readonly PricedLine[]) {
  return pricedSubtotal(lines.filter((line) => !line.sale));
}

export type CartQuote = {
  lines: PricedLine[];
  /** The discount's verdict, or null when no code was given. */
  discount: DiscountCheck | null;
  totals: CartTotals;
  /** Every line can be bought as asked (checkout will accept the cart). */
  purchasable: boolean;
};

/** Key of a line's product and variant (a priced line matched back to the cart's line). */
export function lineKey(line: { productId: string; variantId: string | null }) {
  return `${line.productId}|${line.variantId ?? ""}`;
}
