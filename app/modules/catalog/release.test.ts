import { describe, expect, it } from "vitest";
import { fromWarsawLocal } from "~/lib/warsaw-time";
import { countdown, formatCountdown, isReleased, nextRelease, releaseInstant } from "./release";

const at = (local: string) => {
  const instant = fromWarsawLocal(local);
  if (!instant) throw new Error(local);
  return instant;
};

describe("the release rule in Warsaw time", () => {
  it("sells from the instant itself, not a millisecond before", () => {
    const release = at("2026-12-04T18:00");
    expect(release.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(isReleased(release, new Date(release.getTime() - 1000))).toBe(false);
    expect(isReleased(release, new Date(release.getTime() - 1))).toBe(false);
    expect(isReleased(release, release)).toBe(true);
    expect(isReleased(null, release)).toBe(true);
  });

  it("reads a summer release with the summer offset", () => {
    expect(at("2026-07-03T18:00").toISOString()).toBe("2026-07-03T16:00:00.000Z");
  });

  it("counts real hours across the October change (25 h between 18:00 and 18:00)", () => {
    const saturday = at("2026-10-24T18:00");
    const sunday = at("2026-10-25T18:00");
    expect(sunday.getTime() - saturday.getTime()).toBe(25 * 3600_000);
    expect(formatCountdown(countdown(sunday, saturday))).toBe("1 dzień 01:00:00");
  });

  it("a release at 02:30 on the night the clocks go back is the first 02:30 (CEST)", () => {
    const release = at("2026-10-25T02:30");
    expect(release.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    // The second 02:30 (CET) is an hour later, and the product is long on sale by then.
    expect(isReleased(release, new Date("2026-10-25T01:30:00Z"))).toBe(true);
    expect(isReleased(release, new Date("2026-10-25T00:29:59Z"))).toBe(false);
  });

  it("a release at 02:30 on the night the clocks go forward (a time that never shows) is 03:30 CEST", () => {
    const release = at("2026-03-29T02:30");
    expect(release.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(isReleased(release, new Date("2026-03-29T01:29:59Z"))).toBe(false);
  });

  it("a size released after its product waits for the later instant", () => {
    const product = { releaseAt: "2026-12-04T17:00:00.000Z" };
    const size = { releaseAt: new Date("2026-12-11T17:00:00.000Z") };
    expect(releaseInstant(product, size)?.toISOString()).toBe("2026-12-11T17:00:00.000Z");
    expect(releaseInstant(product, { releaseAt: null })?.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(releaseInstant({ releaseAt: null }, null)).toBeNull();
  });

  it("the next release is the earliest one still to come", () => {
    const now = new Date("2026-12-01T12:00:00Z");
    expect(
      nextRelease(["2026-11-30T12:00:00Z", null, "2026-12-09T12:00:00Z", "2026-12-02T12:00:00Z"], now),
    ).toEqual(new Date("2026-12-02T12:00:00Z"));
    expect(nextRelease(["2026-11-30T12:00:00Z", null], now)).toBeNull();
  });

  it("the countdown stops at zero", () => {
    const now = new Date("2026-12-04T17:00:05Z");
    expect(countdown("2026-12-04T17:00:00Z", now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(formatCountdown(countdown("2026-12-04T17:00:00Z", new Date("2026-12-01T16:59:59Z")))).toBe(
      "3 dni 00:00:01",
    );
  });
});
