/**
 * The cart on the server (decision 031): what `/cart`'s loader sends, what its action takes and
 * answers, and the names of its cookies (the badge reads the count's). Shared by the server and the
 * browser; pure. The cookies' attributes: cart-cookies.server.ts.
 */

import { cookieData, cookieValue } from "~/lib/cookies";
import type { FormActionResult } from "~/lib/form-contract";
import type { DiscountCheck } from "~/modules/discounts/discount";
import type { ParcelLocker } from "../../../db/schema";
import type { DeliveryMethod } from "./delivery";
import type { PricedLine } from "./pricing";
import type { CartTotals } from "./totals";

/** Where every cart form posts (a plain HTML form without scripts, a fetcher with them). */
export const CART_ACTION = "/cart";

/** The cart's id: httpOnly, the browser never reads it. */
export const CART_ID_COOKIE = "nokturn_cart_id";
/** Units in the cart, for the badge: readable by scripts, nothing else in it. */
export const CART_COUNT_COOKIE = "nokturn_cart_count";
/** The cookie mirror of the old local-storage cart (decision 026), read once when taking a cart over. */
export const LEGACY_CART_COOKIE = "nokturn_cart";

export const CART_INTENTS = [
  "add",
  "quantity",
  "remove",
  "delivery",
  "locker",
  "code",
  "remove-code",
  "email",
  "checkout",
  "takeover",
  "add-ticket",
  "ticket-quantity",
  "remove-ticket",
  "attendees",
] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/**
 * Form fields per intent (all strings, as a form sends them):
 * - add: `productId` and `variantId` (empty for a product without sizes), `quantity` (default 1);
 *   several products at once (the bundle) repeat the three fields in the same order; `returnTo` (a
 *   path of ours) is where a plain form goes back to (default `/cart`).
 * - quantity: `line` (the line's id), `quantity` 1–99.   remove: `line`.
 * - delivery: `method` (`courier` | `inpost`).
 * - locker: from the map `lockerId`, `lockerName`, `lockerLine1`, `lockerLine2`; without scripts only
 *   `lockerCode` (e.g. WRO01M), which the server takes as the locker's name and id.
 * - code: `code`.   remove-code: nothing.   email: `email`.
 * - checkout: optionally `email` (stored first); success redirects to the payment page.
 * - takeover: `lines`, the old local-storage cart as JSON `[{productId, variantId, quantity}]`.
 * - add-ticket: `ticketTypeId`, `quantity` 1–20 (default 1), `returnTo` as for add (issue #40).
 * - ticket-quantity: `ticketLine`, `quantity` 1–20.   remove-ticket: `ticketLine`.
 * - attendees: `ticketLine` and `attendees[i].firstName`, `attendees[i].lastName`, one per ticket.
 * - checkout with tickets in the cart: `adult=on` (every attendee is 18+).
 * The schemas are cart.schema.ts's; a plain form (no `_enhanced`) is answered by a 303 back with the
 * answer's message as a flash, an enhanced one by `CartResult`.
 */
export type CartLineView = PricedLine & {
  /** The line's id in the cart (forms name it as `line`). */
  id: string;
};

/** A line of tickets as the cart shows it (issue #40). */
export type CartTicketView = {
  id: string;
  ticketTypeId: string;
  typeName: string;
  nightTitle: string;
  nightSlug: string | null;
  /** "sobota, 12 grudnia 2026, 22:00" */
  when: string;
  unitPrice: number;
  quantity: number;
  /** The most this line may hold now (its tier's tickets left, its max per order). */
  maxQuantity: number;
  /** One per ticket, blank where no name was given yet. */
  attendees: { firstName: string; lastName: string }[];
  /** Every ticket has a valid name. */
  named: boolean;
  /** The night's tickets per person, when limited (a guest then gives the e-mail in the cart). */
  limitPerCustomer: number | null;
  status: "ok" | "unavailable";
  problem: string | null;
};

export type CartView = {
  lines: CartLineView[];
  tickets: CartTicketView[];
  /** Units in the cart (the badge's number). */
  count: number;
  delivery: { method: DeliveryMethod; locker: ParcelLocker | null };
  /** The code the cart holds (already accepted by the server), or null. */
  discountCode: string | null;
  /** The code's verdict for the cart as it is now. */
  discount: DiscountCheck | null;
  /** The buyer's e-mail given in the cart (a guest with a first-order code), or null. */
  email: string | null;
  /**
   * A guest must give the e-mail before checkout: for a first-order code (decision 016), or for a
   * product limited per customer (decision 033).
   */
  emailRequired: boolean;
  emailReason: "first-order" | "limit" | null;
  totals: CartTotals;
  /** Every line can be bought as asked (and every ticket has its name). */
  purchasable: boolean;
};

export type CartNotice = { title: string; message: string };

export type CartLoaderData = {
  /** Null: no cart, or an empty one (the page shows the empty state). */
  cart: CartView | null;
  /** Something the server changed on its own since the last look (a code that stopped applying). */
  notice: CartNotice | null;
};

/** What every cart form is answered with (`count`: units in the cart after a change). */
export type CartResult = FormActionResult<{ count: number }>;

const COUNT = /^\d{1,5}$/;

/**
 * The badge's number from `document.cookie` (0 when absent or malformed): the server writes it with
 * React Router's `createCookie`, in base64 JSON; a raw number written before is read for one release
 * (decision 035).
 */
export function readCartCount(cookieHeader: string | null | undefined): number {
  const value = cookieData(cookieHeader, CART_COUNT_COOKIE) ?? cookieValue(cookieHeader, CART_COUNT_COOKIE);
  return typeof value === "string" && COUNT.test(value) ? Number(value) : 0;
}
