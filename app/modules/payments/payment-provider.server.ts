/**
 * Payment providers behind one interface: Stripe Checkout, and the built-in test provider (our own
 * page at /platnosc-testowa/{id}) used when no Stripe key is configured. Both take payments and give
 * money back (refunds, full or partial, each under its own idempotency key).
 *
 * This module knows nothing of checkouts' or orders' rules: it imports neither (the few input shapes it
 * needs are its own, below), and both of them import it.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { deliveryOptions } from "~/modules/cart/delivery";
import { checkouts, type DeliveryMethod, type ShippingAddress } from "../../../db/schema";

export type PaymentStatus = "paid" | "open" | "expired" | "failed";

export type ProviderSession = {
  sessionId: string;
  status: PaymentStatus;
  /** The provider's payment that refunds are made against (Stripe: the PaymentIntent id); null until paid. */
  paymentId?: string | null;
  email: string | null;
  name: string | null;
  phone: string | null;
  address: ShippingAddress | null;
};

/** What a payment session charges: the server's priced lines, discount and delivery (grosze). */
export type SessionCharge = {
  lines: { name: string; size: string | null; unitPrice: number; quantity: number }[];
  /** Tickets (issue #40): charged as lines of their own, never shipped. */
  ticketLines?: { name: string; nightTitle: string; unitPrice: number; quantity: number }[];
  discountAmount: number;
  discountCode: string | null;
  deliveryMethod: DeliveryMethod;
  deliveryCost: number;
};

export type CreateSessionInput = {
  checkoutId: string;
  priced: SessionCharge;
  customerEmail: string | null;
  expiresAt: Date;
};

export interface PaymentProvider {
  readonly name: "test" | "stripe";
  /** Creates the payment session; answers its id and the URL the browser goes to. */
  createSession(input: CreateSessionInput): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider itself whether a session is paid (never trusts the browser's word). */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Ends an open session early (the buyer cancelled); a no-op where the provider has nothing to end. */
  expireSession(sessionId: string): Promise<void>;
  /**
   * Gives back `amount` grosze of a payment. The same idempotency key never refunds twice (a retried
   * request answers the first refund). Throws when the provider refuses or cannot be reached.
   */
  createRefund(input: CreateRefundInput): Promise<ProviderRefund>;
}

export type RefundReason = "requested_by_customer" | "duplicate" | "fraudulent";

export type CreateRefundInput = {
  /** The provider's payment id (checkouts.providerPaymentId). */
  paymentId: string;
  /** Grosze, a positive integer, never more than what is left of the payment. */
  amount: number;
  idempotencyKey: string;
  /** The provider's reason category (Stripe's `reason`); our own words go in the metadata. */
  reason?: RefundReason;
  metadata?: Record<string, string>;
};

export type ProviderRefundStatus = "pending" | "succeeded" | "failed";

export type ProviderRefund = { id: string; status: ProviderRefundStatus; failureReason: string | null };

/** Stripe's refund statuses in ours: requires_action and canceled count as pending and failed. */
export function refundStatusOf(status: string | null | undefined): ProviderRefundStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/** A refund the provider refused (a request it will not carry out, as opposed to an outage). */
export class RefundRefusedError extends Error {}

// -------------------------------------------------------------------------------------------------
// Test provider
// -------------------------------------------------------------------------------------------------

export const TEST_SESSION_PREFIX = "test_cs_";

/**
 * Whether a string can be a payment session id at all (Stripe's `cs_…`, ours `test_cs_…`): letters,
 * digits, `_` and `-`. Anything else — a NUL PostgreSQL refuses, a megabyte — is no session of ours,
 * answered as unknown without a query.
 */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,255}$/.test(value);
}

class TestPaymentProvider implements PaymentProvider {
  readonly name = "test" as const;

  async createSession({ checkoutId }: CreateSessionInput) {
    const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(18).toString("base64url")}`;
    return { sessionId, url: `${env().siteUrl}/platnosc-testowa/${checkoutId}` };
  }

  /** The test page records the payment on the checkout row itself, so the database is the provider. */
  async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
    if (!sessionId.startsWith(TEST_SESSION_PREFIX)) return null;
    const [checkout] = await db().select().from(checkouts).where(eq(checkouts.providerSessionId, sessionId));
    if (checkout?.provider !== "test") return null;
    const status: PaymentStatus = checkout.paidAt
      ? "paid"
      : checkout.status === "expired" || checkout.status === "cancelled"
        ? "expired"
        : checkout.status === "failed"
          ? "failed"
          : "open";
    return {
      sessionId,
      status,
      // The test provider has no payment object of its own: the session stands for it.
      paymentId: status === "paid" ? sessionId : null,
      email: checkout.customerEmail,
      name: checkout.customerName,
      phone: checkout.customerPhone,
      address: checkout.shippingAddress,
    };
  }

  async expireSession() {}

  /** Always succeeds at once; the id follows from the idempotency key, so a retry answers the same refund. */
  async createRefund({ paymentId, amount, idempotencyKey }: CreateRefundInput): Promise<ProviderRefund> {
    if (!paymentId.startsWith(TEST_SESSION_PREFIX))
      throw new RefundRefusedError(`unknown payment ${paymentId}`);
    if (!Number.isInteger(amount) || amount <= 0) throw new RefundRefusedError(`invalid amount ${amount}`);
    const id = `test_re_${createHash("sha256").update(idempotencyKey).digest("base64url").slice(0, 24)}`;
    return { id, status: "succeeded", failureReason: null };
  }
}

// -------------------------------------------------------------------------------------------------
// Stripe
// -------------------------------------------------------------------------------------------------

export function createStripeClient(): Stripe {
  const settings = env();
  if (!settings.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const api = settings.STRIPE_API_URL ? new URL(settings.STRIPE_API_URL) : null;
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
}

function stripeAddress(session: Stripe.Checkout.Session): ShippingAddress | null {
  const shipping = session.collected_information?.shipping_details;
  const address = shipping?.address ?? session.customer_details?.address;
  if (!address?.line1) return null;
  return {
    name: shipping?.name ?? session.customer_details?.name ?? "",
    line1: address.line1,
    line2: address.line2 ?? null,
    postal_code: address.postal_code ?? "",
    city: address.city ?? "",
    country: address.country ?? "PL",
  };
}

export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const status: PaymentStatus =
    session.payment_status === "paid" || session.payment_status === "no_payment_required"
      ? "paid"
      : session.status === "expired"
        ? "expired"
        : "open";
  return {
    sessionId: session.id,
    status,
    paymentId:
      typeof session.payment_intent === "string"
        ? session.payment_intent
        : (session.payment_intent?.id ?? null),
    email: session.customer_details?.email ?? session.customer_email ?? null,
    name: session.customer_details?.name ?? null,
    phone: session.customer_details?.phone ?? null,
    address: stripeAddress(session),
  };
}

class StripePaymentProvider implements PaymentProvider {
  readonly name = "stripe" as const;
  private readonly stripe = createStripeClient();

  async createSession({ checkoutId, priced, customerEmail, expiresAt }: CreateSessionInput) {
    const site = env().siteUrl;
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [
      ...priced.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: "pln",
          // The server's unit price; the discount is a one-off coupon of exactly the server's amount.
          unit_amount: line.unitPrice,
          product_data: { name: line.size ? `${line.name} (rozmiar ${line.size})` : line.name },
        },
      })),
      ...(priced.ticketLines ?? []).map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: "pln",
          unit_amount: line.unitPrice,
          product_data: { name: `Bilet: ${line.nightTitle} — ${line.name}` },
        },
      })),
    ];
    const shipped = priced.deliveryMethod !== "none";
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        currency: "pln",
        locale: "pl",
        // A filter on the methods enabled in the Dashboard: card (with wallets), BLIK and Przelewy24.
        allowed_payment_method_types: ["card", "blik", "p24"],
        line_items: lineItems,
        discounts:
          priced.discountAmount > 0 ? [{ coupon: await this.oneOffCoupon(priced, checkoutId) }] : undefined,
        shipping_options: !shipped
          ? undefined
          : [
              {
                shipping_rate_data: {
                  type: "fixed_amount",
                  display_name: deliveryOptions[priced.deliveryMethod].label,
                  fixed_amount: { amount: priced.deliveryCost, currency: "pln" },
                },
              },
            ],
        shipping_address_collection:
          priced.deliveryMethod === "courier" ? { allowed_countries: ["PL"] } : undefined,
        phone_number_collection: { enabled: true },
        customer_email: customerEmail ?? undefined,
        expires_at: Math.floor(expiresAt.getTime() / 1000),
        client_reference_id: checkoutId,
        metadata: { checkoutId },
        payment_intent_data: { metadata: { checkoutId } },
        success_url: `${site}/order-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site}/cart?anulowano=${checkoutId}`,
      },
      { idempotencyKey: `checkout-${checkoutId}` },
    );
    if (!session.url) throw new Error("Nie otrzymano URL do płatności");
    return { sessionId: session.id, url: session.url };
  }

  /** A single-use coupon for exactly the server's discount, so Stripe's total equals ours. */
  private async oneOffCoupon(priced: SessionCharge, checkoutId: string) {
    const coupon = await this.stripe.coupons.create(
      {
        amount_off: priced.discountAmount,
        currency: "pln",
        duration: "once",
        max_redemptions: 1,
        name: priced.discountCode ?? "Rabat",
      },
      { idempotencyKey: `coupon-${checkoutId}` },
    );
    return coupon.id;
  }

  async retrieveSession(sessionId: string) {
    if (!sessionId.startsWith("cs_")) return null;
    try {
      return toProviderSession(await this.stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async expireSession(sessionId: string) {
    try {
      await this.stripe.checkout.sessions.expire(sessionId);
    } catch (error) {
      // Already expired or completed: nothing to end.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  /** Stripe's Refunds API against the PaymentIntent; the idempotency key makes a retry answer the same refund. */
  async createRefund({ paymentId, amount, idempotencyKey, reason, metadata }: CreateRefundInput) {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: paymentId, amount, reason, metadata },
        { idempotencyKey },
      );
      return {
        id: refund.id,
        status: refundStatusOf(refund.status),
        failureReason: refund.failure_reason ?? null,
      };
    } catch (error) {
      // A request Stripe refuses (already refunded, amount too large, unknown payment) will never succeed.
      if (error instanceof Stripe.errors.StripeInvalidRequestError)
        throw new RefundRefusedError(error.message);
      throw error;
    }
  }
}

const holder = globalThis as typeof globalThis & { __nokturnPayments?: PaymentProvider };

/** The configured provider (Stripe when its key is set, else the test provider). */
export function paymentProvider(): PaymentProvider {
  holder.__nokturnPayments ??=
    env().paymentProvider === "stripe" ? new StripePaymentProvider() : new TestPaymentProvider();
  return holder.__nokturnPayments;
}

export function resetPaymentProvider() {
  holder.__nokturnPayments = undefined;
}
