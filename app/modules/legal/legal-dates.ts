/**
 * Dates of the legal texts (ISO). Change them with the text: the terms may change only with at least
 * 7 days' notice (§ 9 of the terms), so a new terms version gets an effective date a week ahead.
 */
export const legalDates = {
  /** The version of 28.11.2026 (the cart on the server, the payment methods offered, online
   * withdrawal, sale prices, per-customer limits), a week after it was published. */
  termsEffectiveFrom: "2026-12-05",
  privacyPolicyUpdated: "2026-11-28",
  returnsUpdated: "2026-11-28",
  shippingUpdated: "2026-11-28",
  /** Accessibility statement: when the site went public, when it was last changed significantly (every
   * control working without scripts, decision 031), and when the statement was prepared. */
  sitePublished: "2026-11-21",
  siteLastMajorUpdate: "2026-11-26",
  accessibilityStatementPrepared: "2026-11-28",
} as const;

/**
 * The dates above as the texts print them, written out with the texts: these pages have no loader to
 * word them on the server, and a formatter in the browser would load ICU's date data during their
 * hydration (decision 027). legal-dates.test.ts checks each one against `formatLongDate`.
 */
const longDates: Record<string, string> = {
  "2026-11-21": "21 listopada 2026",
  "2026-11-26": "26 listopada 2026",
  "2026-11-28": "28 listopada 2026",
  "2026-12-05": "5 grudnia 2026",
};

/** A date of the legal texts in words: "2026-11-21" → "21 listopada 2026". */
export function legalDateLabel(iso: string) {
  const label = longDates[iso];
  if (!label) throw new Error(`legal-dates.ts words no date ${iso}: add it to longDates`);
  return label;
}

/** Minimum notice before changed terms take effect (SPEC §9). */
export const TERMS_CHANGE_NOTICE_DAYS = 7;
