/**
 * The report after a night (issue #41): sold online per type, at the door, no-shows, the check-in
 * curve and revenue per VAT rate — one shape for the printable page and the CSV, so they never differ.
 */
import { toCsv } from "~/lib/csv";
import { toDecimalString } from "~/lib/money";

export type NightReportInput = {
  title: string;
  perType: { name: string; sold: number; admitted: number; revenue: number; vatRate: number }[];
  doorSales: { quantity: number; cash: number; card: number; revenue: number; vatRate: number };
  noShows: number;
  admitted: number;
  checkIns: { label: string; count: number }[];
  vat: { rate: number; gross: number; net: number; vat: number }[];
};

export type ReportRow = { section: string; item: string; count: number | null; amount: number | null };

/** The report as rows (section, item, count, amount in grosze), in the order the page shows them. */
export function nightReportRows(report: NightReportInput): ReportRow[] {
  const online = report.perType.map((type) => ({
    section: "Sprzedaż online",
    item: `${type.name} (VAT ${type.vatRate}%)`,
    count: type.sold,
    amount: type.revenue,
  }));
  const onlineSold = report.perType.reduce((sum, type) => sum + type.sold, 0);
  const onlineRevenue = report.perType.reduce((sum, type) => sum + type.revenue, 0);
  return [
    ...online,
    { section: "Sprzedaż online", item: "Razem online", count: onlineSold, amount: onlineRevenue },
    { section: "Na bramce", item: "Gotówka", count: report.doorSales.cash, amount: null },
    { section: "Na bramce", item: "Karta", count: report.doorSales.card, amount: null },
    {
      section: "Na bramce",
      item: `Razem na bramce (VAT ${report.doorSales.vatRate}%)`,
      count: report.doorSales.quantity,
      amount: report.doorSales.revenue,
    },
    { section: "Frekwencja", item: "Weszło z biletem", count: report.admitted, amount: null },
    { section: "Frekwencja", item: "Nie przyszło (no-show)", count: report.noShows, amount: null },
    ...report.checkIns.map((bucket) => ({
      section: "Wejścia co 15 minut",
      item: bucket.label,
      count: bucket.count,
      amount: null,
    })),
    ...report.vat.flatMap((row) => [
      { section: `VAT ${row.rate}%`, item: "Brutto", count: null, amount: row.gross },
      { section: `VAT ${row.rate}%`, item: "Netto", count: null, amount: row.net },
      { section: `VAT ${row.rate}%`, item: "VAT", count: null, amount: row.vat },
    ]),
  ];
}

export function nightReportCsv(report: NightReportInput) {
  return toCsv(
    ["Sekcja", "Pozycja", "Liczba", "Kwota (zł)"],
    nightReportRows(report).map((row) => [
      row.section,
      row.item,
      row.count,
      row.amount === null ? null : toDecimalString(row.amount).replace(".", ","),
    ]),
  );
}

/** The file's name: the night's slug-like title, ASCII only. */
export function nightReportFilename(slug: string) {
  return `raport-${slug.replace(/[^a-z0-9-]/gi, "") || "noc"}.csv`;
}
