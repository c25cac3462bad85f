/**
 * What starting, releasing and fulfilling a checkout can refuse with: the refusal the buyer sees
 * (`CheckoutError`, a DomainError the cart's form answers as it is), the payment provider's outage,
 * and the two errors a verified payment can end in (unknown checkout, paid after the stock was gone).
 */
import { DomainError } from "~/lib/domain-error";
import type { RefundedMark } from "./customer-limit";
import type { SoldOutRefund } from "./sold-out-refund.server";

export const PAYMENT_UNAVAILABLE = {
  title: "Błąd płatności",
  message: "Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.",
};

export const CHECKOUT_REFUSED_TITLE = "Nie można złożyć zamówienia";

/** A refusal the buyer sees (HTTP status + Polish message under a title); nothing was reserved. */
export class CheckoutError extends DomainError {
  constructor(
    status: 400 | 409 | 429,
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
    super(message, status, details.field, {
      title: status === 409 ? "Produkt niedostępny" : CHECKOUT_REFUSED_TITLE,
      retryAfterSeconds: details.retryAfterSeconds,
    });
  }
}

/** The payment provider gave no session (the reservation is released); the buyer may try again. */
export class PaymentUnavailableError extends Error {
  constructor() {
    super(PAYMENT_UNAVAILABLE.message);
    this.name = "PaymentUnavailableError";
  }
}

/** A verified payment names a checkout this shop does not have. */
export class UnknownCheckoutError extends Error {
  constructor(readonly checkoutId: string) {
    super(`checkout ${checkoutId} not found`);
  }
}

/**
 * A payment that arrived for a checkout that cannot become an order as paid (its stock is gone, or it
 * would pass a per-customer limit); refunded automatically.
 */
export class PaidNeedsRefundError extends Error {
  /** The automatic refund (null when it could not be made: no payment id known). */
  refund: SoldOutRefund | null = null;
  constructor(
    readonly checkoutId: string,
    readonly mark: RefundedMark = "paid_stock_gone",
  ) {
    super(`checkout ${checkoutId} paid but cannot become an order (${mark})`);
  }
}
