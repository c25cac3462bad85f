/**
 * Delivery options: the one source of truth for prices, times and the free-delivery rule. The cart,
 * the checkout (server pricing), the /shipping page, the terms and the returns page all read it.
 * Pure: no I/O, safe in the browser bundle. Money is integer grosze.
 */
import type { DeliveryMethod } from "../../../db/schema";

export type { DeliveryMethod };

export type DeliveryOption = {
  id: DeliveryMethod;
  /** Short name shown in the cart and on the shipping page. */
  label: string;
  /** One line on how the parcel reaches the customer. */
  description: string;
  /** Price in grosze (VAT included). */
  price: number;
  /** Delivery time after dispatch, in working days. */
  workingDays: { min: number; max: number };
};

/** Products total (after discount) from which delivery is free, in grosze: 200,00 zł. */
export const FREE_DELIVERY_THRESHOLD = 20_000;

/** Orders placed after this local hour (Europe/Warsaw) are dispatched the next working day. */
export const DISPATCH_CUTOFF_HOUR = 14;

export const deliveryOptions: Readonly<Record<DeliveryMethod, DeliveryOption>> = {
  courier: {
    id: "courier",
    label: "Kurier",
    description: "Dostawa pod wskazany adres na terenie Polski.",
    price: 1699,
    workingDays: { min: 1, max: 2 },
  },
  inpost: {
    id: "inpost",
    label: "Paczkomat InPost",
    description: "Odbiór w wybranym Paczkomacie InPost, 24 godziny na dobę.",
    price: 1399,
    workingDays: { min: 1, max: 2 },
  },
  // An order of tickets only: the e-tickets come by e-mail, nothing is shipped (issue #40).
  none: {
    id: "none",
    label: "Bez wysyłki (bilety elektroniczne)",
    description: "Bilety wysyłamy e-mailem jako PDF; są też na koncie i pod linkiem zamówienia.",
    price: 0,
    workingDays: { min: 0, max: 0 },
  },
};

/** The options in display order. */
export const deliveryOptionList: readonly DeliveryOption[] = [
  deliveryOptions.courier,
  deliveryOptions.inpost,
];

/** The one shipping-time text used everywhere (cart, product pages, /shipping, terms). */
export const SHIPPING_TIME_TEXT =
  `Wysyłka w ciągu 24 godzin w dni robocze dla produktów dostępnych w magazynie ` +
  `(zamówienia złożone po ${DISPATCH_CUTOFF_HOUR}:00 wysyłamy następnego dnia roboczego).`;

export function isDeliveryMethod(value: unknown): value is DeliveryMethod {
  return typeof value === "string" && Object.hasOwn(deliveryOptions, value);
}

/** "1–2 dni robocze" */
export function formatDeliveryTime(option: Pick<DeliveryOption, "workingDays">): string {
  const { min, max } = option.workingDays;
  const range = min === max ? `${min}` : `${min}–${max}`;
  const noun = max === 1 ? "dzień roboczy" : pluralWorkingDays(max);
  return `${range} ${noun}`;
}

function pluralWorkingDays(n: number) {
  const lastTwo = n % 100;
  const last = n % 10;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return "dni robocze";
  return "dni roboczych";
}

function assertGrosze(amount: number, name: string) {
  if (!Number.isSafeInteger(amount)) throw new TypeError(`${name} must be an integer number of grosze`);
  if (amount < 0) throw new RangeError(`${name} must not be negative`);
}

/** Whether delivery is free: products after discount reach the threshold, or a free-shipping code. */
export function qualifiesForFreeDelivery(productsAfterDiscount: number, freeShippingCode = false): boolean {
  assertGrosze(productsAfterDiscount, "productsAfterDiscount");
  return freeShippingCode || productsAfterDiscount >= FREE_DELIVERY_THRESHOLD;
}

/**
 * Delivery cost in grosze for a method, given the products total after discount (grosze) and
 * whether an applied code includes free shipping.
 */
export function deliveryCost(
  method: DeliveryMethod,
  productsAfterDiscount: number,
  freeShippingCode = false,
): number {
  if (!isDeliveryMethod(method)) throw new RangeError(`Unknown delivery method: ${String(method)}`);
  return qualifiesForFreeDelivery(productsAfterDiscount, freeShippingCode)
    ? 0
    : deliveryOptions[method].price;
}

/** How much more (grosze) the products must cost for free delivery; 0 once it is free. */
export function amountToFreeDelivery(productsAfterDiscount: number): number {
  assertGrosze(productsAfterDiscount, "productsAfterDiscount");
  return Math.max(0, FREE_DELIVERY_THRESHOLD - productsAfterDiscount);
}

/**
 * The cheapest standard delivery price (grosze). After a withdrawal the seller refunds the original
 * delivery cost up to this amount (art. 33 of the consumer rights act).
 */
export function cheapestDeliveryPrice(): number {
  return Math.min(...deliveryOptionList.map((option) => option.price));
}
