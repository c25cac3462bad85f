/**
 * What starting, releasing and fulfilling a checkout can refuse with, shared by the three and by the
 * routes that answer the buyer: the refusal the buyer sees (`CheckoutError`), the payment outage
 * message, and the two errors a verified payment can end in (unknown checkout, paid after the stock
 * was gone).
 */
import type { SoldOutRefund } from "./sold-out-refund.server";

export const PAYMENT_UNAVAILABLE = {
  title: "Błąd płatności",
  message: "Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.",
};

/** A refusal the buyer sees (HTTP status + Polish message); nothing was reserved. */
export class CheckoutError extends Error {
  constructor(
    readonly status: 400 | 409 | 429 | 502,
    message: string,
    readonly productId?: string,
    readonly details: {
      /** The discount code was refused (counts as a failed code check). */
      discountRefused?: boolean;
      /** The field the buyer must fix (the cart's e-mail for a first-order code). */
      field?: "email";
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
  }
}

/** A verified payment names a checkout this shop does not have. */
export class UnknownCheckoutError extends Error {
  constructor(readonly checkoutId: string) {
    super(`checkout ${checkoutId} not found`);
  }
}

/** A payment that arrived for a checkout that cannot become an order as paid; refunded automatically. */
export class PaidNeedsRefundError extends Error {
  /** The automatic refund (null when it could not be made: no payment id known). */
  refund: SoldOutRefund | null = null;
  constructor(readonly checkoutId: string) {
    super(`checkout ${checkoutId} paid after release and stock is gone`);
  }
}
