// POST /api/checkout: the browser sends ids, quantities, delivery, locker and a code; the server does the rest.
import { data } from "react-router";
import { getSessionUser } from "~/lib/auth.server";
import { logger } from "~/lib/logger.server";
import { checkoutRequestSchema, INVALID_CART_MESSAGE } from "~/modules/cart/cart.schema";
import { CheckoutError, PAYMENT_UNAVAILABLE, startCheckout } from "~/modules/checkout/checkout.server";
import type { Route } from "./+types/checkout";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return data({ message: "Method not allowed" }, { status: 405 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data({ message: INVALID_CART_MESSAGE }, { status: 400 });
  }
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    return data({ message: parsed.error.issues[0]?.message ?? INVALID_CART_MESSAGE }, { status: 400 });
  }
  const user = await getSessionUser(request);
  try {
    const started = await startCheckout(parsed.data, user ? { id: user.id, email: user.email } : null);
    return data({ url: started.url });
  } catch (error) {
    if (error instanceof CheckoutError) {
      return data({ message: error.message, productId: error.productId }, { status: error.status });
    }
    logger.error({ err: error }, "checkout failed");
    return data({ message: PAYMENT_UNAVAILABLE.message }, { status: 502 });
  }
}
