import { describe, expect, it } from "vitest";
import type { DoorScan } from "./door-types";
import { checkInsPer15Minutes, mergeScans, nightPresence } from "./offline-scans";

let n = 0;
const nonce = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
const ticketIdOf = (i: number) => `10000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
const scan = (ticket: number, at: number, deviceId: string, direction: "in" | "out" = "in"): DoorScan => ({
  nonce: nonce(),
  ticketId: ticketIdOf(ticket),
  version: 1,
  direction,
  at,
  deviceId,
});

describe("merging offline scans", () => {
  it("keeps each nonce once however often it is sent, in time order", () => {
    const a = scan(1, 3000, "A");
    const b = scan(2, 1000, "B");
    const first = mergeScans([], [a, b, a]);
    expect(first.added).toEqual([a, b]);
    expect(first.repeated).toBe(1);
    expect(first.merged).toEqual([b, a]);
    const again = mergeScans(first.merged, [a, b, { ...a, at: 99 }]);
    expect(again.added).toEqual([]);
    expect(again.repeated).toBe(3);
    expect(again.merged).toEqual([b, a]);
  });

  it("three phones with overlaps and a retried sync: each ticket once, every conflict listed", () => {
    // Phone i admits tickets 150 i … 150 i + 199 (phone C: 300–399): 150–199 and 300–349 twice.
    const phones = ["A", "B", "C"].map((device, i) =>
      Array.from({ length: i === 2 ? 100 : 200 }, (_, k) =>
        scan(150 * i + k, (150 * i + k) * 1000 + i, device),
      ),
    );
    let known: DoorScan[] = [];
    for (const batch of phones) known = mergeScans(known, batch).merged;
    for (const batch of phones) known = mergeScans(known, batch.slice(0, 50)).merged; // retried
    expect(known).toHaveLength(500);
    const presence = nightPresence(known, false);
    expect(presence.admitted.size).toBe(400);
    expect(presence.inside.size).toBe(400);
    expect(presence.conflicts).toHaveLength(100);
    for (const conflict of presence.conflicts) {
      expect(conflict.first.ticketId).toBe(conflict.ticketId);
      expect(conflict.second.ticketId).toBe(conflict.ticketId);
      expect(conflict.first.at).toBeLessThanOrEqual(conflict.second.at);
      expect(conflict.first.deviceId).not.toBe(conflict.second.deviceId);
    }
  });

  it("with re-entry, in, out and in again is no conflict; in twice without an exit is", () => {
    const back = [scan(1, 1000, "A"), scan(1, 2000, "B", "out"), scan(1, 3000, "A")];
    expect(nightPresence(back, true)).toMatchObject({ conflicts: [] });
    expect(nightPresence(back, true).inside.has(ticketIdOf(1))).toBe(true);
    // Without re-entry the same night is a conflict: nobody may come in twice.
    expect(nightPresence(back, false).conflicts).toHaveLength(1);
    const twice = [scan(2, 1000, "A"), scan(2, 1500, "B")];
    expect(nightPresence(twice, true).conflicts).toHaveLength(1);
    // An exit of someone not inside changes nothing.
    expect(nightPresence([scan(3, 1000, "A", "out")], true).inside.size).toBe(0);
  });

  it("counts a long night: 20,000 scans of 5,000 tickets", () => {
    const many = Array.from({ length: 20_000 }, (_, i) => scan(i % 5000, i, i % 2 ? "A" : "B"));
    const merged = mergeScans([], many).merged;
    const presence = nightPresence(merged, false);
    expect(presence.admitted.size).toBe(5000);
    expect(presence.conflicts).toHaveLength(15_000);
  });
});

describe("who is inside", () => {
  it("without re-entry ignores exit scans and lists each later admission against the first", () => {
    const first = scan(1, 1000, "A");
    const second = scan(1, 2000, "B");
    const third = scan(1, 4000, "C");
    const presence = nightPresence([third, scan(1, 3000, "A", "out"), second, first], false);
    expect(presence.inside.has(ticketIdOf(1))).toBe(true);
    expect(presence.conflicts).toEqual([
      { ticketId: ticketIdOf(1), first, second },
      { ticketId: ticketIdOf(1), first, second: third },
    ]);
  });

  it("with re-entry names the admission that let them in as the conflict's first", () => {
    const first = scan(1, 1000, "A");
    const second = scan(1, 2000, "B");
    expect(nightPresence([second, first], true).conflicts).toEqual([
      { ticketId: ticketIdOf(1), first, second },
    ]);
  });

  it("does not count a scan sent twice as a conflict with itself", () => {
    const once = scan(1, 1000, "A");
    expect(nightPresence([once, { ...once }], false).conflicts).toEqual([]);
  });

  it("breaks a tie of the same millisecond by nonce, the same on every phone", () => {
    const a = { ...scan(1, 1000, "A"), nonce: "b" };
    const b = { ...scan(1, 1000, "B"), nonce: "a" };
    expect(nightPresence([a, b], false).conflicts[0].first).toBe(b);
    expect(nightPresence([b, a], false).conflicts[0].first).toBe(b);
  });

  it("merges and counts 2,000 scans of each of 3 phones, one batch sent twice", () => {
    const batches = ["A", "B", "C"].map((device, d) =>
      Array.from({ length: 2000 }, (_, i) => scan(i % 1500, i * 3 + d, device)),
    );
    let known: DoorScan[] = [];
    for (const batch of [...batches, batches[0]]) known = mergeScans(known, batch).merged;
    const presence = nightPresence(known, false);
    expect(known).toHaveLength(6000);
    expect(presence.admitted.size).toBe(1500);
    expect(presence.conflicts).toHaveLength(4500);
  });
});

describe("check-ins per 15 minutes", () => {
  it("answers no buckets for a range that is not a time, and at most a week of them", () => {
    expect(checkInsPer15Minutes([], Number.NaN, 0)).toEqual([]);
    expect(checkInsPer15Minutes([], 0, Number.POSITIVE_INFINITY)).toEqual([]);
    expect(checkInsPer15Minutes([], 0, 365 * 24 * 3600_000)).toHaveLength(7 * 24 * 4);
  });

  it("counts a ticket at its first admission only, even when that was before the range", () => {
    const start = Date.UTC(2026, 0, 10, 21, 0);
    const scans = [scan(1, start - 60_000, "A"), scan(1, start + 60_000, "B"), scan(2, start + 60_000, "B")];
    expect(checkInsPer15Minutes(scans, start, start + 15 * 60_000)).toEqual([{ start, count: 1 }]);
  });

  it("counts first admissions of distinct tickets into quarter-hour buckets", () => {
    const start = Date.UTC(2026, 0, 10, 21, 0);
    const minutes = (m: number) => start + m * 60_000;
    const scans = [
      scan(1, minutes(1), "A"),
      scan(2, minutes(14), "A"),
      scan(1, minutes(20), "B"),
      scan(3, minutes(31), "A"),
    ];
    expect(checkInsPer15Minutes(scans, minutes(0), minutes(45))).toEqual([
      { start: minutes(0), count: 2 },
      { start: minutes(15), count: 0 },
      { start: minutes(30), count: 1 },
    ]);
    expect(checkInsPer15Minutes([], minutes(7), minutes(7))).toEqual([{ start: minutes(0), count: 0 }]);
  });
});
