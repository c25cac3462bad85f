/**
 * Pure helpers of the discount codes tab (SPEC §2 Discount codes): how a code's value, uses and
 * validity read in the table, and the conversions between stored values and what the form holds.
 * Money is grosze; a percentage code's value is whole percent.
 */
import { formatShortDate, TIME_ZONE } from "~/lib/dates";
import { formatPrice, toDecimalString } from "~/lib/money";
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

/** Minutes Warsaw is ahead of UTC at `instant` (60 in winter, 120 in summer). */
function warsawOffsetMinutes(instant: Date) {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const asUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * A date picked in the form ("2026-01-17") as the last moment of that day in Warsaw: a code "valid
 * until the 17th" works all of the 17th wherever the server runs. Null for anything else.
 */
export function endOfDayInWarsaw(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = Date.UTC(year, month - 1, day, 23, 59, 59, 999);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  if (year < 2000 || year > 2100) return null;
  return new Date(utc - warsawOffsetMinutes(check) * 60_000);
}

/** A stored end of validity as the form's date field ("2026-01-17", Warsaw calendar day). */
export function dateInputValue(value: Date | string | null) {
  if (!value) return "";
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(value));
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
