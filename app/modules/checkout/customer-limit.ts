/**
 * "Max N per customer" (issue #27): how many units of a limited product one customer already holds.
 * A customer is the normalised e-mail, the account and the browser together: a checkout that shares
 * any of the three with the one starting counts. What counts is what can still become a sale or was
 * one — an open checkout until its reservation ends, a paid one unless its order was cancelled or it
 * was refunded because the stock was gone — so a buyer cannot pass the limit by opening checkouts
 * they never pay, nor be blocked by a payment that never became theirs. Pure: the server
 * (customer-limit.server.ts) loads the checkouts under a lock and asks this.
 */
import type { CheckoutLine } from "../../../db/schema";

export type HeldCheckout = {
  status: "open" | "paid" | "expired" | "cancelled" | "failed";
  paidAt: Date | null;
  expiresAt: Date;
  /** Set when a paid checkout could not become an order and was refunded. */
  needsAttention: string | null;
  /** The status of its order, when there is one. */
  orderStatus: "pending" | "processing" | "completed" | "cancelled" | null;
  lines: readonly Pick<CheckoutLine, "productId" | "quantity">[];
};

/** Whether a checkout still holds (or held and kept) what is in it, at `now`. */
export function stillHolds(checkout: HeldCheckout, now: Date): boolean {
  if (checkout.needsAttention) return false;
  if (checkout.orderStatus === "cancelled") return false;
  if (checkout.paidAt || checkout.status === "paid") return true;
  return checkout.status === "open" && checkout.expiresAt.getTime() > now.getTime();
}

/** Units of `productId` the customer holds across `checkouts`. */
export function unitsHeld(checkouts: readonly HeldCheckout[], productId: string, now: Date): number {
  let units = 0;
  for (const checkout of checkouts) {
    if (!stillHolds(checkout, now)) continue;
    for (const line of checkout.lines) if (line.productId === productId) units += line.quantity;
  }
  return units;
}

export type LimitedProduct = { productId: string; name: string; limit: number };
export type LimitBreach = LimitedProduct & { held: number; wanted: number };

/**
 * The limited products the new checkout's `lines` would take past their limit (every size of a product
 * counts together), given what the customer already holds.
 */
export function limitBreaches(
  lines: readonly Pick<CheckoutLine, "productId" | "quantity">[],
  limited: readonly LimitedProduct[],
  held: (productId: string) => number,
): LimitBreach[] {
  const breaches: LimitBreach[] = [];
  for (const product of limited) {
    const wanted = lines
      .filter((line) => line.productId === product.productId)
      .reduce((sum, line) => sum + line.quantity, 0);
    if (wanted === 0) continue;
    const already = held(product.productId);
    if (already + wanted > product.limit) breaches.push({ ...product, held: already, wanted });
  }
  return breaches;
}

/** The Polish refusal for the first breach. */
export function limitBreachMessage({ name, limit, held }: LimitBreach): string {
  const rest = limit - held;
  if (rest <= 0) {
    return `${name}: limit to ${limit} szt. na klienta, a masz już ${held} szt. w zamówieniach. Nie możesz kupić kolejnych.`;
  }
  return `${name}: limit to ${limit} szt. na klienta${held > 0 ? `, masz już ${held} szt. w zamówieniach` : ""}. Możesz kupić jeszcze ${rest} szt. — zmień ilość w koszyku.`;
}

export const LIMIT_NEEDS_EMAIL_MESSAGE =
  "Ten produkt ma limit sztuk na klienta: podaj adres e-mail przed przejściem do płatności.";
