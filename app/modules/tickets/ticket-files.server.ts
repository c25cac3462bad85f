/**
 * An order's e-tickets as a file for its e-mail (issue #40): one PDF with a page per valid ticket, its
 * QR signed now at its current version. Made by the outbox when it sends (the night's .ics is
 * content's, attached beside it).
 */
import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { orderNumber } from "~/lib/order-number";
import { events, tickets, ticketTypes } from "../../../db/schema";
import { signTicketCode } from "./ticket-code";
import { ticketSigningKey } from "./ticket-keys.server";
import { type TicketPrint, ticketsPdf } from "./ticket-pdf.server";

/** What a ticket's page shows, for the order's valid tickets (or the given ones), in a stable order. */
export async function ticketPrints(
  database: Executor,
  where: { orderId: string } | { ticketId: string },
): Promise<{ prints: TicketPrint[]; nightIds: string[] }> {
  const rows = await database
    .select({ ticket: tickets, typeName: ticketTypes.name, event: events })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      and(
        "orderId" in where ? eq(tickets.orderId, where.orderId) : eq(tickets.id, where.ticketId),
        eq(tickets.state, "valid"),
      ),
    )
    .orderBy(asc(tickets.issuedAt), asc(tickets.position), asc(tickets.id));
  const key = ticketSigningKey();
  const prints = rows.map(({ ticket, typeName, event }) => ({
    ticketId: ticket.id,
    code: signTicketCode({ ticketId: ticket.id, version: ticket.version, nightId: event.id }, key),
    holderName: `${ticket.holderFirstName} ${ticket.holderLastName}`,
    typeName,
    nightTitle: event.title,
    startsAt: event.startsAt,
    venue: event.venue,
    address: event.address,
    city: event.city,
    orderNumber: orderNumber(ticket.orderId),
  }));
  return { prints, nightIds: [...new Set(rows.map(({ event }) => event.id))] };
}

/** A file of an e-mail, as the outbox attaches it. */
export type TicketFile = { filename: string; content: Buffer; contentType: string };

/** The order's valid e-tickets as "bilety-<order number>.pdf" (nothing when none is valid any more). */
export async function orderTicketFiles(orderId: string, database: Executor): Promise<TicketFile[]> {
  const { prints } = await ticketPrints(database, { orderId });
  if (prints.length === 0) return [];
  return [
    {
      filename: `bilety-${prints[0].orderNumber}.pdf`,
      content: Buffer.from(await ticketsPdf(prints)),
      contentType: "application/pdf",
    },
  ];
}

/**
 * One ticket as "bilet-<first 8 of its id>.pdf", at its version when sent (a transfer's e-mail to the
 * new holder): nothing once it is void, and the QR of a later transfer when one came meanwhile.
 */
export async function singleTicketFiles(ticketId: string, database: Executor): Promise<TicketFile[]> {
  const { prints } = await ticketPrints(database, { ticketId });
  if (prints.length === 0) return [];
  return [
    {
      filename: `bilet-${ticketId.slice(0, 8)}.pdf`,
      content: Buffer.from(await ticketsPdf(prints)),
      contentType: "application/pdf",
    },
  ];
}
