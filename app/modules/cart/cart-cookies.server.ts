/**
 * The cart's cookies (decision 031), defined once and written only through the cookie helper (React
 * Router cookies, decision 035): the guest cart's id (HttpOnly, signed, `__Host-` on https), the
 * badge's count (readable by the page's scripts), and the old local-storage mirror, which is only ever
 * cleared. Callers hand in what the browser sent and a Headers to append to; nothing here reads a
 * request.
 *
 * The cart id (issue #42): signed with the server's secret and, on https, named `__Host-…`, which
 * neither a sibling subdomain nor plain HTTP can set. Only a cart named by that cookie is "bound" to
 * this browser (this server wrote it when the browser made the cart) and merged into an account at
 * login. The old unsigned `nokturn_cart_id` is still read so a guest keeps their cart until it expires
 * (30 days after it was last written: it is never written again), but is never merged. On http (a
 * development server) the `__Host-` prefix cannot be had: the cookie keeps the old name, signed.
 */
import { cookieValue } from "~/lib/cookies";
import { type CookieDefinition, clearCookie, readCookieHeader, setCookie } from "~/lib/cookies.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { type CartRecord, isUuid, unitCount } from "./cart-store.server";
import { CART_COUNT_COOKIE, CART_ID_COOKIE, LEGACY_CART_COOKIE } from "./cart-view";
import { findCart } from "./owner-cart.server";
import type { Visitor } from "./visitor";

const THIRTY_DAYS = 60 * 60 * 24 * 30;

const onHttps = () => env().siteUrl.startsWith("https:");

/** The guest cart's id as this server writes it now: signed, `__Host-` on https. */
export function cartIdCookie(): CookieDefinition {
  return {
    name: onHttps() ? `__Host-${CART_ID_COOKIE}` : CART_ID_COOKIE,
    httpOnly: true,
    maxAgeSeconds: THIRTY_DAYS,
    signed: true,
  };
}
/** The id as it was written before issue #42 (unsigned; raw before decision 035): read, never merged. */
export const OLD_CART_ID: CookieDefinition = {
  name: CART_ID_COOKIE,
  httpOnly: true,
  maxAgeSeconds: THIRTY_DAYS,
  acceptsRaw: isUuid,
};
export const CART_COUNT: CookieDefinition = {
  name: CART_COUNT_COOKIE,
  httpOnly: false,
  maxAgeSeconds: THIRTY_DAYS,
};
export const LEGACY_CART: CookieDefinition = { name: LEGACY_CART_COOKIE, httpOnly: false, maxAgeSeconds: 0 };

/**
 * The cart id a browser sent: `cartId` null when none was sent, "" when one was sent with nothing
 * usable in it; `bound` when it is the signed cookie this server wrote (only then merged at login);
 * `oldSent` when the old unsigned cookie came too (a different name only on https).
 */
export type SentCartId = { cartId: string | null; bound: boolean; oldSent: boolean };

export async function sentCartId(header: string | null): Promise<SentCartId> {
  const name = cartIdCookie().name;
  const oldSent = name !== OLD_CART_ID.name && cookieValue(header, OLD_CART_ID.name) !== null;
  const value = await readCookieHeader(header, cartIdCookie());
  if (value && isUuid(value)) return { cartId: value, bound: true, oldSent };
  const old = await readCookieHeader(header, OLD_CART_ID);
  if (old !== null) return { cartId: old, bound: false, oldSent };
  return { cartId: cookieValue(header, name) === null ? null : "", bound: false, oldSent };
}

/** Writes the guest cart's id, signed: the cookie that binds the cart to this browser. */
async function setCartId(headers: Headers, cartId: string) {
  await setCookie(headers, cartIdCookie(), cartId);
}

/** Clears the old cart-id cookie where it was sent under a name of its own (on https). */
async function clearOldCartId(headers: Headers, sent: Pick<SentCartId, "oldSent">) {
  if (sent.oldSent && cartIdCookie().name !== OLD_CART_ID.name) await clearCookie(headers, OLD_CART_ID);
}

/** Clears every cart-id cookie the browser sent. */
async function clearCartId(headers: Headers, sent: Pick<SentCartId, "oldSent">) {
  await clearCookie(headers, cartIdCookie());
  await clearOldCartId(headers, sent);
}

/**
 * The cart cookies a browser sent (null: not sent; "": sent, nothing usable in it, so written again or
 * cleared); unknown, every cookie is written.
 */
export type SentCartCookies = SentCartId & { count: string | null; legacy: string | null };

const UNKNOWN: SentCartCookies = { cartId: "?", bound: false, oldSent: true, count: "?", legacy: null };

/**
 * Brings the browser's cookies in line with its cart: the id for a guest's cart (an account's cart is
 * found by the session), the count for the badge, the old local-storage mirror gone. A cookie already
 * right is not sent again; a cart named by the old cookie keeps that cookie (written again, signed, it
 * would be bound to a browser it may have been planted in).
 */
export async function syncCartCookies(
  headers: Headers,
  visitor: Pick<Visitor, "user">,
  cart: CartRecord | null,
  sent: SentCartCookies = UNKNOWN,
  /**
   * The cart was just changed: its id is written again even when right, so the cookie lives as long
   * as the cart (the sweep removes a guest cart 30 days after its last change, not its creation).
   */
  { renew = false }: { renew?: boolean } = {},
) {
  const guestCartId = visitor.user ? null : (cart?.id ?? null);
  if (guestCartId) {
    if (sent.cartId !== guestCartId || (renew && sent.bound)) {
      await setCartId(headers, guestCartId);
      await clearOldCartId(headers, sent);
    }
  } else if (sent.cartId !== null) await clearCartId(headers, sent);

  const count = unitCount(cart);
  if (count > 0) {
    if (sent.count !== String(count)) await setCookie(headers, CART_COUNT, String(count));
  } else if (sent.count !== null) await clearCookie(headers, CART_COUNT);
  if (sent.legacy !== null) await clearCookie(headers, LEGACY_CART);
}

/**
 * After a login: the guest cart this browser made (`sent`, its cart-id cookie, bound) merged into the
 * account's, and the cookies set for the account's cart (the badge shows it at once). A cart named by
 * an unbound cookie (the old one, or one planted) is left out of the account. A failure here never
 * fails the login: the cart merges on the next look at it.
 */
export async function cartCookiesOnLogin(
  { userId, sent }: { userId: string; sent: SentCartId },
  headers: Headers,
) {
  try {
    const cart = await findCart(db(), { userId, cookieCartId: sent.cartId, cookieBound: sent.bound });
    await syncCartCookies(headers, { user: { id: userId, email: "" } }, cart, { ...UNKNOWN, ...sent });
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
  await clearCartId(headers, { oldSent: true });
}
