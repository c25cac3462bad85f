/**
 * Europe/Warsaw wall-clock time, the one reading of it for every event date: the panel's
 * `datetime-local` values ("2026-01-17T23:00", stored as UTC instants), the .ics file's local times
 * (calendar.ts) and JSON-LD's ISO dates with their offset (structured-data.ts). Pure.
 */
import { TIME_ZONE } from "./dates";

export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const format = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

export type WarsawParts = Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;

/** The Warsaw wall clock at an instant, each part zero-padded ("2026", "01", "17", "23", "00", "00"). */
export function warsawParts(value: Date | string): WarsawParts {
  const date = value instanceof Date ? value : new Date(value);
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value])) as WarsawParts;
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
