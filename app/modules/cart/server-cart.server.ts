/**
 * `/cart`'s loader work (decision 026): the visitor's cart cookie priced by the same `quoteCart` as
 * POST /api/cart/prices, with the default delivery and no discount code (both live in the browser's
 * session storage; the page re-quotes after hydration when they differ).
 */
import type { Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { readCartCookie } from "./cart-cookie";
import { defaultDeliveryChoice } from "./delivery-choice";
import { quoteCart } from "./pricing.server";
import { type ServerCart, serverCartItems } from "./server-cart";

export type { ServerCart } from "./server-cart";

export type ServerCartResult = {
  /** The request carried the cart cookie: the page is this visitor's own and must not be cached. */
  personal: boolean;
  /** The priced cart, or null (no cookie, an empty or unreadable one, or pricing failed). */
  cart: ServerCart | null;
};

/**
 * Reads the cart cookie of a `Cookie` header and prices its lines. Never throws: a database failure
 * is logged and leaves the page to the browser (the skeleton, then local storage), as before.
 * Without a discount code `quoteCart` needs no user, so a signed-in visitor's cart is priced the same.
 */
export async function loadServerCart(
  executor: Executor,
  cookieHeader: string | null | undefined,
): Promise<ServerCartResult> {
  const lines = readCartCookie(cookieHeader);
  if (lines === null) return { personal: false, cart: null };
  if (lines.length === 0) return { personal: true, cart: null };
  try {
    const quote = await quoteCart(executor, {
      lines,
      deliveryMethod: defaultDeliveryChoice.method,
      discountCode: null,
    });
    return { personal: true, cart: { items: serverCartItems(quote), quote } };
  } catch (error) {
    logger.error({ err: error }, "cart of the cookie could not be priced");
    return { personal: true, cart: null };
  }
}
