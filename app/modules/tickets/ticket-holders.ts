/**
 * The holders of a night's tickets in the panel (issue #40 "The panel"): the search and page kept in
 * the URL (`?q=…&page=2`, so the list works without scripts), how one `q` is read (a name, an e-mail,
 * an 8-character order number or a ticket id), and the CSV of the same rows. Pure, safe in the browser.
 */
import { toCsv } from "~/lib/csv";
import { toDecimalString } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";

/** Tickets per page of the holders' table. */
export const HOLDERS_PAGE_SIZE = 50;
/** Longer searches are cut (nothing longer is a name, an e-mail or an id). */
export const HOLDERS_QUERY_MAX = 100;

export type HolderFilters = { q: string; page: number };

export function parseHolderFilters(params: URLSearchParams): HolderFilters {
  const q = (params.get("q") ?? "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, HOLDERS_QUERY_MAX);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { q, page: Number.isSafeInteger(page) && page > 0 && page < 100_000 ? page : 1 };
}

/** What a search may also be besides a name or an e-mail: a prefix of an order's or a ticket's id. */
export function idPrefixOf(q: string): string | null {
  const text = q.trim().replace(/^#/, "").toLowerCase();
  return /^[0-9a-f]{8}(-[0-9a-f-]{0,27})?$/.test(text) ? text : null;
}

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The holders' page of a night for a search and page. */
export function holdersHref(eventId: string, q: string, page = 1) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/events/${eventId}/tickets${search ? `?${search}` : ""}#holders`;
}

/** The CSV of every holder matching the search. */
export function holdersCsvHref(eventId: string, q: string) {
  return `/admin/events/${eventId}/tickets.csv${q ? `?${new URLSearchParams({ q })}` : ""}`;
}

export const ticketStateLabels = { valid: "Ważny", void: "Unieważniony" } as const;

/** One ticket as the table and the CSV show it. */
export type HolderRow = {
  ticketId: string;
  orderId: string;
  orderItemId: string | null;
  firstName: string;
  lastName: string;
  /** The holder's e-mail after a transfer, else the buyer's. */
  email: string;
  typeName: string;
  state: "valid" | "void";
  price: number;
  voidReason: string | null;
};

export const HOLDERS_CSV_HEADER = [
  "Imię",
  "Nazwisko",
  "E-mail",
  "Pula",
  "Numer zamówienia",
  "Identyfikator biletu",
  "Stan",
  "Cena (zł)",
] as const;

/** The holders as CSV (formula-looking names are escaped by `toCsv`). */
export function holdersCsv(rows: readonly HolderRow[]) {
  return toCsv(
    HOLDERS_CSV_HEADER,
    rows.map((row) => [
      row.firstName,
      row.lastName,
      row.email,
      row.typeName,
      orderNumber(row.orderId),
      row.ticketId,
      ticketStateLabels[row.state],
      toDecimalString(row.price).replace(".", ","),
    ]),
  );
}

/** "bilety-nokturn-wroclaw-2026.csv" from the night's slug. */
export function holdersCsvFilename(slug: string) {
  return `bilety-${slug.replace(/[^a-z0-9-]+/gi, "-")}.csv`;
}
