import { formatLongDate } from "~/lib/dates";

/** SPEC §2 Account: the registration date in Polish format, 'Nieznana' when missing or unreadable. */
export function registrationDate(value: string | Date | null | undefined) {
  if (!value) return "Nieznana";
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? "Nieznana" : formatLongDate(date);
}
