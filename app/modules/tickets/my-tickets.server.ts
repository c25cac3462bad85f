/**
 * A holder's e-tickets on screen (issue #40): "Moje bilety" in the account, and the tickets of an order
 * on its page (a guest opens it with the order's private link). Each valid ticket with its QR, signed
 * now at its current version; a void one without any.
 */
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import { formatDateTime, formatWeekday } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { orderNumber } from "~/lib/order-number";
import { events, orders, tickets, ticketTypes } from "../../../db/schema";
import { signTicketCode } from "./ticket-code";
import { ticketSigningKey } from "./ticket-keys.server";
import { type TicketQr, ticketQr } from "./ticket-qr.server";

export type HeldTicket = {
  id: string;
  holder: string;
  typeName: string;
  nightTitle: string;
  nightSlug: string;
  /** "sobota, 12 grudnia 2026, 22:00" */
  when: string;
  place: string;
  orderId: string;
  orderNumber: string;
  state: "valid" | "void";
  /** Null for a void ticket. */
  qr: TicketQr | null;
  /** The night is over (shown apart, after the coming ones). */
  past: boolean;
};

async function heldTickets(executor: Executor, where: SQL, now: Date): Promise<HeldTicket[]> {
  const rows = await executor
    .select({ ticket: tickets, typeName: ticketTypes.name, event: events })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(where)
    .orderBy(asc(events.startsAt), asc(tickets.issuedAt), asc(tickets.id));
  const key = rows.some((row) => row.ticket.state === "valid") ? ticketSigningKey() : null;
  return rows.map(({ ticket, typeName, event }) => ({
    id: ticket.id,
    holder: `${ticket.holderFirstName} ${ticket.holderLastName}`,
    typeName,
    nightTitle: event.title,
    nightSlug: event.slug,
    when: `${formatWeekday(event.startsAt)}, ${formatDateTime(event.startsAt)}`,
    place: [event.venue, event.address, event.city].filter(Boolean).join(", "),
    orderId: ticket.orderId,
    orderNumber: orderNumber(ticket.orderId),
    state: ticket.state,
    qr:
      ticket.state === "valid" && key
        ? ticketQr(signTicketCode({ ticketId: ticket.id, version: ticket.version, nightId: event.id }, key))
        : null,
    past: event.endsAt <= now,
  }));
}

/**
 * "Moje bilety": the tickets of the account's orders, of orders placed as a guest with the account's
 * address once it is verified, and those given to that address — never by an unverified address.
 */
export async function ticketsOfAccount(
  executor: Executor,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<HeldTicket[]> {
  const email = account.email.trim().toLowerCase();
  const byOrder = [eq(orders.userId, account.id)];
  if (account.emailVerified) {
    byOrder.push(
      and(sql`lower(${orders.customerEmail}) = ${email}`, sql`${tickets.holderEmail} is null`) as SQL,
      sql`lower(${tickets.holderEmail}) = ${email}`,
    );
  }
  const mine = or(...byOrder) as SQL;
  // A ticket given away is the new holder's, not the buyer's any more.
  const notGiven = account.emailVerified
    ? (or(sql`${tickets.holderEmail} is null`, sql`lower(${tickets.holderEmail}) = ${email}`) as SQL)
    : sql`${tickets.holderEmail} is null`;
  return heldTickets(executor, and(mine, notGiven) as SQL, now);
}

/** The tickets of one order, for its page (the caller has checked the viewer may see the order). */
export async function ticketsOfOrder(executor: Executor, orderId: string, now: Date): Promise<HeldTicket[]> {
  return heldTickets(executor, eq(tickets.orderId, orderId), now);
}
