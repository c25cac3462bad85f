/**
 * Checkout started from the server cart (decision 031): the `checkout` intent of `/cart`'s form, and
 * the shop's one way to start a payment. The request is built from the cart as stored (ids,
 * quantities, delivery, locker, code, a guest's e-mail), so the browser's only say is the press of
 * the button; the route sends the buyer to the payment page this returns.
 */
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { checkoutRequestSchema } from "~/modules/cart/cart.schema";
import { setCartEmail } from "~/modules/cart/cart-commands.server";
import { type CartRecord, cartRefusal, isEmptyCart } from "~/modules/cart/cart-store.server";
import { INVALID_FORM_MESSAGE, LOCKER_REQUIRED_MESSAGE, LOCKER_REQUIRED_TITLE } from "~/modules/cart/limits";
import { findCart } from "~/modules/cart/owner-cart.server";
import type { Visitor } from "~/modules/cart/visitor";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import { attendeeMessages, attendeesComplete as lineNamed } from "~/modules/tickets/attendees";
import { startCheckout } from "./checkout.server";
import { CHECKOUT_REFUSED_TITLE, CheckoutError } from "./checkout-errors";
import {
  cartCheckoutClient,
  limitCheckoutStart,
  TOO_MANY_CHECKOUT_STARTS_MESSAGE,
} from "./checkout-limits.server";

/**
 * Starts the payment of the visitor's cart. `email` is a guest's e-mail typed at the button (stored in
 * the cart first). Refusals are DomainErrors; a payment provider's outage is PaymentUnavailableError.
 */
export async function checkoutFromCart({
  visitor,
  email,
  adult = false,
  ip,
}: {
  visitor: Visitor;
  email: string | undefined;
  /** The buyer ticked "every attendee is 18+" (asked only when the cart holds tickets). */
  adult?: boolean;
  ip: string;
}): Promise<{ url: string; cart: CartRecord }> {
  let cart = await findCart(db(), visitor.owner);
  if (!cart || isEmptyCart(cart)) {
    throw cartRefusal(400, CHECKOUT_REFUSED_TITLE, "Koszyk jest pusty.");
  }
  if (!visitor.user && email) cart = (await setCartEmail(db(), visitor.owner, email)) ?? cart;
  const shipped = cart.lines.length > 0;
  const parsed = checkoutRequestSchema.safeParse({
    lines: cart.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
    })),
    tickets: cart.tickets.map((line) => ({
      ticketTypeId: line.ticketTypeId,
      quantity: line.quantity,
      attendees: line.attendees.slice(0, line.quantity),
    })),
    adult,
    // Tickets only: nothing to ship (issue #40).
    deliveryMethod: shipped ? cart.deliveryMethod : "none",
    locker: shipped && cart.deliveryMethod === "inpost" ? cart.locker : null,
    discountCode: cart.discountCode,
    email: visitor.user ? null : cart.email,
  });
  if (!parsed.success) {
    const said = (message: string) => parsed.error.issues.some((issue) => issue.message === message);
    if (said(LOCKER_REQUIRED_MESSAGE)) {
      throw cartRefusal(400, LOCKER_REQUIRED_TITLE, LOCKER_REQUIRED_MESSAGE, "lockerCode");
    }
    if (!attendeesComplete(cart)) {
      throw cartRefusal(400, CHECKOUT_REFUSED_TITLE, attendeeMessages.missing, "attendees");
    }
    if (said(attendeeMessages.adult))
      throw cartRefusal(400, CHECKOUT_REFUSED_TITLE, attendeeMessages.adult, "adult");
    throw cartRefusal(400, CHECKOUT_REFUSED_TITLE, INVALID_FORM_MESSAGE);
  }
  const client = cartCheckoutClient(ip, visitor.user?.id ?? null, cart.id);
  const limit = await limitCheckoutStart(client);
  if (!limit.allowed) {
    throw new DomainError(TOO_MANY_CHECKOUT_STARTS_MESSAGE, 429, undefined, {
      title: CHECKOUT_REFUSED_TITLE,
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  // A code makes this a code check too: it counts against the same limit as applying one.
  const codeCheck = await codeCheckFor(ip, parsed.data.discountCode);
  try {
    const started = await startCheckout(parsed.data, visitor.user, { client, cartId: cart.id });
    await codeCheck.settle(true);
    return { url: started.url, cart };
  } catch (error) {
    await codeCheck.settle(!(error instanceof CheckoutError && error.details.discountRefused));
    throw error;
  }
}

/** Whether every ticket of the cart has a valid name (the first `quantity` names of each line). */
function attendeesComplete(cart: CartRecord) {
  return cart.tickets.every((line) => lineNamed(line.attendees, line.quantity));
}
