import { describe, expect, it } from "vitest";
import { fromWarsawLocal, toWarsawLocal, warsawOffsetMinutes, warsawParts } from "./warsaw-time";

/** The time-zone database's own reading of an instant on Warsaw's wall clock, part by part. */
const WARSAW_PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Warsaw",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Hours that really pass between two Warsaw wall-clock times. */
function hoursBetween(from: string, to: string) {
  return (
    ((fromWarsawLocal(to)?.getTime() ?? Number.NaN) - (fromWarsawLocal(from)?.getTime() ?? Number.NaN)) /
    3_600_000
  );
}

/** Each Warsaw wall-clock time typed in a form, and the instant it must be stored as. */
function expectInstants(pairs: [typed: string, instant: string][]) {
  for (const [typed, instant] of pairs) expect(fromWarsawLocal(typed)?.toISOString(), typed).toBe(instant);
}

describe("Warsaw wall-clock time ↔ UTC", () => {
  it("reads winter (CET, UTC+1) and summer (CEST, UTC+2) times", () => {
    expectInstants([
      ["2026-01-17T23:00", "2026-01-17T22:00:00.000Z"],
      ["2026-07-04T22:00", "2026-07-04T20:00:00.000Z"],
    ]);
  });

  it("shows stored instants in Warsaw time", () => {
    expect(toWarsawLocal("2026-01-17T22:00:00.000Z")).toBe("2026-01-17T23:00");
    expect(toWarsawLocal(new Date("2026-01-18T06:00:00.000Z"))).toBe("2026-01-18T07:00");
    expect(toWarsawLocal("2026-07-04T20:00:00.000Z")).toBe("2026-07-04T22:00");
  });

  it("is DST-safe across the spring change (29.03.2026, 02:00 → 03:00): a skipped time moves forward", () => {
    expectInstants([
      ["2026-03-29T01:30", "2026-03-29T00:30:00.000Z"],
      ["2026-03-29T03:30", "2026-03-29T01:30:00.000Z"],
    ]);
    // 02:00–02:59 never happen that night: shifted by the hour the clocks skip (Temporal's "compatible").
    for (const [typed, shown] of [
      ["2026-03-29T02:00", "2026-03-29T03:00"],
      ["2026-03-29T02:30", "2026-03-29T03:30"],
      ["2026-03-29T02:59", "2026-03-29T03:59"],
    ]) {
      const skipped = fromWarsawLocal(typed);
      expect(toWarsawLocal(skipped!), typed).toBe(shown);
    }
    expect(fromWarsawLocal("2026-03-29T02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // The gap's neighbours: the last winter minute and the first summer one.
    expectInstants([
      ["2026-03-29T01:59", "2026-03-29T00:59:00.000Z"],
      ["2026-03-29T03:00", "2026-03-29T01:00:00.000Z"],
    ]);
    // A night across the change lasts one hour less on the clock than it reads.
    expect(hoursBetween("2026-03-28T23:00", "2026-03-29T07:00")).toBe(7);
  });

  it("is DST-safe across the autumn change (25.10.2026, 03:00 → 02:00): a repeated time is the earlier", () => {
    expectInstants([
      ["2026-10-25T02:00", "2026-10-25T00:00:00.000Z"],
      ["2026-10-25T02:30", "2026-10-25T00:30:00.000Z"],
      ["2026-10-25T02:59", "2026-10-25T00:59:00.000Z"],
    ]);
    // The later 02:30 (01:30 UTC, winter time) reads the same on the clock; the earlier one wins.
    expect(toWarsawLocal(new Date("2026-10-25T01:30:00.000Z"))).toBe("2026-10-25T02:30");
    expectInstants([
      ["2026-10-25T01:59", "2026-10-24T23:59:00.000Z"],
      ["2026-10-25T03:00", "2026-10-25T02:00:00.000Z"],
      ["2026-10-25T03:30", "2026-10-25T02:30:00.000Z"],
    ]);
    expect(hoursBetween("2026-10-24T23:00", "2026-10-25T07:00")).toBe(9);
  });

  it("asks the time-zone database, not two fixed offsets", () => {
    // 1919: Poland kept Eastern European summer time (UTC+3).
    expect(fromWarsawLocal("1919-06-01T12:00")?.toISOString()).toBe("1919-06-01T09:00:00.000Z");
    // Before 1915: Warsaw mean time (UTC+1:24).
    expect(fromWarsawLocal("1900-06-01T12:00")?.toISOString()).toBe("1900-06-01T10:36:00.000Z");
    // 1977: the spring change at 01:00 (not 02:00): 01:30 was skipped, 02:30 was not.
    expect(toWarsawLocal(fromWarsawLocal("1977-04-03T01:30")!)).toBe("1977-04-03T02:30");
    expect(fromWarsawLocal("1977-04-03T02:30")?.toISOString()).toBe("1977-04-03T00:30:00.000Z");
    // Years below 100 are not read as 19xx.
    expect(fromWarsawLocal("0050-06-01T12:00")?.getUTCFullYear()).toBe(50);
  });

  it("agrees with the time-zone database at every minute around the changes of 2020–2040", () => {
    const intl = WARSAW_PARTS;
    const local = (time: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(time)).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
    };
    let checked = 0;
    for (let year = 2020; year <= 2040; year++) {
      // Each change falls on the last Sunday of March or October at 01:00 UTC: look at ±3 h around it.
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const sunday = lastDay.getUTCDate() - lastDay.getUTCDay();
        const change = Date.UTC(year, month, sunday, 1);
        for (let time = change - 3 * 3_600_000; time <= change + 3 * 3_600_000; time += 60_000) {
          const typed = local(time);
          const back = fromWarsawLocal(typed)!;
          // Every minute that happened reads back as itself; of a repeated minute, the first instant.
          expect(toWarsawLocal(back), typed).toBe(typed);
          expect(back.getTime(), typed).toBeLessThanOrEqual(time);
          checked++;
        }
      }
    }
    expect(checked).toBe(21 * 2 * 361);
  });

  it("round-trips every third hour of a year", () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * 3_600_000) {
      const instant = new Date(t);
      const local = toWarsawLocal(instant);
      const back = fromWarsawLocal(local)!;
      // Only the repeated autumn hour may read back as its earlier twin.
      expect(toWarsawLocal(back)).toBe(local);
    }
  });

  it("refuses what is not a date", () => {
    expect(fromWarsawLocal("")).toBeNull();
    expect(fromWarsawLocal("17.01.2026 23:00")).toBeNull();
    expect(fromWarsawLocal("2026-02-31T23:00")).toBeNull();
    expect(fromWarsawLocal("2026-01-17T24:00")).toBeNull();
  });
});

describe("Warsaw's wall clock and offset agree with the time-zone database", () => {
  const intl = WARSAW_PARTS;
  const viaIntl = (date: Date) =>
    Object.fromEntries(
      intl
        .formatToParts(date)
        .filter((part) => part.type !== "literal")
        .map((p) => [p.type, p.value]),
    );

  it("agrees with the time-zone database every 97 minutes over 2020–2040", () => {
    const end = Date.UTC(2041, 0, 1);
    let mismatches = 0;
    for (let time = Date.UTC(2020, 0, 1); time < end; time += 97 * 60_000) {
      const date = new Date(time);
      const ours = warsawParts(date);
      const theirs = viaIntl(date);
      if ((Object.keys(ours) as (keyof typeof ours)[]).some((key) => ours[key] !== theirs[key])) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it("changes exactly at 01:00 UTC on the last Sundays of March and October", () => {
    // 2026: 29 March and 25 October.
    expect(warsawOffsetMinutes(new Date("2026-03-29T00:59:59Z"))).toBe(60);
    expect(warsawOffsetMinutes(new Date("2026-03-29T01:00:00Z"))).toBe(120);
    expect(warsawOffsetMinutes(new Date("2026-10-25T00:59:59Z"))).toBe(120);
    expect(warsawOffsetMinutes(new Date("2026-10-25T01:00:00Z"))).toBe(60);
    for (const iso of [
      "2026-03-29T00:59:59Z",
      "2026-03-29T01:00:00Z",
      "2026-10-25T00:59:59Z",
      "2026-10-25T01:00:00Z",
    ]) {
      expect(warsawParts(new Date(iso))).toEqual(viaIntl(new Date(iso)));
    }
  });

  it("refuses an invalid date like Intl does", () => {
    expect(() => warsawParts(new Date("nie-data"))).toThrow(RangeError);
  });
});
