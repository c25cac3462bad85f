// POST /api/webhooks/stripe: the raw body is verified against Stripe's signature before anything else.
import { data } from "react-router";
import { logger } from "~/lib/logger.server";
import { handleStripeWebhook } from "~/modules/checkout/stripe-webhook.server";
import type { Route } from "./+types/stripe-webhook";

export async function action({ request }: Route.ActionArgs) {
  const rawBody = await request.text();
  try {
    const result = await handleStripeWebhook(rawBody, request.headers.get("stripe-signature"));
    return data(result.body, { status: result.status });
  } catch (error) {
    // A 500 makes Stripe retry later; fulfilment is idempotent, so a retry is safe.
    logger.error({ err: error }, "stripe webhook failed");
    return data({ received: false }, { status: 500 });
  }
}
