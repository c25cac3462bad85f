/**
 * Europe/Warsaw wall-clock time, the one reading of it for the shop's dates: the panel's
 * `datetime-local` values ("2026-01-17T23:00", stored as UTC instants: events, releases, sales,
 * discount validity, delivery days), the withdrawal window's calendar days, the .ics file's local
 * times (calendar.ts) and JSON-LD's ISO dates with their offset (structured-data.ts). Every offset
 * comes from the time-zone database through `Intl`. Pure.
 */
import { lazyDateTimeFormat } from "./lazy-formatter";

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const PART_NAMES = ["year", "month", "day", "hour", "minute", "second"] as const;
type PartName = (typeof PART_NAMES)[number];

export type WarsawParts = Record<PartName, string>;

export const TIME_ZONE = "Europe/Warsaw";

/** A Polish formatter in Warsaw time, made on first use (see lazy-formatter.ts). */
export function warsawFormatter(options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  return lazyDateTimeFormat("pl-PL", { ...options, timeZone: TIME_ZONE });
}

// The time-zone database, not a rule of ours, knows when Warsaw's clocks change. Each part in two
// digits but the year, hours 00–23.
const partsFormat = /* @__PURE__ */ warsawFormatter({
  ...Object.fromEntries(PART_NAMES.map((name) => [name, name === "year" ? "numeric" : "2-digit"])),
  hourCycle: "h23",
});

const isPartName = (type: string): type is PartName => (PART_NAMES as readonly string[]).includes(type);

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The Warsaw wall clock at an instant, each part zero-padded ("2026", "01", "17", "23", "00", "00"). */
export function warsawParts(value: Date | string): WarsawParts {
  const parts = {} as WarsawParts;
  for (const part of partsFormat().formatToParts(toDate(value))) {
    if (isPartName(part.type)) parts[part.type] = part.value;
  }
  return parts;
}

/**
 * Milliseconds since the epoch of a wall-clock time read as if it were UTC. `setUTCFullYear`, not
 * `Date.UTC`, which takes years 0–99 for 1900–1999.
 */
function wallClockAsUtc(year: number, month: number, day: number, hour: number, minute: number, second = 0) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** Warsaw's offset from UTC at an instant, in minutes, as the time-zone database gives it (60 or 120 today). */
export function warsawOffsetMinutes(instant: Date): number {
  const p = warsawParts(instant);
  const wallClock = wallClockAsUtc(+p.year, +p.month, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((wallClock - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The Warsaw wall clock as a Date whose UTC fields are Warsaw's (for reading, never for storing). */
export function warsawWallClock(value: Date | string): Date {
  const date = toDate(value);
  return new Date(date.getTime() + warsawOffsetMinutes(date) * 60_000);
}

/** The Warsaw wall-clock time of an instant, as a `datetime-local` value: "2026-01-17T23:00". */
export function toWarsawLocal(value: Date | string): string {
  const p = warsawParts(value);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which Warsaw's clocks show `local`, or null for a value that is not a real date. The
 * offsets come from the time-zone database (those in force a day before and a day after; Warsaw's
 * clocks never change twice within two days), and a clock change is settled as Temporal's
 * "compatible" disambiguation does:
 * - a time skipped by a spring change (2026-03-29 02:30) is moved forward by the gap: it is read with
 *   the offset before the change, so it becomes 03:30 summer time (01:30 UTC);
 * - a time that happens twice at an autumn change (2026-10-25 02:30) is the earlier of the two
 *   instants (00:30 UTC, still summer time).
 */
export function fromWarsawLocal(local: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = wallClockAsUtc(year, month, day, hour, minute);
  // Rejects 31.02 and the like (the date would roll over).
  if (new Date(asUtc).getUTCDate() !== day) return null;
  const before = warsawOffsetMinutes(new Date(asUtc - DAY_MS));
  const after = warsawOffsetMinutes(new Date(asUtc + DAY_MS));
  // An offset fits when the instant it gives is one at which that offset is in force.
  const fits = [...new Set([before, after])]
    .map((offset) => ({ offset, instant: asUtc - offset * 60_000 }))
    .filter(({ offset, instant }) => warsawOffsetMinutes(new Date(instant)) === offset)
    .map(({ instant }) => instant);
  if (fits.length > 0) return new Date(Math.min(...fits));
  return new Date(asUtc - before * 60_000);
}
