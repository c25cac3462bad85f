/** Stripe's webhook: verified with STRIPE_WEBHOOK_SECRET, then routed to the same idempotent fulfilment. */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { settleRefundFromProvider } from "~/modules/orders/refund-provider.server";
import {
  createStripeClient,
  isSessionId,
  type ProviderSession,
  refundStatusOf,
  toProviderSession,
} from "~/modules/payments/payment-provider.server";
import { checkouts } from "../../../db/schema";
import { PaidNeedsRefundError, UnknownCheckoutError } from "./checkout-errors";
import { fulfilCheckout } from "./fulfil-checkout.server";
import { releaseCheckout } from "./release-checkout.server";

export type WebhookResult = { status: number; body: { received: boolean; error?: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The checkout a session belongs to, or null when this shop has none (another integration on the same
 * Stripe account, a checkout deleted since): such an event is acknowledged, never retried.
 */
async function checkoutIdFor(session: Stripe.Checkout.Session, database: Database) {
  const fromMetadata = session.metadata?.checkoutId;
  const byId = fromMetadata && UUID.test(fromMetadata) ? eq(checkouts.id, fromMetadata) : null;
  const bySession = isSessionId(session.id) ? eq(checkouts.providerSessionId, session.id) : null;
  if (fromMetadata && !byId) return null;
  const condition = byId ?? bySession;
  if (!condition) return null;
  const [row] = await database.select({ id: checkouts.id }).from(checkouts).where(condition);
  return row?.id ?? null;
}

/** Signed, yet not an event this shop can read: answered 400, which Stripe does not retry as a 500. */
class UnreadableEvent extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isOptionalString = (value: unknown) =>
  value === undefined || value === null || typeof value === "string";

/** Whether a NUL is anywhere in the event: PostgreSQL stores none, so no field of it could be written. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || typeof value !== "object" || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes("\u0000") || holdsNul(item, depth + 1));
}

/** The event's object, which every case below reads: an object, or the event is unreadable. */
function objectOf(event: Stripe.Event): Record<string, unknown> {
  const object = (event.data as { object?: unknown } | null | undefined)?.object;
  if (!isObject(object)) throw new UnreadableEvent("data.object is not an object");
  return object;
}

/** A session and its payment as the fulfilment reads them, each field of the type it expects. */
function readSession(event: Stripe.Event) {
  const session = objectOf(event) as unknown as Stripe.Checkout.Session;
  if (!isSessionId(session.id)) throw new UnreadableEvent("session id");
  if (!(session.metadata === undefined || session.metadata === null || isObject(session.metadata))) {
    throw new UnreadableEvent("session metadata");
  }
  if (!isOptionalString(session.metadata?.checkoutId)) throw new UnreadableEvent("checkout id");
  let payment: ProviderSession;
  try {
    payment = toProviderSession(session);
  } catch {
    throw new UnreadableEvent("session");
  }
  const { address } = payment;
  const strings = [payment.paymentId, payment.email, payment.name, payment.phone];
  if (address)
    strings.push(
      address.name,
      address.line1,
      address.line2,
      address.postal_code,
      address.city,
      address.country,
    );
  if (!strings.every(isOptionalString)) throw new UnreadableEvent("session fields");
  return { session, payment };
}

/** A refund as `settleStripeRefund` reads it. */
function readRefund(value: unknown): Stripe.Refund {
  if (!isObject(value) || typeof value.id !== "string" || !/^[A-Za-z0-9_-]{1,255}$/.test(value.id)) {
    throw new UnreadableEvent("refund");
  }
  if (!(value.metadata === undefined || value.metadata === null || isObject(value.metadata))) {
    throw new UnreadableEvent("refund metadata");
  }
  if (!isOptionalString(value.status) || !isOptionalString(value.failure_reason)) {
    throw new UnreadableEvent("refund fields");
  }
  return value as unknown as Stripe.Refund;
}

/** The refunds of a `charge.refunded` event (newer API versions leave them out: none then). */
function readChargeRefunds(event: Stripe.Event): Stripe.Refund[] {
  const refunds = objectOf(event).refunds;
  if (refunds === undefined || refunds === null) return [];
  const list = isObject(refunds) ? refunds.data : undefined;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new UnreadableEvent("charge refunds");
  return list.map(readRefund);
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
  try {
    if (holdsNul(event)) throw new UnreadableEvent("NUL character");
    return await handleEvent(event, database);
  } catch (error) {
    if (!(error instanceof UnreadableEvent)) throw error;
    // Signed by Stripe, so no stranger's: worth a look, yet nothing a retry could change.
    logger.warn(
      { eventId: typeof event.id === "string" ? event.id.slice(0, 80) : null, reason: error.message },
      "webhook event unreadable: refused",
    );
    return { status: 400, body: { received: false, error: "unreadable event" } };
  }
}

async function handleEvent(event: Stripe.Event, database: Database): Promise<WebhookResult> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const { session, payment } = readSession(event);
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
      const { session } = readSession(event);
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
      await settleStripeRefund(readRefund(objectOf(event)), event, database);
      break;
    }
    case "charge.refunded": {
      // Newer API versions leave the charge's refunds out of the event: each has its refund.* event too.
      for (const refund of readChargeRefunds(event)) await settleStripeRefund(refund, event, database);
      break;
    }
    default:
      break;
  }
  return { status: 200, body: { received: true } };
}

/** Keeps our refund row in step with Stripe's; a refund this shop did not make is acknowledged and ignored. */
async function settleStripeRefund(refund: Stripe.Refund, event: Stripe.Event, database: Database) {
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
