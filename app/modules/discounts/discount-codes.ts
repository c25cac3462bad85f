/**
 * Pure helpers of the discount codes tab (SPEC §2 Discount codes): how a code's value, uses and
 * validity read in the table, and the conversions between stored values and what the form holds.
 * Money is grosze; a percentage code's value is whole percent.
 */
import { formatShortDate } from "~/lib/dates";
import { formatPrice, toDecimalString } from "~/lib/money";
import { fromWarsawLocal, warsawParts } from "~/lib/warsaw-time";
import type { DiscountType } from "../../../db/schema";

/** SPEC §2: validity column when a code has no end date. */
export const NO_LIMIT_LABEL = "Bez limitu";

/** "15%", "30,00 zł", "Darmowa wysyłka", "30,00 zł + darmowa wysyłka". */
export function discountValueLabel(code: {
  type: DiscountType;
  value: number;
  includesFreeShipping: boolean;
}) {
  switch (code.type) {
    case "percentage":
      return `${code.value}%`;
    case "fixed_amount":
      return formatPrice(code.value);
    case "free_shipping":
      return "Darmowa wysyłka";
    case "combo":
      return code.includesFreeShipping
        ? `${formatPrice(code.value)} + darmowa wysyłka`
        : formatPrice(code.value);
  }
}

/** SPEC §2: uses as current/max, or current/∞ when unlimited. */
export function discountUsesLabel(currentUses: number, maxUses: number | null) {
  return `${currentUses}/${maxUses ?? "∞"}`;
}

/** SPEC §2: 'Bez limitu' without an end date, else "do 17.01.2026". */
export function discountValidityLabel(validUntil: Date | string | null) {
  return validUntil ? `do ${formatShortDate(validUntil)}` : NO_LIMIT_LABEL;
}

/**
 * A date picked in the form ("2026-01-17") as the last moment of that day in Warsaw: a code "valid
 * until the 17th" works all of the 17th wherever the server runs. Null for anything else.
 */
export function endOfDayInWarsaw(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100 || !fromWarsawLocal(`${value}T00:00`)) return null;
  // One millisecond before the next day's midnight (never inside a clock change, which is at 2–3 am).
  const nextDay = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  const nextMidnight = fromWarsawLocal(`${nextDay}T00:00`);
  return nextMidnight && new Date(nextMidnight.getTime() - 1);
}

/** A stored end of validity as the form's date field ("2026-01-17", Warsaw calendar day). */
export function dateInputValue(value: Date | string | null) {
  if (!value) return "";
  const { year, month, day } = warsawParts(value);
  return `${year}-${month}-${day}`;
}

/** Grosze as typed into an amount field: 3000 → "30,00". */
export function amountInputValue(grosze: number | null) {
  return grosze === null ? "" : toDecimalString(grosze).replace(".", ",");
}

/** The stored value as the form's value field: percent as is, grosze as PLN, nothing for free shipping. */
export function valueInputValue(type: DiscountType, value: number) {
  if (type === "free_shipping") return "";
  return type === "percentage" ? String(value) : amountInputValue(value);
}
