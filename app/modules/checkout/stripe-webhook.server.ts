/** Stripe's webhook: verified with STRIPE_WEBHOOK_SECRET, then routed to the same idempotent fulfilment. */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { checkouts } from "../../../db/schema";
import { fulfilCheckout, releaseCheckout } from "./checkout.server";
import { createStripeClient, toProviderSession } from "./payment-provider.server";

export type WebhookResult = { status: number; body: { received: boolean; error?: string } };

async function checkoutIdFor(session: Stripe.Checkout.Session, database: Database) {
  const fromMetadata = session.metadata?.checkoutId;
  if (fromMetadata) return fromMetadata;
  const [row] = await database
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(eq(checkouts.providerSessionId, session.id));
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
        logger.warn({ sessionId: session.id }, "webhook for an unknown checkout");
        break;
      }
      await fulfilCheckout(checkoutId, payment, database);
      break;
    }
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const session = event.data.object;
      const checkoutId = await checkoutIdFor(session, database);
      if (checkoutId) {
        await releaseCheckout(
          checkoutId,
          event.type === "checkout.session.expired" ? "expired" : "failed",
          database,
        );
      }
      break;
    }
    default:
      break;
  }
  return { status: 200, body: { received: true } };
}
