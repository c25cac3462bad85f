/**
 * The discount applied in the cart (SPEC §3): code, type, discountAmount, freeShipping, discountCodeId,
 * kept in session storage under `appliedDiscount`. Only the code matters to the server, which
 * re-validates it on every quote and at checkout; the amount is what the customer was last shown.
 */
import type { DiscountType } from "../../../db/schema";
import { readSessionJson, writeSessionJson } from "./session-store";

export const APPLIED_DISCOUNT_KEY = "appliedDiscount";

export type AppliedDiscount = {
  code: string;
  type: DiscountType;
  discountAmount: number;
  freeShipping: boolean;
  discountCodeId: string;
};

const types = new Set<string>(["fixed_amount", "percentage", "free_shipping", "combo"]);

export function parseAppliedDiscount(value: unknown): AppliedDiscount | null {
  if (!value || typeof value !== "object") return null;
  const d = value as Record<string, unknown>;
  if (
    typeof d.code !== "string" ||
    d.code.length === 0 ||
    typeof d.type !== "string" ||
    !types.has(d.type) ||
    !Number.isSafeInteger(d.discountAmount) ||
    typeof d.freeShipping !== "boolean" ||
    typeof d.discountCodeId !== "string"
  ) {
    return null;
  }
  return {
    code: d.code,
    type: d.type as DiscountType,
    discountAmount: d.discountAmount as number,
    freeShipping: d.freeShipping,
    discountCodeId: d.discountCodeId,
  };
}

export function loadAppliedDiscount(): AppliedDiscount | null {
  return parseAppliedDiscount(readSessionJson(APPLIED_DISCOUNT_KEY));
}

export function saveAppliedDiscount(discount: AppliedDiscount | null) {
  writeSessionJson(APPLIED_DISCOUNT_KEY, discount);
}

/** After a successful order (issue 6): the stored discount is removed. */
export function clearAppliedDiscount() {
  writeSessionJson(APPLIED_DISCOUNT_KEY, null);
}
