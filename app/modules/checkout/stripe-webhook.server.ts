/** Stripe's webhook: verified with STRIPE_WEBHOOK_SECRET, then routed to the same idempotent fulfilment. */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { settleRefundFromProvider } from "~/modules/orders/refunds.server";
import {
  createStripeClient,
  refundStatusOf,
  toProviderSession,
} from "~/modules/payments/payment-provider.server";
import { checkouts } from "../../../db/schema";
import {
  fulfilCheckout,
  PaidNeedsRefundError,
  releaseCheckout,
  UnknownCheckoutError,
} from "./checkout.server";

export type WebhookResult = { status: number; body: { received: boolean; error?: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout a session belongs to, or null when this shop has none (another integration on the same
 * Stripe account, a checkout deleted since): such an event is acknowledged, never retried.
 */
async function checkoutIdFor(session: Stripe.Checkout.Session, database: Database) {
  const fromMetadata = session.metadata?.checkoutId;
  const byId = fromMetadata && UUID.test(fromMetadata) ? eq(checkouts.id, fromMetadata) : null;
  const bySession = typeof session.id === "string" ? eq(checkouts.providerSessionId, session.id) : null;
  if (fromMetadata && !byId) return null;
  const condition = byId ?? bySession;
  if (!condition) return null;
  const [row] = await database.select({ id: checkouts.id }).from(checkouts).where(condition);
  return row?.id ?? null;
}

export async function handleStripeWebhook(
  rawBody: string,
  signature: string | null,
  options: { stripe?: Stripe; secret?: string; database?: Database } = {},
): Promise<WebhookResult> {
  const secret = options.secret ?? env().STRIPE_WEBHOOK_SECRET;
  if (!secret || !signature) return { status: 400, body: { received: false, error: "missing signature" } };
  const stripe = options.stripe ?? createStripeClient();
  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, secret);
  } catch {
    // Nothing is read or written for an event we cannot verify.
    return { status: 400, body: { received: false, error: "invalid signature" } };
  }
  const database = options.database ?? db();

  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const payment = toProviderSession(session);
      if (payment.status !== "paid") break; // completed with a delayed method: wait for async_payment_*
      const checkoutId = await checkoutIdFor(session, database);
      if (!checkoutId) {
        logger.warn({ eventId: event.id, type: event.type }, "webhook for an unknown checkout: acknowledged");
        break;
      }
      try {
        await fulfilCheckout(checkoutId, payment, database);
      } catch (error) {
        // Nothing a retry could change: the fact is kept on the checkout (and logged at error level).
        if (error instanceof PaidNeedsRefundError || error instanceof UnknownCheckoutError) break;
        throw error;
      }
      break;
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      const checkoutId = await checkoutIdFor(session, database);
      if (!checkoutId) {
        logger.warn({ eventId: event.id, type: event.type }, "webhook for an unknown checkout: acknowledged");
      } else {
        await releaseCheckout(
          checkoutId,
          event.type === "checkout.session.expired" ? "expired" : "failed",
          database,
        );
      }
      break;
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed":
    case "charge.refund.updated": {
      await settleStripeRefund(event.data.object, event, database);
      break;
    }
    case "charge.refunded": {
      // Newer API versions leave the charge's refunds out of the event: each has its refund.* event too.
      for (const refund of event.data.object.refunds?.data ?? [])
        await settleStripeRefund(refund, event, database);
      break;
    }
    default:
      break;
  }
  return { status: 200, body: { received: true } };
}

/** Keeps our refund row in step with Stripe's; a refund this shop did not make is acknowledged and ignored. */
async function settleStripeRefund(refund: Stripe.Refund, event: Stripe.Event, database: Database) {
  if (typeof refund?.id !== "string") return;
  const known = await settleRefundFromProvider(
    {
      providerRefundId: refund.id,
      refundId: typeof refund.metadata?.refundId === "string" ? refund.metadata.refundId : null,
      status: refundStatusOf(refund.status),
      failureReason: refund.failure_reason ?? null,
    },
    { database },
  );
  if (!known)
    logger.warn({ eventId: event.id, type: event.type }, "webhook for an unknown refund: acknowledged");
}
