/**
 * A holder's e-tickets on screen (issue #40): "Moje bilety" in the account, and the tickets of an order
 * on its page (a guest opens it with the order's private link). Each valid ticket with its QR, signed
 * now at its current version; a void one without any.
 */
import { and, asc, eq, or, type SQL, sql } from "drizzle-orm";
import { formatDateTime, formatWeekday } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { orderNumber } from "~/lib/order-number";
import { events, nightTickets, orders, ticketReturns, tickets, ticketTypes } from "../../../db/schema";
import { signTicketCode } from "./ticket-code";
import { ticketSigningKey } from "./ticket-keys.server";
import { type TicketQr, ticketQr } from "./ticket-qr.server";
import { transferDeadline } from "./transfer-deadline";
import { offersCloseAt, offersOpen } from "./waitlist";

/** The waiting list's side of a card: given back (pending), or until when it can be. */
function giveBackOf(shown: boolean, returned: boolean, startsAt: Date, minutes: number | null, now: Date) {
  const open = shown && minutes !== null && offersOpen(startsAt, minutes, now);
  return {
    returned: Boolean(returned) && open,
    until: open && minutes !== null ? formatDateTime(offersCloseAt(startsAt, minutes)) : null,
  };
}

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
  /** Null for a void ticket, and on the order's page for one given away. */
  qr: TicketQr | null;
  /** On the order's page: the ticket was given to someone else ("Przekazany: Jan Kowalski"). */
  givenTo: string | null;
  /** "12 grudnia 2026, 20:00": the viewer may still transfer it until then; null when not. */
  transferUntil: string | null;
  /** "Oddaj bilet" (the waiting list): given back and waiting for a buyer; can be given back now. */
  giveBack: { returned: boolean; until: string | null };
  /** The night is over (shown apart, after the coming ones). */
  past: boolean;
};

async function heldTickets(
  executor: Executor,
  where: SQL,
  now: Date,
  view: "holder" | "order",
): Promise<HeldTicket[]> {
  const rows = await executor
    .select({
      ticket: tickets,
      typeName: ticketTypes.name,
      event: events,
      transferUntilMinutes: nightTickets.transferUntilMinutes,
      offersUntilMinutes: nightTickets.offersUntilMinutes,
      returned: sql<boolean>`exists (select 1 from ${ticketReturns} where ${ticketReturns.ticketId} = ${tickets.id} and ${ticketReturns.status} in ('open', 'offered'))`,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .leftJoin(nightTickets, eq(nightTickets.eventId, tickets.eventId))
    .where(where)
    .orderBy(asc(events.startsAt), asc(tickets.issuedAt), asc(tickets.position), asc(tickets.id));
  const key = rows.some((row) => row.ticket.state === "valid") ? ticketSigningKey() : null;
  return rows.map(({ ticket, typeName, event, transferUntilMinutes, offersUntilMinutes, returned }) => {
    // The order's link shows a ticket given away without its QR: the friend's code is the friend's.
    const given = view === "order" && ticket.holderEmail !== null;
    const deadline = transferDeadline(event.startsAt, transferUntilMinutes);
    const shown = ticket.state === "valid" && !given;
    return {
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
        shown && key
          ? ticketQr(signTicketCode({ ticketId: ticket.id, version: ticket.version, nightId: event.id }, key))
          : null,
      givenTo: given ? `${ticket.holderFirstName} ${ticket.holderLastName}` : null,
      transferUntil: shown && now < deadline ? formatDateTime(deadline) : null,
      giveBack: giveBackOf(shown, returned, event.startsAt, offersUntilMinutes, now),
      past: event.endsAt <= now,
    };
  });
}

/**
 * THE rule of "this account holds this ticket" ("Moje bilety", and who may transfer it): a ticket of
 * the account's orders, of an order placed as a guest with the account's address once it is verified,
 * or given to that address — never by an unverified address — and never one given away to another
 * address. A condition over `tickets` joined with its `orders`.
 */
export function heldByAccount(account: { id: string; email: string; emailVerified: boolean }): SQL {
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
  return and(mine, notGiven) as SQL;
}

/** "Moje bilety": the tickets the account holds (`heldByAccount`). */
export async function ticketsOfAccount(
  executor: Executor,
  account: { id: string; email: string; emailVerified: boolean },
  now: Date,
): Promise<HeldTicket[]> {
  return heldTickets(executor, heldByAccount(account), now, "holder");
}

/**
 * The tickets of one order, for its page (the caller has checked the viewer may see the order); one
 * given away shows as "Przekazany" without its QR.
 */
export async function ticketsOfOrder(executor: Executor, orderId: string, now: Date): Promise<HeldTicket[]> {
  return heldTickets(executor, eq(tickets.orderId, orderId), now, "order");
}
