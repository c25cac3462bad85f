import { describe, expect, it } from "vitest";
import { fromWarsawLocal, toWarsawLocal } from "./warsaw-time";

describe("Warsaw wall-clock time ↔ UTC", () => {
  it("reads winter (CET, UTC+1) and summer (CEST, UTC+2) times", () => {
    expect(fromWarsawLocal("2026-01-17T23:00")?.toISOString()).toBe("2026-01-17T22:00:00.000Z");
    expect(fromWarsawLocal("2026-07-04T22:00")?.toISOString()).toBe("2026-07-04T20:00:00.000Z");
  });

  it("shows stored instants in Warsaw time", () => {
    expect(toWarsawLocal("2026-01-17T22:00:00.000Z")).toBe("2026-01-17T23:00");
    expect(toWarsawLocal(new Date("2026-01-18T06:00:00.000Z"))).toBe("2026-01-18T07:00");
    expect(toWarsawLocal("2026-07-04T20:00:00.000Z")).toBe("2026-07-04T22:00");
  });

  it("is DST-safe across the spring change (29.03.2026, 02:00 → 03:00)", () => {
    expect(fromWarsawLocal("2026-03-29T01:30")?.toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(fromWarsawLocal("2026-03-29T03:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 never happens that night: read with the winter offset, i.e. 03:30 summer time.
    const skipped = fromWarsawLocal("2026-03-29T02:30");
    expect(skipped?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(toWarsawLocal(skipped!)).toBe("2026-03-29T03:30");
    // A night across the change lasts one hour less on the clock than it reads.
    const start = fromWarsawLocal("2026-03-28T23:00")!;
    const end = fromWarsawLocal("2026-03-29T07:00")!;
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(7);
  });

  it("is DST-safe across the autumn change (25.10.2026, 03:00 → 02:00): the earlier 02:30 wins", () => {
    expect(fromWarsawLocal("2026-10-25T02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(fromWarsawLocal("2026-10-25T03:30")?.toISOString()).toBe("2026-10-25T02:30:00.000Z");
    const start = fromWarsawLocal("2026-10-24T23:00")!;
    const end = fromWarsawLocal("2026-10-25T07:00")!;
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(9);
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
