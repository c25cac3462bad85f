/**
 * Europe/Warsaw wall-clock time, the one reading of it for every event date: the panel's
 * `datetime-local` values ("2026-01-17T23:00", stored as UTC instants), the .ics file's local times
 * (calendar.ts) and JSON-LD's ISO dates with their offset (structured-data.ts). Pure.
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

/** Warsaw's offset from UTC at an instant, in minutes: 60 (CET) or 120 (CEST). */
export function warsawOffsetMinutes(instant: Date): number {
  const p = warsawParts(instant);
  const wallClockAsUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((wallClockAsUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
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

/**
 * The instant at which Warsaw's clocks show `local`, or null for a value that is not a real date.
 * Around the autumn change (02:00–03:00 happens twice) the earlier instant wins; a time skipped by the
 * spring change (02:30 on the last Sunday of March) is read with the winter offset, i.e. 03:30 CEST.
 */
export function fromWarsawLocal(local: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // Rejects 31.02 and the like (Date.UTC would roll them over).
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // Warsaw is UTC+1 (CET) or UTC+2 (CEST): try both offsets, keep those that read back as typed.
  const candidates = [120, 60]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => toWarsawLocal(new Date(instant)) === local);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(asUtc - 60 * 60_000);
}
