/** Money is integer grosze everywhere; this is the only place that formats it. */

// Formatted by hand, not with Intl.NumberFormat: creating the first formatter loads ICU's locale data,
// ~25 ms of a phone's main thread during hydration on every shop page. money.test.ts checks the
// output against Intl's pl-PL format character for character.

/** 1234567 → "12 345,67": Polish grouping (no-break spaces, only from five digits), comma decimals. */
function plainAmount(grosze: number): string {
  assertGrosze(grosze);
  const sign = grosze < 0 ? "-" : "";
  const abs = Math.abs(grosze);
  const whole = String(Math.floor(abs / 100));
  const grouped = whole.length > 4 ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0") : whole;
  return `${sign}${grouped},${String(abs % 100).padStart(2, "0")}`;
}

function assertGrosze(grosze: number) {
  if (!Number.isSafeInteger(grosze))
    throw new TypeError(`Money must be an integer number of grosze, got ${grosze}`);
}

/** 19900 → "199,00 zł" */
export function formatPrice(grosze: number): string {
  return `${plainAmount(grosze)}\u00a0zł`;
}

/** 19900 → "199,00 PLN" (where SPEC shows "PLN"). */
export function formatPln(grosze: number): string {
  return `${plainAmount(grosze)} PLN`;
}

/** 19900 → "199.00" — for machine-readable places (JSON-LD, payment providers). */
export function toDecimalString(grosze: number): string {
  assertGrosze(grosze);
  const sign = grosze < 0 ? "-" : "";
  const abs = Math.abs(grosze);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Parses a PLN amount typed by a person ("199", "199,9", "1 299,00", "199.99") into grosze.
 * Returns null for anything that is not a plain non-negative amount with at most 2 decimals.
 */
export function parsePln(input: string): number | null {
  const normalized = input
    .replace(/[\s\u00a0]/g, "")
    .replace(/zł$|pln$/i, "")
    .replace(",", ".");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ""] = normalized.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
