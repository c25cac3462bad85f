/**
 * Dates of the legal texts (ISO). Change them with the text: the terms may change only with at least
 * 7 days' notice (§ 9 of the terms), so a new terms version gets an effective date a week ahead.
 */
export const legalDates = {
  termsEffectiveFrom: "2026-11-21",
  privacyPolicyUpdated: "2026-11-21",
  returnsUpdated: "2026-11-21",
  shippingUpdated: "2026-11-21",
  /** Accessibility statement: when the site went public, when it was last changed significantly, and
   * when the statement was prepared (self-assessment). */
  sitePublished: "2026-11-21",
  siteLastMajorUpdate: "2026-11-21",
  accessibilityStatementPrepared: "2026-11-21",
} as const;

/** Minimum notice before changed terms take effect (SPEC §9). */
export const TERMS_CHANGE_NOTICE_DAYS = 7;
