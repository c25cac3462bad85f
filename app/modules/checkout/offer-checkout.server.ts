/**
 * Buying a ticket offered from the waiting list (issue #40): one ticket of the returned one's type at
 * exactly its price, through the one checkout (startCheckout), paid with the address the offer went to.
 * The checkout claims the offer (open → checkout) in its transaction, so one offer is paid once; a
 * second start for the same offer replaces the first (the offer is the "browser" of the per-buyer
 * rules), as a cart's new start replaces its previous one.
 */
import { db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { checkoutRequestSchema } from "~/modules/cart/cart.schema";
import type { Attendee } from "~/modules/tickets/attendees";
import { findOffer, offerMessages } from "~/modules/tickets/offers.server";
import { startCheckout } from "./checkout.server";
import {
  cartCheckoutClient,
  limitCheckoutStart,
  TOO_MANY_CHECKOUT_STARTS_MESSAGE,
} from "./checkout-limits.server";

export async function startOfferCheckout(input: { token: string; attendee: Attendee; ip: string }) {
  const database = db();
  const found = await findOffer(database, input.token);
  if (found.status !== "ready") throw new DomainError(offerMessages[found.status], 400);
  const { offer } = found;
  const client = cartCheckoutClient(input.ip, null, `offer:${offer.id}`);
  const limit = await limitCheckoutStart(client);
  if (!limit.allowed) {
    throw new DomainError(TOO_MANY_CHECKOUT_STARTS_MESSAGE, 429, undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const request = checkoutRequestSchema.parse({
    lines: [],
    tickets: [
      { ticketTypeId: offer.ticketTypeId, quantity: 1, attendees: [input.attendee], offerId: offer.id },
    ],
    adult: true,
    deliveryMethod: "none",
    locker: null,
    discountCode: null,
    email: offer.email,
  });
  // Its refusals are CheckoutErrors (DomainErrors with Polish messages).
  return startCheckout(request, null, { client, database });
}
