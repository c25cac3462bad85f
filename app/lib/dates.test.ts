import { describe, expect, it } from "vitest";
import {
  formatDateTime,
  formatLongDate,
  formatRelativeOrDate,
  formatShortDate,
  formatTime,
  formatWeekday,
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

describe("dates by hand agree with Intl's pl-PL in Warsaw time", () => {
  const zone = { timeZone: "Europe/Warsaw" } as const;
  const intlLong = new Intl.DateTimeFormat("pl-PL", {
    ...zone,
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const intlShort = new Intl.DateTimeFormat("pl-PL", {
    ...zone,
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  });
  const intlTime = new Intl.DateTimeFormat("pl-PL", { ...zone, hour: "2-digit", minute: "2-digit" });
  const intlWeekday = new Intl.DateTimeFormat("pl-PL", { ...zone, weekday: "long" });

  it("every 7 hours 13 minutes over 2024–2032, including around each clock change", () => {
    const differences: string[] = [];
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2033, 0, 1); time += 433 * 60_000) {
      const date = new Date(time);
      const pairs = [
        [formatLongDate(date), intlLong.format(date)],
        [formatShortDate(date), intlShort.format(date)],
        [formatTime(date), intlTime.format(date)],
        [formatWeekday(date), intlWeekday.format(date)],
      ];
      for (const [ours, theirs] of pairs)
        if (ours !== theirs) differences.push(`${date.toISOString()}: ${ours} ≠ ${theirs}`);
    }
    expect(differences).toEqual([]);
  });

  it("refuses an invalid date", () => {
    expect(() => formatLongDate("nie-data")).toThrow(RangeError);
  });
});
