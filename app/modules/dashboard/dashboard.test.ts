import { describe, expect, it } from "vitest";
import {
  addDays,
  alignNights,
  csvAmount,
  MAX_DAYS,
  parseDashboardRange,
  periodsOf,
  rangeInstants,
  seriesOf,
  weekOf,
} from "./dashboard";

const parse = (query: string, today = "2026-11-29") => parseDashboardRange(new URLSearchParams(query), today);

describe("the dashboard's range", () => {
  it("defaults to the last 30 days by day", () => {
    expect(parse("")).toEqual({ from: "2026-10-31", to: "2026-11-29", granularity: "day", fixed: false });
  });

  it("reads od, do and co=tydzien", () => {
    expect(parse("od=2026-01-01&do=2026-01-31&co=tydzien")).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      granularity: "week",
      fixed: false,
    });
  });

  it("repairs what is not a range: swapped, invalid, too long", () => {
    expect(parse("od=2026-02-01&do=2026-01-01")).toMatchObject({
      from: "2026-01-01",
      to: "2026-02-01",
      fixed: true,
    });
    expect(parse("od=2026-02-30&do=2026-03-01")).toMatchObject({ from: "2026-01-31", fixed: true });
    expect(parse("od=x%00&do=2026-03-01")).toMatchObject({ fixed: true });
    const long = parse("od=2020-01-01&do=2026-01-01");
    expect(long.fixed).toBe(true);
    expect(long.from).toBe(addDays("2026-01-01", -(MAX_DAYS - 1)));
  });

  it("covers whole Warsaw days, across the change of time", () => {
    const { start, end } = rangeInstants({ from: "2026-03-28", to: "2026-03-29" });
    expect(start.toISOString()).toBe("2026-03-27T23:00:00.000Z");
    expect(end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
  });
});

describe("series by day and week", () => {
  it("fills every day, 0 where nothing sold", () => {
    const range = { from: "2026-11-01", to: "2026-11-03", granularity: "day" as const };
    expect(
      seriesOf(range, [
        { day: "2026-11-03", value: 5 },
        { day: "2026-11-01", value: 2 },
        { day: "2026-10-01", value: 9 },
      ]),
    ).toEqual({
      periods: ["2026-11-01", "2026-11-02", "2026-11-03"],
      values: [2, 0, 5],
    });
  });

  it("sums days into ISO weeks starting on Monday", () => {
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    const range = { from: "2026-11-20", to: "2026-11-30", granularity: "week" as const };
    expect(periodsOf(range)).toEqual(["2026-11-16", "2026-11-23", "2026-11-30"]);
    expect(
      seriesOf(range, [
        { day: "2026-11-24", value: 1 },
        { day: "2026-11-29", value: 2 },
      ]).values,
    ).toEqual([0, 3, 0]);
  });
});

describe("two nights side by side", () => {
  it("accumulates each night's sales by days before its start", () => {
    const aligned = alignNights(
      [
        { daysBefore: 3, count: 2 },
        { daysBefore: 0, count: 1 },
      ],
      [
        { daysBefore: 5, count: 4 },
        { daysBefore: -1, count: 1 },
      ],
    );
    expect(aligned.daysBefore).toEqual([5, 4, 3, 2, 1, 0]);
    expect(aligned.current).toEqual([0, 0, 2, 2, 2, 3]);
    expect(aligned.previous).toEqual([4, 4, 4, 4, 4, 5]);
  });

  it("is one day of nothing without sales", () => {
    expect(alignNights([], [])).toEqual({ daysBefore: [0], current: [0], previous: [0] });
  });
});

it("writes amounts as a Polish spreadsheet reads them", () => {
  expect(csvAmount(123450)).toBe("1234,50");
  expect(csvAmount(5)).toBe("0,05");
});
