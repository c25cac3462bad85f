// POST /api/checkout: the browser sends ids, quantities, delivery, locker, a code (and, for a guest
// with a first-order code, the e-mail); the server does the rest. Limited per client (decision 015).

import { logger } from "~/lib/logger.server";
import { sessionUser } from "~/modules/accounts/auth.server";
import { checkoutRequestSchema } from "~/modules/cart/cart.schema";
import { json, methodNotAllowed, readJsonRequest } from "~/modules/cart/json.server";
import { startCheckout } from "~/modules/checkout/checkout.server";
import { CheckoutError, PAYMENT_UNAVAILABLE } from "~/modules/checkout/checkout-errors";
import {
  checkoutClient,
  limitCheckoutStart,
  TOO_MANY_CHECKOUT_STARTS_MESSAGE,
} from "~/modules/checkout/checkout-limits.server";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import type { Route } from "./+types/checkout";

export function loader() {
  return methodNotAllowed();
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const read = await readJsonRequest(request, checkoutRequestSchema);
  if (read.refused) return read.refused;

  const user = await sessionUser({ request, context });
  const { client, setCookie } = checkoutClient(request, user?.id ?? null);
  const cookie: Record<string, string> = setCookie ? { "Set-Cookie": setCookie } : {};
  const limit = await limitCheckoutStart(client);
  if (!limit.allowed) {
    return json({ message: TOO_MANY_CHECKOUT_STARTS_MESSAGE }, 429, {
      "Retry-After": String(limit.retryAfterSeconds),
      ...cookie,
    });
  }
  // A code makes this a code check too: it counts against the same limit as the validation endpoint.
  const codeCheck = await codeCheckFor(request, read.data.discountCode);
  if (codeCheck.refused) return codeCheck.refused;
  try {
    const started = await startCheckout(read.data, user ? { id: user.id, email: user.email } : null, {
      client,
    });
    await codeCheck.settle(true);
    return json({ url: started.url }, 200, cookie);
  } catch (error) {
    await codeCheck.settle(!(error instanceof CheckoutError && error.details.discountRefused));
    if (error instanceof CheckoutError) {
      const headers: Record<string, string> = { ...cookie };
      if (error.details.retryAfterSeconds) headers["Retry-After"] = String(error.details.retryAfterSeconds);
      return json(
        { message: error.message, productId: error.productId, field: error.details.field },
        error.status,
        headers,
      );
    }
    logger.error({ err: error }, "checkout failed");
    return json({ message: PAYMENT_UNAVAILABLE.message }, 502, cookie);
  }
}
