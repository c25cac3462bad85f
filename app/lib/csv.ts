/**
 * CSV for spreadsheets used in Poland: semicolon-separated (Excel in the Polish locale splits on ";"),
 * CRLF line ends, UTF-8 with a byte-order mark so Excel shows Polish letters. Fields are quoted when
 * needed, and text that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) is
 * prefixed with an apostrophe (CSV injection).
 */

export const CSV_SEPARATOR = ";";
export const UTF8_BOM = "\uFEFF";

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  if (/[";\r\n]/.test(text) || text.includes(CSV_SEPARATOR)) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** The whole file: BOM, a header row, then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(CSV_SEPARATOR));
  return `${UTF8_BOM}${lines.join("\r\n")}\r\n`;
}
