/**
 * Discount codes (SPEC §3, §8, §9): who may use a code and how much it takes off. Pure, so the cart's
 * validation endpoint and the checkout server compute exactly the same thing. Money is grosze.
 */

import { formatPrice } from "~/lib/money";
import type { DiscountType } from "../../../db/schema";

export const DISCOUNT_TYPES = [
  "fixed_amount",
  "percentage",
  "free_shipping",
  "combo",
] as const satisfies readonly DiscountType[];

/** Admin labels of the types (SPEC §9). */
export const discountTypeLabels: Record<DiscountType, string> = {
  fixed_amount: "Kwota PLN",
  percentage: "Procent %",
  free_shipping: "Darmowa wysyłka",
  combo: "Combo",
};

/** The fields of a `discount_codes` row the rules read. */
export type DiscountCodeRecord = {
  id: string;
  code: string;
  type: DiscountType;
  /** Percent (0–100) for `percentage`; grosze for `fixed_amount` and `combo`; ignored for `free_shipping`. */
  value: number;
  minOrderValue: number | null;
  maxUses: number | null;
  currentUses: number;
  validUntil: Date | null;
  includesFreeShipping: boolean;
  firstOrderOnly: boolean;
  /** false: "nie łączy się z promocjami" (absent: combines, as codes did before sales existed). */
  combinesWithSales?: boolean;
  active: boolean;
};

export type DiscountEffect = {
  /** Grosze taken off the products; never more than the products cost. */
  discountAmount: number;
  /** Delivery becomes free. */
  freeShipping: boolean;
};

/** Longest code we look up; anything longer is not a code. */
export const MAX_CODE_LENGTH = 64;

/**
 * The one normalisation of a code (SPEC §2 "code (upper case)", §5 "converted to upper case"), for
 * what a customer types at checkout and what the panel saves alike: no whitespace, upper case.
 */
export function normalizeDiscountCode(input: string) {
  return input.replace(/\s+/g, "").toLocaleUpperCase("pl-PL");
}

/**
 * The one expiry rule: a code is valid up to and including its `valid_until` instant (the panel stores
 * the last millisecond of the chosen day in Warsaw) and expired from the next one. No end date never
 * expires. Checkout, cart prices, code checks and the panel's "expired" badge all ask this.
 */
export function isDiscountExpired(validUntil: Date | string | null, now: Date = new Date()) {
  return validUntil !== null && new Date(validUntil).getTime() < now.getTime();
}

/**
 * How much a code takes off `subtotal` (grosze of products before discount). Never negative, never
 * more than the subtotal, so a total can never drop below the delivery cost.
 *  - fixed_amount: `value` grosze;
 *  - percentage: `value` % of the subtotal, rounded to the nearest grosz;
 *  - free_shipping: nothing off the products, free delivery;
 *  - combo: `value` grosze off, plus free delivery when the code includes it.
 */
export function discountEffect(
  rule: Pick<DiscountCodeRecord, "type" | "value" | "includesFreeShipping">,
  subtotal: number,
): DiscountEffect {
  const base = Math.max(0, Math.floor(subtotal));
  const value = Math.max(0, Math.floor(rule.value));
  switch (rule.type) {
    case "fixed_amount":
      return { discountAmount: Math.min(value, base), freeShipping: false };
    case "percentage":
      return {
        discountAmount: Math.min(base, Math.round((base * Math.min(value, 100)) / 100)),
        freeShipping: false,
      };
    case "free_shipping":
      return { discountAmount: 0, freeShipping: true };
    case "combo":
      return { discountAmount: Math.min(value, base), freeShipping: rule.includesFreeShipping };
  }
}

export type DiscountRefusal =
  | "not_found"
  | "inactive"
  | "expired"
  | "used_up"
  | "below_minimum"
  | "first_order_only"
  | "empty_cart"
  | "sale_items_only";

export type DiscountCheck =
  | ({
      valid: true;
      code: string;
      type: DiscountType;
      discountCodeId: string;
      message: string;
      /** The code is for a first order only: a guest must give the e-mail before paying. */
      firstOrderOnly: boolean;
      /** false: the code took nothing off lines bought at a sale price. */
      combinesWithSales: boolean;
    } & DiscountEffect)
  | { valid: false; reason: DiscountRefusal; message: string };

export type DiscountContext = {
  /** Products' value in grosze, priced by the server. */
  subtotal: number;
  /** The part of `subtotal` not bought at a sale price (absent: nothing is on sale). */
  saleFreeSubtotal?: number;
  now: Date;
  /** The buyer already has an order (by account or by e-mail): refuses first-order-only codes. */
  hasPreviousOrder: boolean;
};

export const INVALID_CODE_MESSAGE = "Kod nieprawidłowy";

/** Under a cart line bought at a sale price when the applied code does not combine with sales. */
export const CODE_SKIPS_SALE_LINE = "Kod nie łączy się z promocjami";

/** Codes take money off products or make delivery free; only the former can be left with nothing. */
function reducesProducts(type: DiscountType) {
  return type === "fixed_amount" || type === "percentage";
}

export function firstOrderOnlyMessage(code: string) {
  return `Kod ${code} obowiązuje tylko przy pierwszym zamówieniu`;
}

/** What a guest sees when the cart holds a first-order code and no e-mail was given. */
export function firstOrderEmailMessage(code: string) {
  return `Podaj adres e-mail, aby użyć kodu ${code} (obowiązuje tylko przy pierwszym zamówieniu).`;
}

/**
 * The key that makes one buyer one buyer for first-order codes: trimmed, lower case, and without a
 * +tag in the local part (ola+1@x.pl and ola+2@x.pl reach one mailbox, so they are one buyer).
 * Dots in Gmail addresses are not folded: that rule is Gmail's alone.
 */
export function firstOrderEmailKey(email: string) {
  const normalized = email.trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  if (at <= 0) return normalized;
  const local = normalized.slice(0, at);
  const plus = local.indexOf("+");
  return plus > 0 ? `${local.slice(0, plus)}${normalized.slice(at)}` : normalized;
}

/** Applies every rule of a code to a cart: active, valid until, uses left, minimum order, first order. */
export function checkDiscountCode(
  record: DiscountCodeRecord | null,
  context: DiscountContext,
): DiscountCheck {
  if (!record) return { valid: false, reason: "not_found", message: INVALID_CODE_MESSAGE };
  if (!record.active) return { valid: false, reason: "inactive", message: INVALID_CODE_MESSAGE };
  if (isDiscountExpired(record.validUntil, context.now)) {
    return { valid: false, reason: "expired", message: `Kod ${record.code} wygasł` };
  }
  if (record.maxUses !== null && record.currentUses >= record.maxUses) {
    return { valid: false, reason: "used_up", message: `Kod ${record.code} został już wykorzystany` };
  }
  if (context.subtotal <= 0) {
    return { valid: false, reason: "empty_cart", message: "Dodaj produkty do koszyka, aby użyć kodu" };
  }
  if (record.minOrderValue !== null && context.subtotal < record.minOrderValue) {
    return {
      valid: false,
      reason: "below_minimum",
      message: `Kod ${record.code} działa przy zamówieniu od ${formatPrice(record.minOrderValue)}`,
    };
  }
  if (record.firstOrderOnly && context.hasPreviousOrder) {
    return {
      valid: false,
      reason: "first_order_only",
      message: firstOrderOnlyMessage(record.code),
    };
  }
  // A code that does not combine with sales reduces only what is bought at regular prices.
  const combinesWithSales = record.combinesWithSales !== false;
  const base = combinesWithSales ? context.subtotal : (context.saleFreeSubtotal ?? context.subtotal);
  if (base <= 0 && reducesProducts(record.type)) {
    return {
      valid: false,
      reason: "sale_items_only",
      message: `Kod ${record.code} nie łączy się z promocjami, a wszystkie produkty w koszyku są przecenione`,
    };
  }
  return {
    valid: true,
    code: record.code,
    type: record.type,
    discountCodeId: record.id,
    message: `Kod ${record.code} został zastosowany`,
    firstOrderOnly: record.firstOrderOnly,
    combinesWithSales,
    ...discountEffect(record, base),
  };
}
