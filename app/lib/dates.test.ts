import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatLongDate,
  formatRelativeOrDate,
  formatShortDate,
  formatTime,
  isWithinDays,
} from "./dates";

describe("dates (pl-PL, Europe/Warsaw)", () => {
  const eventStart = "2026-01-17T22:00:00Z"; // 23:00 in Wrocław

  it("formats long and short Polish dates in Warsaw time", () => {
    expect(formatLongDate(eventStart)).toBe("17 stycznia 2026");
    expect(formatShortDate(eventStart)).toBe("17.01.2026");
    expect(formatTime(eventStart)).toBe("23:00");
    expect(formatDateTime(eventStart)).toBe("17 stycznia 2026, 23:00");
  });

  it("uses the Warsaw calendar day, not UTC's", () => {
    expect(formatLongDate("2026-01-17T23:30:00Z")).toBe("18 stycznia 2026");
  });

  it("shows relative text under 30 days and a date after", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(formatRelativeOrDate("2026-03-10T11:59:30Z", now)).toBe("przed chwilą");
    expect(formatRelativeOrDate("2026-03-07T12:00:00Z", now)).toBe("3 dni temu");
    expect(formatRelativeOrDate("2026-03-10T09:00:00Z", now)).toBe("3 godziny temu");
    expect(formatRelativeOrDate("2026-02-09T12:00:00Z", now)).toBe("29 dni temu");
    expect(formatRelativeOrDate("2026-02-01T12:00:00Z", now)).toBe("1 lutego 2026");
  });

  it("tells whether a date is within the last N days", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(isWithinDays("2026-03-01T12:00:00Z", 30, now)).toBe(true);
    expect(isWithinDays("2026-02-01T12:00:00Z", 30, now)).toBe(false);
    expect(isWithinDays("2026-03-11T12:00:00Z", 30, now)).toBe(false);
  });

  it("rejects invalid dates instead of printing 'Invalid Date'", () => {
    expect(() => formatLongDate("not a date")).toThrow(RangeError);
  });
});
