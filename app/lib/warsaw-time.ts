/**
 * Europe/Warsaw wall-clock time, the one reading of it for every event date: the panel's
 * `datetime-local` values ("2026-01-17T23:00", stored as UTC instants), the .ics file's local times
 * (calendar.ts) and JSON-LD's ISO dates with their offset (structured-data.ts). Pure.
 */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export type WarsawParts = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/**
 * 01:00 UTC on the last Sunday of a month (0-based): when clocks change in the European Union, Poland
 * included (Directive 2000/84/EC; Poland has followed it since 1996).
 */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * Warsaw's offset from UTC at an instant, in minutes: 120 (CEST) from the last Sunday of March to the
 * last Sunday of October, else 60 (CET). Computed, not asked of `Intl`: the first `Intl.DateTimeFormat`
 * with a time zone loads ICU's locale and zone data, ~30 ms of a page's start-up on a slow phone
 * (decision 027). The unit tests compare it with `Intl` hour by hour over 2020–2040.
 */
export function warsawOffsetMinutes(instant: Date): number {
  const time = instant.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid time value");
  const year = instant.getUTCFullYear();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 120 : 60;
}

/** The Warsaw wall clock as a Date whose UTC fields are Warsaw's (for reading, never for storing). */
export function warsawWallClock(value: Date | string): Date {
  const date = value instanceof Date ? value : new Date(value);
  return new Date(date.getTime() + warsawOffsetMinutes(date) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, "0");

/** The Warsaw wall clock at an instant, each part zero-padded ("2026", "01", "17", "23", "00", "00"). */
export function warsawParts(value: Date | string): WarsawParts {
  const wall = warsawWallClock(value);
  return {
    year: String(wall.getUTCFullYear()),
    month: pad(wall.getUTCMonth() + 1),
    day: pad(wall.getUTCDate()),
    hour: pad(wall.getUTCHours()),
    minute: pad(wall.getUTCMinutes()),
    second: pad(wall.getUTCSeconds()),
  };
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
