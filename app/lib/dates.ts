/** Dates are shown in the Polish locale, and only through these helpers. */
import { differenceInCalendarDays, formatDistanceStrict } from "date-fns";
import { pl } from "date-fns/locale";
import { TIME_ZONE, warsawFormatter } from "./warsaw-time";

export { TIME_ZONE };

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return date;
}

// Made on first use: public pages get their dates as strings from their loaders, so only the panel
// formats in the browser (decision 027). Pure, so a route importing them for its loader alone drops them.
const longDate = /* @__PURE__ */ warsawFormatter({ day: "numeric", month: "long", year: "numeric" });
const shortDate = /* @__PURE__ */ warsawFormatter({ day: "2-digit", month: "2-digit", year: "numeric" });
const time = /* @__PURE__ */ warsawFormatter({ hour: "2-digit", minute: "2-digit" });
const weekday = /* @__PURE__ */ warsawFormatter({ weekday: "long" });

/** "17 stycznia 2026" */
export function formatLongDate(value: DateInput) {
  return longDate().format(toDate(value));
}

/** "17.01.2026" */
export function formatShortDate(value: DateInput) {
  return shortDate().format(toDate(value));
}

/** "23:00" */
export function formatTime(value: DateInput) {
  return time().format(toDate(value));
}

/** "17 stycznia 2026, 23:00" */
export function formatDateTime(value: DateInput) {
  return `${formatLongDate(value)}, ${formatTime(value)}`;
}

/** "sobota" */
export function formatWeekday(value: DateInput) {
  return weekday().format(toDate(value));
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
