/**
 * A ticket type's figures on the panel's "Bilety" page (issue #40), pure: what is sold (valid
 * tickets), held (taken from the quota by open checkouts: neither sold nor left), left (`remaining`)
 * and the revenue of the valid tickets. A void ticket is not sold; its unit may or may not have come
 * back to `remaining`, so held is clamped at 0 rather than going negative.
 */
import { formatDateTime } from "~/lib/dates";
import { toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import type { TicketTypeDefaults } from "./ticket-types.schema";

export type TypeCounts = { sold: number; held: number; left: number; revenue: number };

export function typeCounts(
  type: { quota: number; remaining: number },
  sold: number,
  revenue: number,
): TypeCounts {
  return {
    sold,
    held: Math.max(0, type.quota - type.remaining - sold),
    left: type.remaining,
    revenue,
  };
}

/** A type's sales window as the panel shows it, in Warsaw time. */
export function windowLabel(start: Date | null, end: Date | null): string {
  if (start && end) return `${formatDateTime(start)} – ${formatDateTime(end)}`;
  if (start) return `od ${formatDateTime(start)}`;
  if (end) return `do ${formatDateTime(end)}`;
  return "bez ograniczeń";
}

/** A ticket type's own settings, as the panel reads and the dialog edits them. */
export type TicketTypeSettings = {
  id: string;
  name: string;
  price: number;
  vatRate: number;
  quota: number;
  salesStart: Date | null;
  salesEnd: Date | null;
  maxPerOrder: number;
  opensAfterPrevious: boolean;
  position: number;
};

/** The dialog's values of an existing type, the way its inputs hold them. */
export function ticketTypeDefaults(type: TicketTypeSettings): TicketTypeDefaults {
  return {
    id: type.id,
    name: type.name,
    price: toDecimalString(type.price).replace(".", ","),
    vatRate: String(type.vatRate),
    quota: String(type.quota),
    salesStart: type.salesStart ? toWarsawLocal(type.salesStart) : "",
    salesEnd: type.salesEnd ? toWarsawLocal(type.salesEnd) : "",
    maxPerOrder: String(type.maxPerOrder),
    opensAfterPrevious: type.opensAfterPrevious,
    position: String(type.position),
  };
}
