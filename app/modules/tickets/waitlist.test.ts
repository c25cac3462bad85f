import { describe, expect, it } from "vitest";
import {
  nextInLine,
  OFFER_MINUTES,
  offerExpiresAt,
  offersCloseAt,
  offersOpen,
  type QueueEntry,
} from "./waitlist";

const at = (minute: number) => new Date(Date.UTC(2026, 11, 12, 20, minute));
const entry = (id: string, minute: number | null, extra: Partial<QueueEntry> = {}): QueueEntry => ({
  id,
  quantity: 1,
  confirmedAt: minute === null ? null : at(minute),
  droppedAt: null,
  ...extra,
});

describe("nextInLine", () => {
  it("is the earliest confirmation, not the earliest sign-up", () => {
    expect(nextInLine([entry("b", 5), entry("a", 3), entry("c", null)], [])?.id).toBe("a");
  });

  it("skips an entry with a live offer, one whose offer lapsed, and one that bought what it asked for", () => {
    const entries = [entry("a", 1), entry("b", 2), entry("c", 3, { quantity: 2 }), entry("d", 4)];
    const offers = [
      { entryId: "a", status: "open" as const },
      { entryId: "c", status: "refunded" as const },
    ];
    // c asked for two and has one: still in line.
    expect(nextInLine(entries, offers)?.id).toBe("b");
    expect(
      nextInLine([...entries.slice(0, 1), entry("b", 2, { droppedAt: at(9) }), entries[2]], offers)?.id,
    ).toBe("c");
    expect(nextInLine([entry("c", 3)], [{ entryId: "c", status: "sold" }])).toBeNull();
    expect(nextInLine([entry("x", 1)], [{ entryId: "x", status: "checkout" }])).toBeNull();
  });

  it("breaks a tie of the same instant by id, and is null for an empty list", () => {
    expect(nextInLine([entry("b", 1), entry("a", 1)], [])?.id).toBe("a");
    expect(nextInLine([], [])).toBeNull();
  });
});

describe("deadlines", () => {
  const doors = at(0);

  it("closes offers the set minutes before doors", () => {
    expect(offersCloseAt(doors, 120).getTime()).toBe(doors.getTime() - 120 * 60_000);
    expect(offersOpen(doors, 120, new Date(doors.getTime() - 121 * 60_000))).toBe(true);
    expect(offersOpen(doors, 120, new Date(doors.getTime() - 120 * 60_000))).toBe(false);
    expect(offersOpen(doors, 0, new Date(doors.getTime() - 1))).toBe(true);
  });

  it("holds an offer for 30 minutes", () => {
    expect(OFFER_MINUTES).toBe(30);
    expect(offerExpiresAt(doors).getTime() - doors.getTime()).toBe(30 * 60_000);
  });
});
