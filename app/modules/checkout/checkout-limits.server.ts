/**
 * Who starts a checkout, and how many they may start and hold (decision 015): starts are rate-limited
 * per IP address and per buyer (account, else the browser's checkout cookie); open, unpaid checkouts
 * are capped per IP inside the reservation's transaction (checkout.server.ts), and a buyer's new
 * checkout replaces their previous open one, so returning to the cart and paying again always works.
 */
import { createHash, randomBytes } from "node:crypto";
import { env } from "~/lib/env.server";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";
import { clientIp, readCookie } from "~/lib/request.server";

/** The checkout's view of a client: hashes only (the table never holds an address or a cookie). */
export type CheckoutClient = {
  /** Hash of the IP's limit key (IPv4, or the IPv6 /64). */
  ip: string;
  /** Hash of the browser's checkout cookie (the one set with this answer for a new browser). */
  browser: string | null;
  userId: string | null;
};

export const CHECKOUT_COOKIE = "nokturn_buyer";
const COOKIE_VALUE = /^[A-Za-z0-9_-]{16,64}$/;
const WINDOW_MS = 10 * 60_000;
/** Starts per buyer (account or browser) in 10 minutes: far more than anyone paying needs. */
export const CHECKOUT_STARTS_PER_BUYER = 10;
/** Unpaid checkouts one buyer may hold while a new one starts (the previous is replaced first). */
export const OPEN_CHECKOUTS_PER_BUYER = 2;

export const TOO_MANY_CHECKOUT_STARTS_MESSAGE =
  "Zbyt wiele prób rozpoczęcia płatności. Spróbuj ponownie za kilka minut.";
export const TOO_MANY_OPEN_CHECKOUTS_MESSAGE =
  "Zbyt wiele nieopłaconych zamówień czeka na płatność. Dokończ rozpoczętą płatność lub spróbuj ponownie później.";

export function limitedCodeHeldMessage(code: string) {
  return `Kod ${code} czeka już na płatność w innym zamówieniu z tego adresu. Dokończ tamtą płatność lub spróbuj ponownie później.`;
}

function digest(value: string) {
  return createHash("sha256").update(value).digest("base64url").slice(0, 32);
}

/**
 * The client of a checkout request, and the Set-Cookie header to send when the browser has no
 * checkout cookie yet.
 */
export function checkoutClient(
  request: Request,
  userId: string | null,
): { client: CheckoutClient; setCookie: string | null } {
  const cookie = readCookie(request, CHECKOUT_COOKIE);
  const valid = cookie && COOKIE_VALUE.test(cookie) ? cookie : null;
  const ip = digest(`ip:${clientKey(clientIp(request))}`);
  if (valid) return { client: { ip, browser: digest(`browser:${valid}`), userId }, setCookie: null };
  // A new browser is known by its new cookie from this checkout on (a client that drops cookies
  // gets a new one each time and is held by the per-IP caps alone).
  const fresh = randomBytes(18).toString("base64url");
  const secure = env().siteUrl.startsWith("https:") ? "; Secure" : "";
  return {
    client: { ip, browser: digest(`browser:${fresh}`), userId },
    setCookie: `${CHECKOUT_COOKIE}=${fresh}; Path=/api/checkout; Max-Age=2592000; HttpOnly; SameSite=Lax${secure}`,
  };
}

/**
 * The client of a checkout started from the server cart (decision 031): the browser is known by its
 * cart, whose id is already in an httpOnly cookie of its own.
 */
export function cartCheckoutClient(request: Request, userId: string | null, cartId: string): CheckoutClient {
  return { ip: digest(`ip:${clientKey(clientIp(request))}`), browser: digest(`cart:${cartId}`), userId };
}

export type StartLimit = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one checkout start of this client against the per-IP and per-buyer limits. */
export async function limitCheckoutStart(client: CheckoutClient): Promise<StartLimit> {
  const perIp = await checkRateLimit(`checkout-start:${client.ip}`, {
    limit: env().CHECKOUT_STARTS_PER_IP,
    windowMs: WINDOW_MS,
  });
  if (!perIp.allowed) return { allowed: false, retryAfterSeconds: perIp.retryAfterSeconds };
  const buyer = client.userId ? `user:${client.userId}` : client.browser ? `browser:${client.browser}` : null;
  if (buyer) {
    const perBuyer = await checkRateLimit(`checkout-start:${buyer}`, {
      limit: CHECKOUT_STARTS_PER_BUYER,
      windowMs: WINDOW_MS,
    });
    if (!perBuyer.allowed) return { allowed: false, retryAfterSeconds: perBuyer.retryAfterSeconds };
  }
  return { allowed: true };
}
