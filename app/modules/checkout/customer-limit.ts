/**
 * "Max N per customer" (issue #27; who counts: issue #42, decision 037). What counts against a
 * customer is what that customer did. At checkout start: every checkout of the same account or the same
 * browser; and, for a buyer who has shown they own the address (signed in to an account verified with
 * it), also the address's paid checkouts and the open ones of other verified sessions of that owner. A
 * guest's unpaid checkout typed with an address counts for nobody else, so a stranger cannot lock the
 * owner out; and an unproven buyer's start never depends on the address's history, so its answer tells
 * a stranger nothing. The address is held at payment instead (`paidOverLimit`, under the same locks):
 * a payment that would pass the limit is refunded automatically. What counts at all is what can still
 * become a sale or was one: an open checkout until its reservation ends, a paid one unless its order
 * was cancelled or the payment refunded. Pure: customer-limit.server.ts loads and locks.
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

/** Who a checkout was opened by, and whether that buyer had shown they own its address. */
export type CheckoutIdentity = {
  emailKey: string | null;
  userId: string | null;
  browser: string | null;
  /** Opened by a signed-in account verified with this very address. */
  emailProven: boolean;
};

/** Marks of a paid checkout that never became a sale: its money was given back automatically. */
export const REFUNDED_MARKS = ["paid_stock_gone", "paid_over_limit", "paid_not_first"] as const;
export type RefundedMark = (typeof REFUNDED_MARKS)[number];

export function isRefundedMark(mark: string | null): mark is RefundedMark {
  return (REFUNDED_MARKS as readonly (string | null)[]).includes(mark);
}

/** Whether the customer starting a checkout (`starter`) answers for `checkout` (issue #42). */
export function countsAgainst(
  checkout: CheckoutIdentity & Pick<HeldCheckout, "status" | "paidAt">,
  starter: CheckoutIdentity,
): boolean {
  // What this account or this browser did is theirs, whatever address it was typed with.
  if (starter.userId && checkout.userId === starter.userId) return true;
  if (starter.browser && checkout.browser === starter.browser) return true;
  // The address's history is told only to its proven owner; everyone else meets it at payment.
  if (!starter.emailProven || !starter.emailKey || checkout.emailKey !== starter.emailKey) return false;
  return Boolean(checkout.paidAt) || checkout.status === "paid" || checkout.emailProven;
}

/** Whether a checkout still holds (or held and kept) what is in it, at `now`. */
export function stillHolds(checkout: HeldCheckout, now: Date): boolean {
  // Refunded payments never became a sale; other marks (a first-order code paid late) are orders.
  if (isRefundedMark(checkout.needsAttention)) return false;
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

/**
 * The Polish refusal for the first breach. `held` counts only what the asker may be told: their own
 * account's and browser's checkouts, and the address's only for its proven owner (decision 037).
 */
export function limitBreachMessage({ name, limit, held }: LimitBreach): string {
  const rest = limit - held;
  if (rest <= 0) {
    return `${name}: limit to ${limit} szt. na klienta, a masz już ${held} szt. w zamówieniach. Nie możesz kupić kolejnych.`;
  }
  return `${name}: limit to ${limit} szt. na klienta${held > 0 ? `, masz już ${held} szt. w zamówieniach` : ""}. Możesz kupić jeszcze ${rest} szt. — zmień ilość w koszyku.`;
}

export const LIMIT_NEEDS_EMAIL_MESSAGE =
  "Ten produkt ma limit sztuk na klienta: podaj adres e-mail przed przejściem do płatności.";
