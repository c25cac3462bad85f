/**
 * The read of a night's tickets for its pages (the event page, the landing hero): one indexed query
 * (night_tickets by its key, its types by `ticket_types_event_position_idx`), the tiers judged at
 * `now`. Not kept in memory (decision 036's content cache): the counters move with every sale, and
 * the page cache already keeps the anonymous page, re-rendered when a sale moves them (decision 032).
 */
import { asc, eq } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { expirePagesAt } from "~/lib/page-expiry.server";
import { type EventStatus, nightTickets, type TicketSalesMode, ticketTypes } from "../../../db/schema";
import { type NightTicketsView, nextWindowEdge, nightTicketsView } from "./night-tickets";
import { nightSale } from "./ticket-tiers";

export type NightOfPage = {
  id: string;
  salesMode: TicketSalesMode;
  status: EventStatus;
  /** ISO or Date. */
  startsAt: string | Date;
};

/**
 * Whether the night can sell on the site now at all: sold here, not cancelled, not begun (the
 * checkout's rule, tickets/ticket-sale.server.ts).
 */
export function sellsHere(event: Omit<NightOfPage, "id">, now: Date) {
  return (
    event.salesMode === "site" &&
    event.status !== "cancelled" &&
    now.getTime() < new Date(event.startsAt).getTime()
  );
}

/**
 * What the night's page shows of its tickets at `now`; null when it shows none: a night sold
 * elsewhere, cancelled or begun, or one with no sale configured (no `night_tickets` row, no types).
 * The next window edge is told to the page cache, which drops the page then.
 */
export async function loadNightTickets(
  executor: Executor,
  event: NightOfPage,
  now: Date,
): Promise<NightTicketsView | null> {
  if (!sellsHere(event, now)) return null;
  const rows = await executor
    .select({ night: nightTickets, type: ticketTypes })
    .from(nightTickets)
    .leftJoin(ticketTypes, eq(ticketTypes.eventId, nightTickets.eventId))
    .where(eq(nightTickets.eventId, event.id))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  const night = rows[0]?.night;
  const types = rows.flatMap((row) => (row.type ? [row.type] : []));
  if (!night || types.length === 0) return null;
  expirePagesAt(nextWindowEdge(types, now));
  const view = nightTicketsView(nightSale(types, night.remaining, now), night.maxPerCustomer, now);
  return { ...view, opensAtLabel: view.opensAt ? formatDateTime(view.opensAt) : null };
}
