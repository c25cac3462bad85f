/**
 * Who starts a checkout, and how many they may start and hold (decision 015): starts are rate-limited
 * per IP address and per buyer (account, else the browser's cart); open, unpaid checkouts
 * are capped per IP inside the reservation's transaction (checkout.server.ts), and a buyer's new
 * checkout replaces their previous open one, so returning to the cart and paying again always works.
 */
import { createHash } from "node:crypto";
import { env } from "~/lib/env.server";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";

/** The checkout's view of a client: hashes only (the table never holds an address or a cookie). */
export type CheckoutClient = {
  /** Hash of the IP's limit key (IPv4, or the IPv6 /64). */
  ip: string;
  /** Hash of the browser's cart (its id is in an HttpOnly cookie of its own). */
  browser: string | null;
  userId: string | null;
};

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
 * The client of a checkout started from the server cart (decision 031): the address it came from, and
 * the browser known by its cart.
 */
export function cartCheckoutClient(ip: string, userId: string | null, cartId: string): CheckoutClient {
  return { ip: digest(`ip:${clientKey(ip)}`), browser: digest(`cart:${cartId}`), userId };
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
