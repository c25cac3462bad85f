import { describe, expect, it } from "vitest";
import { isOver, needsNextNightWarning, splitByTime, type TimedEvent } from "./events-overview";

const night = (id: string, startsAt: string, endsAt: string, extra: Partial<TimedEvent> = {}) => ({
  id,
  startsAt,
  endsAt,
  featured: false,
  published: true,
  status: "planned" as const,
  ...extra,
});

// 17.01.2026 23:00–07:00 Warsaw (UTC+1).
const january = night("january", "2026-01-17T22:00:00.000Z", "2026-01-18T06:00:00.000Z", { featured: true });
const march = night("march", "2026-03-28T22:00:00.000Z", "2026-03-29T05:00:00.000Z");
const june = night("june", "2026-06-13T21:00:00.000Z", "2026-06-14T03:00:00.000Z");
const older = night("older", "2025-11-15T22:00:00.000Z", "2025-11-16T06:00:00.000Z");

describe("splitByTime", () => {
  it("puts a night under way among the upcoming ones and an ended one among the past", () => {
    const duringJanuary = new Date("2026-01-18T01:00:00.000Z"); // 02:00 Warsaw
    expect(isOver(january, duringJanuary)).toBe(false);
    const { upcoming, past } = splitByTime([june, older, january, march], duringJanuary);
    expect(upcoming.map((e) => e.id)).toEqual(["january", "march", "june"]);
    expect(past.map((e) => e.id)).toEqual(["older"]);
  });

  it("a night ends at its end instant exactly; past is newest first", () => {
    const atEnd = new Date(january.endsAt);
    expect(isOver(january, atEnd)).toBe(true);
    const { upcoming, past } = splitByTime([older, march, january, june], new Date("2026-07-01T00:00:00Z"));
    expect(upcoming).toEqual([]);
    expect(past.map((e) => e.id)).toEqual(["june", "march", "january", "older"]);
  });
});

describe("needsNextNightWarning", () => {
  const after = new Date("2026-02-01T12:00:00.000Z");

  it("is quiet while the featured night is upcoming or under way", () => {
    expect(needsNextNightWarning([january], new Date("2026-01-10T12:00:00Z"))).toBe(false);
    expect(needsNextNightWarning([january], new Date("2026-01-18T01:00:00Z"))).toBe(false);
  });

  it("warns once the featured night is over and nothing upcoming is published", () => {
    expect(needsNextNightWarning([january, older], after)).toBe(true);
    expect(needsNextNightWarning([january, { ...march, published: false }], after)).toBe(true);
    expect(needsNextNightWarning([january, { ...march, status: "cancelled" }], after)).toBe(true);
  });

  it("is quiet when a published night that takes place is coming (moved counts)", () => {
    expect(needsNextNightWarning([january, march], after)).toBe(false);
    expect(needsNextNightWarning([january, { ...march, status: "moved" }], after)).toBe(false);
  });

  it("is quiet with no featured event", () => {
    expect(needsNextNightWarning([older], after)).toBe(false);
  });
});
