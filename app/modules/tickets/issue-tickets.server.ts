/**
 * Issuing e-tickets when an order of tickets is paid (issue #40): one `tickets` row per attendee with
 * a random id (the QR's, decision 038) and version 1, each logged as issued. Called by the checkout's
 * fulfilment inside its one transaction, after the order and its items exist.
 */
import { and, eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import {
  type CheckoutTicketLine,
  type orderItems,
  ticketChanges,
  ticketHolds,
  tickets,
} from "../../../db/schema";
import { takeTickets } from "./ticket-sale.server";

export async function issueTickets(
  tx: Executor,
  order: { id: string },
  items: readonly Pick<typeof orderItems.$inferSelect, "id" | "ticketTypeId">[],
  lines: readonly CheckoutTicketLine[],
) {
  const rows = lines
    .flatMap((line) => {
      const item = items.find((candidate) => candidate.ticketTypeId === line.ticketTypeId);
      return line.attendees.slice(0, line.quantity).map((attendee) => ({
        eventId: line.eventId,
        ticketTypeId: line.ticketTypeId,
        orderId: order.id,
        orderItemId: item?.id ?? null,
        holderFirstName: attendee.firstName,
        holderLastName: attendee.lastName,
        price: line.unitPrice,
      }));
    })
    // The buyer's order of attendees: one order's tickets share the instant they were issued at.
    .map((row, position) => ({ ...row, position }));
  if (rows.length === 0) return [];
  const issued = await tx.insert(tickets).values(rows).returning();
  await tx.insert(ticketChanges).values(
    issued.map((ticket) => ({
      ticketId: ticket.id,
      kind: "issued",
      detail: { name: `${ticket.holderFirstName} ${ticket.holderLastName}`, version: ticket.version },
    })),
  );
  return issued;
}

/** The checkout's active holds become the sale. */
export async function convertTicketHolds(tx: Executor, checkoutId: string) {
  await tx
    .update(ticketHolds)
    .set({ status: "converted" })
    .where(and(eq(ticketHolds.checkoutId, checkoutId), eq(ticketHolds.status, "active")));
}

/**
 * A payment that came after its holds were given back: the tickets are taken again if the tiers still
 * sell them now (never a ticket beyond its quota or the capacity), else `refuse()` is thrown.
 */
export async function retakeTickets(
  tx: Executor,
  checkoutId: string,
  lines: readonly CheckoutTicketLine[],
  now: Date,
  refuse: () => Error,
) {
  await takeTickets(tx, lines, now, () => refuse());
  // An offer's ticket took no counter (sellOffers decides it).
  const counted = lines.filter((line) => !line.offerId);
  if (counted.length === 0) return;
  await tx.insert(ticketHolds).values(
    counted.map((line) => ({
      checkoutId,
      ticketTypeId: line.ticketTypeId,
      eventId: line.eventId,
      quantity: line.quantity,
      status: "converted" as const,
      expiresAt: now,
    })),
  );
}
