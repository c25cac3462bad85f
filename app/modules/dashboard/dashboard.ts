/**
 * The panel's "Pulpit" (issue #41): its date range read from the URL, days and weeks in Warsaw time,
 * series filled for every period (a day with no sales is a 0, not a gap), and two nights' sales
 * aligned by days before their start. Pure: the queries (dashboard.server.ts) return rows by Warsaw
 * day, everything else happens here, tested beside it.
 */
import { toCsv } from "~/lib/csv";
import { toDecimalString } from "~/lib/money";
import { fromWarsawLocal } from "~/lib/warsaw-time";

export type Granularity = "day" | "week";
export type DashboardRange = { from: string; to: string; granularity: Granularity };

export const DEFAULT_DAYS = 30;
/** A range longer than this is cut to it: a chart of a year's days is already 366 bars. */
export const MAX_DAYS = 366;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const dashboardMessages = {
  empty: "Brak danych w wybranym okresie",
  rangeFixed: "Zakres dat poprawiono: od musi być przed do, najwyżej 366 dni",
} as const;

function isDate(text: string | null): text is string {
  if (!text || !DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** `day` moved by `days` (calendar arithmetic on the date alone, no time zone involved). */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The range the URL asks for (`od`, `do`, `co` = dzien|tydzien), else the last 30 days to `today`. */
export function parseDashboardRange(
  params: URLSearchParams,
  today: string,
): DashboardRange & { fixed: boolean } {
  const granularity: Granularity = params.get("co") === "tydzien" ? "week" : "day";
  const asked = { from: params.get("od"), to: params.get("do") };
  let to = isDate(asked.to) ? asked.to : today;
  let from = isDate(asked.from) ? asked.from : addDays(to, -(DEFAULT_DAYS - 1));
  let fixed = (asked.from !== null && !isDate(asked.from)) || (asked.to !== null && !isDate(asked.to));
  if (from > to) {
    [from, to] = [to, from];
    fixed = true;
  }
  if (daysBetween(from, to) >= MAX_DAYS) {
    from = addDays(to, -(MAX_DAYS - 1));
    fixed = true;
  }
  return { from, to, granularity, fixed };
}

/** The instants the range covers: from its first Warsaw midnight to the one after its last day. */
export function rangeInstants(range: Pick<DashboardRange, "from" | "to">) {
  return {
    start: fromWarsawLocal(`${range.from}T00:00`) as Date,
    end: fromWarsawLocal(`${addDays(range.to, 1)}T00:00`) as Date,
  };
}

/** The Monday of a day's ISO week. */
export function weekOf(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export function periodOf(day: string, granularity: Granularity) {
  return granularity === "week" ? weekOf(day) : day;
}

/** Every period of the range, in order (days, or the Mondays of the weeks it touches). */
export function periodsOf(range: DashboardRange): string[] {
  const periods: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const period = periodOf(day, range.granularity);
    if (periods.at(-1) !== period) periods.push(period);
  }
  return periods;
}

/** Values by Warsaw day summed into the range's periods, 0 where nothing happened. */
export function seriesOf(range: DashboardRange, rows: readonly { day: string; value: number }[]) {
  const periods = periodsOf(range);
  const index = new Map(periods.map((period, i) => [period, i]));
  const values = periods.map(() => 0);
  for (const row of rows) {
    const at = index.get(periodOf(row.day, range.granularity));
    if (at !== undefined) values[at] += row.value;
  }
  return { periods, values };
}

type DaysBefore = readonly { daysBefore: number; count: number }[];

/** Tickets sold up to each day, from `earliest` days before the night to the night (a sale after it counts on 0). */
export function cumulativeByDaysBefore(rows: DaysBefore, earliest: number) {
  const byDay = new Map<number, number>();
  for (const row of rows) {
    const day = Math.max(0, row.daysBefore);
    byDay.set(day, (byDay.get(day) ?? 0) + row.count);
  }
  let total = 0;
  const values: number[] = [];
  for (let day = earliest; day >= 0; day -= 1) {
    total += byDay.get(day) ?? 0;
    values.push(total);
  }
  return values;
}

/**
 * Two nights' sales side by side: cumulative tickets by days before each night's start, from the
 * earliest sale of either to the night itself (day 0).
 */
export function alignNights(current: DaysBefore, previous: DaysBefore) {
  const earliest = Math.max(
    0,
    ...current.map((row) => row.daysBefore),
    ...previous.map((row) => row.daysBefore),
  );
  return {
    daysBefore: Array.from({ length: earliest + 1 }, (_, i) => earliest - i),
    current: cumulativeByDaysBefore(current, earliest),
    previous: cumulativeByDaysBefore(previous, earliest),
  };
}

/** Grosze as a spreadsheet in Poland reads them: "1234,50". */
export function csvAmount(grosze: number) {
  return toDecimalString(grosze).replace(".", ",");
}

export type DashboardTable = "przychod" | "produkty" | "dropy" | "zwroty" | "noc";
export const DASHBOARD_TABLES: readonly DashboardTable[] = ["przychod", "produkty", "dropy", "zwroty", "noc"];

/** A period's label on a chart: "23.11" (a day, or the Monday of a week). */
export function periodLabel(period: string) {
  return `${period.slice(8, 10)}.${period.slice(5, 7)}`;
}

export type DashboardCsvInput = {
  revenue: { periods: string[]; tickets: number[]; merch: number[]; refunds: number[] };
  products: { name: string; units: number; revenue: number }[];
  drops: { name: string; release: string; subscribers: number; notified: number; buyers: number }[];
  refunds: { when: string; order: string; amount: number; status: string; reason: string }[];
  night: {
    title: string;
    daysBefore: number[];
    current: number[];
    previous: number[];
    previousTitle: string | null;
  } | null;
};

/** One table of the dashboard as CSV (its header and rows), the same numbers as the page. */
export function dashboardTableCsv(table: DashboardTable, data: DashboardCsvInput) {
  switch (table) {
    case "przychod":
      return toCsv(
        ["Okres", "Bilety (zł)", "Merch (zł)", "Zwroty (zł)"],
        data.revenue.periods.map((period, i) => [
          period,
          csvAmount(data.revenue.tickets[i]),
          csvAmount(data.revenue.merch[i]),
          csvAmount(data.revenue.refunds[i]),
        ]),
      );
    case "produkty":
      return toCsv(
        ["Produkt", "Sztuki", "Przychód (zł)"],
        data.products.map((row) => [row.name, row.units, csvAmount(row.revenue)]),
      );
    case "dropy":
      return toCsv(
        ["Drop", "Premiera", "Zapisani", "Powiadomieni", "Kupujący"],
        data.drops.map((row) => [row.name, row.release, row.subscribers, row.notified, row.buyers]),
      );
    case "zwroty":
      return toCsv(
        ["Data", "Zamówienie", "Kwota (zł)", "Stan", "Powód"],
        data.refunds.map((row) => [row.when, row.order, csvAmount(row.amount), row.status, row.reason]),
      );
    case "noc":
      return toCsv(
        ["Dni przed nocą", data.night?.title ?? "Noc", data.night?.previousTitle ?? "Poprzednia noc"],
        (data.night?.daysBefore ?? []).map((days, i) => [
          days,
          data.night?.current[i] ?? 0,
          data.night?.previous[i] ?? 0,
        ]),
      );
  }
}

export function parseDashboardTable(value: string | null): DashboardTable | null {
  return DASHBOARD_TABLES.find((table) => table === value) ?? null;
}
