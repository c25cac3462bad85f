/**
 * The cart's cookies (decision 031), defined once and written only through the cookie helper (React
 * Router cookies, decision 035): the guest cart's id (HttpOnly), the badge's count (readable by the
 * page's scripts), and the old local-storage mirror, which is only ever cleared. Callers hand in what
 * the browser sent and a Headers to append to; nothing here reads a request.
 */
import { type CookieDefinition, clearCookie, setCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { type CartRecord, isUuid, unitCount } from "./cart-store.server";
import { CART_COUNT_COOKIE, CART_ID_COOKIE, LEGACY_CART_COOKIE } from "./cart-view";
import { findCart } from "./owner-cart.server";
import type { Visitor } from "./visitor";

const THIRTY_DAYS = 60 * 60 * 24 * 30;

export const CART_ID: CookieDefinition = {
  name: CART_ID_COOKIE,
  httpOnly: true,
  maxAgeSeconds: THIRTY_DAYS,
  // Ids written raw before the cookies were React Router's (until the release after: decision 035).
  acceptsRaw: isUuid,
};
export const CART_COUNT: CookieDefinition = {
  name: CART_COUNT_COOKIE,
  httpOnly: false,
  maxAgeSeconds: THIRTY_DAYS,
};
export const LEGACY_CART: CookieDefinition = { name: LEGACY_CART_COOKIE, httpOnly: false, maxAgeSeconds: 0 };

/**
 * The cart cookies a browser sent (null: not sent; "": sent, nothing usable in it, so written again or
 * cleared); unknown, every cookie is written.
 */
export type SentCartCookies = { cartId: string | null; count: string | null; legacy: string | null };

const UNKNOWN: SentCartCookies = { cartId: "?", count: "?", legacy: null };

/**
 * Brings the browser's cookies in line with its cart: the id for a guest's cart (an account's cart is
 * found by the session), the count for the badge, the old local-storage mirror gone. A cookie already
 * right is not sent again.
 */
export async function syncCartCookies(
  headers: Headers,
  visitor: Pick<Visitor, "user">,
  cart: CartRecord | null,
  sent: SentCartCookies = UNKNOWN,
) {
  const guestCartId = visitor.user ? null : (cart?.id ?? null);
  if (guestCartId) {
    if (sent.cartId !== guestCartId) await setCookie(headers, CART_ID, guestCartId);
  } else if (sent.cartId !== null) await clearCookie(headers, CART_ID);

  const count = unitCount(cart);
  if (count > 0) {
    if (sent.count !== String(count)) await setCookie(headers, CART_COUNT, String(count));
  } else if (sent.count !== null) await clearCookie(headers, CART_COUNT);
  if (sent.legacy !== null) await clearCookie(headers, LEGACY_CART);
}

/**
 * After a login: the guest cart of this browser (`cookieCartId`, the CART_ID cookie it sent) merged
 * into the account's, and the cookies set for the account's cart (the badge shows it at once). A
 * failure here never fails the login: the cart merges on the next look at it.
 */
export async function cartCookiesOnLogin(
  { userId, cookieCartId }: { userId: string; cookieCartId: string | null },
  headers: Headers,
) {
  try {
    const cart = await findCart(db(), { userId, cookieCartId });
    await syncCartCookies(headers, { user: { id: userId, email: "" } }, cart);
  } catch (error) {
    logger.error({ err: error }, "the cart could not follow the login");
  }
}

/** Cookies that bring the browser in line with its cart as it is now (after an order emptied it). */
export async function currentCartCookies(visitor: Visitor, sent: SentCartCookies, headers: Headers) {
  try {
    await syncCartCookies(headers, visitor, await findCart(db(), visitor.owner), sent);
  } catch (error) {
    logger.error({ err: error }, "the cart's cookies could not be brought in line");
  }
}

/** After a logout the badge is empty (the cart stays with the account). */
export async function cartCookiesOnLogout(headers: Headers) {
  await clearCookie(headers, CART_COUNT);
  await clearCookie(headers, CART_ID);
}
