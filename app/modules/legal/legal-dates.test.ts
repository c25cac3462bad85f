import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/dates";
import { legalDateLabel, legalDates } from "./legal-dates";

describe("the legal texts' dates in words", () => {
  it("words every date as formatLongDate does", () => {
    for (const iso of Object.values(legalDates)) expect(legalDateLabel(iso)).toBe(formatLongDate(iso));
  });

  it("refuses a date it does not word, rather than printing nothing", () => {
    expect(() => legalDateLabel("2027-01-01")).toThrow(/2027-01-01/);
  });
});
