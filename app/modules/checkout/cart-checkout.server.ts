/**
 * Checkout started from the server cart (decision 031): the `checkout` intent of `/cart`'s form. The
 * server builds the request from the cart as stored (ids, quantities, delivery, locker, code, a guest's
 * e-mail), so the browser's only say is the press of the button; success is a redirect to the payment
 * page, which a plain form follows as well as a script.
 */
import { redirect } from "react-router";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { checkoutRequestSchema } from "~/modules/cart/cart.schema";
import { setCartEmail } from "~/modules/cart/cart-commands.server";
import { INVALID_FORM_MESSAGE } from "~/modules/cart/cart-forms";
import {
  type CartUser,
  cartRefusal,
  EMPTY_CART,
  parseCartEmail,
  syncCartCookies,
  visitorOf,
} from "~/modules/cart/cart-route.server";
import { CartError } from "~/modules/cart/cart-store.server";
import { LOCKER_REQUIRED_MESSAGE, LOCKER_REQUIRED_TITLE } from "~/modules/cart/limits";
import { findCart } from "~/modules/cart/owner-cart.server";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import { startCheckout } from "./checkout.server";
import { CheckoutError, PAYMENT_UNAVAILABLE } from "./checkout-errors";
import {
  cartCheckoutClient,
  limitCheckoutStart,
  TOO_MANY_CHECKOUT_STARTS_MESSAGE,
} from "./checkout-limits.server";

const intent = "checkout" as const;
const REFUSED_TITLE = "Nie można złożyć zamówienia";

export async function checkoutFromCart(request: Request, form: FormData, user: CartUser) {
  const visitor = visitorOf(request, user);
  try {
    return await start(request, form, visitor);
  } catch (error) {
    if (error instanceof CartError) return cartRefusal(intent, error.status, REFUSED_TITLE, error.message);
    throw error;
  }
}

async function start(request: Request, form: FormData, visitor: ReturnType<typeof visitorOf>) {
  let cart = await findCart(db(), visitor.owner);
  if (!cart || cart.lines.length === 0) throw EMPTY_CART;
  const typedEmail = form.get("email");
  if (!visitor.user && typeof typedEmail === "string" && typedEmail.trim() !== "") {
    const email = parseCartEmail(form);
    if (!email.ok) return cartRefusal(intent, 400, REFUSED_TITLE, email.message, { field: "email" });
    cart = (await setCartEmail(db(), visitor.owner, email.value)) ?? cart;
  }
  const parsed = checkoutRequestSchema.safeParse({
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
    })),
    deliveryMethod: cart.deliveryMethod,
    locker: cart.deliveryMethod === "inpost" ? cart.locker : null,
    discountCode: cart.discountCode,
    email: visitor.user ? null : cart.email,
  });
  if (!parsed.success) {
    const lockerMissing = parsed.error.issues.some((issue) => issue.message === LOCKER_REQUIRED_MESSAGE);
    return lockerMissing
      ? cartRefusal(intent, 400, LOCKER_REQUIRED_TITLE, LOCKER_REQUIRED_MESSAGE, { field: "lockerCode" })
      : cartRefusal(intent, 400, REFUSED_TITLE, INVALID_FORM_MESSAGE);
  }
  const client = cartCheckoutClient(request, visitor.user?.id ?? null, cart.id);
  const limit = await limitCheckoutStart(client);
  if (!limit.allowed) {
    return cartRefusal(intent, 429, REFUSED_TITLE, TOO_MANY_CHECKOUT_STARTS_MESSAGE, {
      retryAfter: limit.retryAfterSeconds,
    });
  }
  // A code makes this a code check too: it counts against the same limit as applying one.
  const codeCheck = await codeCheckFor(request, parsed.data.discountCode);
  if (codeCheck.refused) {
    const body = (await codeCheck.refused.json().catch(() => null)) as { message?: string } | null;
    return cartRefusal(intent, 429, REFUSED_TITLE, body?.message ?? INVALID_FORM_MESSAGE, {
      retryAfter: Number(codeCheck.refused.headers.get("Retry-After")) || undefined,
    });
  }
  try {
    const started = await startCheckout(parsed.data, visitor.user, { client, cartId: cart.id });
    await codeCheck.settle(true);
    const headers = new Headers({ "Cache-Control": "no-store" });
    syncCartCookies(request, visitor, cart, headers);
    return redirect(started.url, { status: 303, headers });
  } catch (error) {
    await codeCheck.settle(!(error instanceof CheckoutError && error.details.discountRefused));
    if (error instanceof CheckoutError) {
      const title =
        error.status === 409
          ? "Produkt niedostępny"
          : error.status === 502
            ? PAYMENT_UNAVAILABLE.title
            : REFUSED_TITLE;
      return cartRefusal(intent, error.status, title, error.message, {
        field: error.details.field,
        productId: error.productId,
        retryAfter: error.details.retryAfterSeconds,
      });
    }
    logger.error({ err: error }, "checkout from the cart failed");
    return cartRefusal(intent, 502, PAYMENT_UNAVAILABLE.title, PAYMENT_UNAVAILABLE.message);
  }
}
