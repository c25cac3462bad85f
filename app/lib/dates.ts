/** Dates are shown in the Polish locale, and only through these helpers. */
import { differenceInCalendarDays, formatDistanceStrict } from "date-fns";
import { pl } from "date-fns/locale";
import { warsawWallClock } from "./warsaw-time";

export const TIME_ZONE = "Europe/Warsaw";

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

// By hand, not with `Intl.DateTimeFormat` (as money.ts): the first formatter with a time zone loads
// ICU's locale and zone data, ~30 ms of a page's start-up on a slow phone, in one task (decision 027).
// The unit tests compare every helper with `Intl`'s pl-PL output.
const MONTHS = [
  "stycznia",
  "lutego",
  "marca",
  "kwietnia",
  "maja",
  "czerwca",
  "lipca",
  "sierpnia",
  "września",
  "października",
  "listopada",
  "grudnia",
];
const WEEKDAYS = ["niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"];

const pad = (value: number) => String(value).padStart(2, "0");

/** "17 stycznia 2026" */
export function formatLongDate(value: DateInput) {
  const wall = warsawWallClock(toDate(value));
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** "17.01.2026" */
export function formatShortDate(value: DateInput) {
  const wall = warsawWallClock(toDate(value));
  return `${pad(wall.getUTCDate())}.${pad(wall.getUTCMonth() + 1)}.${wall.getUTCFullYear()}`;
}

/** "23:00" */
export function formatTime(value: DateInput) {
  const wall = warsawWallClock(toDate(value));
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** "17 stycznia 2026, 23:00" */
export function formatDateTime(value: DateInput) {
  return `${formatLongDate(value)}, ${formatTime(value)}`;
}

/** "sobota" */
export function formatWeekday(value: DateInput) {
  return WEEKDAYS[warsawWallClock(toDate(value)).getUTCDay()];
}

/**
 * Relative text ("3 dni temu") when the date is less than 30 days ago, otherwise the long Polish date.
 * `now` is a parameter so the result is testable and identical on server and client.
 */
export function formatRelativeOrDate(value: DateInput, now: DateInput = new Date()) {
  const date = toDate(value);
  const reference = toDate(now);
  const days = differenceInCalendarDays(reference, date);
  if (days >= 0 && days < 30) {
    if (reference.getTime() - date.getTime() < 60_000) return "przed chwilą";
    return formatDistanceStrict(date, reference, { locale: pl, addSuffix: true });
  }
  return formatLongDate(date);
}

// Kept in a module of its own so browser code that needs only it does not load date-fns.
export { isWithinDays } from "./within-days";
