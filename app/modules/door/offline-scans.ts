/**
 * Scans from several phones merged and counted (issue #41, decision 041): each nonce once, however
 * often a phone sends it; who is inside now; and the conflicts — a ticket admitted while already
 * inside, which only two phones offline can do. Both scans stay recorded (as pretix keeps them); the
 * ticket counts once. The phone, the live view and the report count with these same functions.
 */
import type { DoorScan } from "./door-types";
import { byTimeThenNonce } from "./scan-decision";

export type ScanConflict<Scan extends DoorScan = DoorScan> = { ticketId: string; first: Scan; second: Scan };

/**
 * `incoming` added to `known` (already each nonce once), each nonce once: a nonce known or repeated
 * within `incoming` (a retried sync) counts in `repeated` and the first copy wins. Ordered by time, then nonce.
 */
export function mergeScans<Scan extends DoorScan>(
  known: readonly Scan[],
  incoming: readonly Scan[],
): { merged: Scan[]; added: Scan[]; repeated: number } {
  const seen = new Set(known.map((scan) => scan.nonce));
  const added: Scan[] = [];
  let repeated = 0;
  for (const scan of incoming) {
    if (seen.has(scan.nonce)) {
      repeated += 1;
      continue;
    }
    seen.add(scan.nonce);
    added.push(scan);
  }
  return { merged: [...known, ...added].sort(byTimeThenNonce), added, repeated };
}

export type NightPresence<Scan extends DoorScan = DoorScan> = {
  /** Ticket ids inside now. */
  inside: Set<string>;
  /** Ticket ids admitted at least once (each ticket once, however many phones admitted it). */
  admitted: Set<string>;
  /** `first` is the admission that let the ticket in, `second` the one made while it was already in. */
  conflicts: ScanConflict<Scan>[];
};

/**
 * Who is inside after `scans`, who came in at least once, and every admission made while the ticket
 * was already inside (with re-entry off: every admission after the first).
 */
export function nightPresence<Scan extends DoorScan>(
  scans: readonly Scan[],
  reentry: boolean,
): NightPresence<Scan> {
  const inside = new Map<string, Scan>();
  const firstIn = new Map<string, Scan>();
  const conflicts: ScanConflict<Scan>[] = [];
  const nonces = new Set<string>();
  for (const scan of [...scans].sort(byTimeThenNonce)) {
    // An unmerged list may hold a retried scan twice: one scan, not a conflict with itself.
    if (nonces.has(scan.nonce)) continue;
    nonces.add(scan.nonce);
    if (scan.direction === "out") {
      if (reentry) inside.delete(scan.ticketId);
      continue;
    }
    const by = inside.get(scan.ticketId) ?? (reentry ? undefined : firstIn.get(scan.ticketId));
    if (by) {
      conflicts.push({ ticketId: scan.ticketId, first: by, second: scan });
      continue;
    }
    inside.set(scan.ticketId, scan);
    if (!firstIn.has(scan.ticketId)) firstIn.set(scan.ticketId, scan);
  }
  return { inside: new Set(inside.keys()), admitted: new Set(firstIn.keys()), conflicts };
}

const QUARTER = 15 * 60 * 1000;

/** A week of quarters: a wrong clock or range must not build a runaway array. */
const MAX_BUCKETS = 7 * 24 * 4;

/**
 * First admissions of distinct tickets per 15 minutes from `fromMs` to `toMs`: buckets start on
 * quarters of the epoch (21:00, 21:15… in Poland's whole-hour offsets), at least one, at most a week.
 * A ticket first admitted outside the range is in no bucket (and not counted again later).
 */
export function checkInsPer15Minutes(
  scans: readonly DoorScan[],
  fromMs: number,
  toMs: number,
): { start: number; count: number }[] {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) return [];
  const start = Math.floor(fromMs / QUARTER) * QUARTER;
  const count = Math.min(MAX_BUCKETS, Math.max(1, Math.ceil((toMs - start) / QUARTER)));
  const buckets = Array.from({ length: count }, (_, i) => ({ start: start + i * QUARTER, count: 0 }));
  const counted = new Set<string>();
  for (const scan of [...scans].sort(byTimeThenNonce)) {
    if (scan.direction !== "in" || counted.has(scan.ticketId)) continue;
    counted.add(scan.ticketId);
    const index = Math.floor((scan.at - start) / QUARTER);
    if (index >= 0 && index < count) buckets[index].count += 1;
  }
  return buckets;
}
