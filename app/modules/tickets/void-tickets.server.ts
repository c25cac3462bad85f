/**
 * Making tickets void (issue #40): the panel's "Unieważnij", a cancelled night, a ticket given back to
 * the waiting list. One conditional update per call (`state = 'valid'` → 'void'), so a ticket is voided
 * once however many ask at once: a second caller finds fewer rows than it named and is refused, and
 * with it (when it runs inside a refund's booking) the refund. Each is logged.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { ticketChanges, ticketReturns, tickets } from "../../../db/schema";
import { giveTicketsBack } from "./ticket-sale.server";

export const ALREADY_VOID_MESSAGE = "Ten bilet został już unieważniony.";
export const BEING_RESOLD_MESSAGE =
  "Ten bilet właśnie kupiono z listy oczekujących: za chwilę zostanie unieważniony, a jego posiadacz dostanie zwrot.";

export type VoidOptions = {
  reason: string;
  /** The account that voids them (null: the shop itself). */
  actorUserId: string | null;
  /** Their places go back on sale (a void without a resale); false when the place is sold again at once. */
  release: boolean;
  /**
   * Refuse a ticket bought from the waiting list and not yet settled (the panel's void): its place is
   * already sold again, and the settlement voids it and refunds its holder.
   */
  unlessResold?: boolean;
};

/** Voids exactly these valid tickets inside the caller's transaction, or refuses (409) and changes nothing. */
export async function voidTicketsTx(tx: Executor, ticketIds: readonly string[], options: VoidOptions) {
  const ids = [...new Set(ticketIds)];
  if (ids.length === 0) return [];
  if (options.unlessResold) {
    // The rows locked first, as the waiting list's sale locks them: its 'sold' is seen after it commits.
    await tx.select({ id: tickets.id }).from(tickets).where(inArray(tickets.id, ids)).for("update");
    const [resold] = await tx
      .select({ id: ticketReturns.id })
      .from(ticketReturns)
      .innerJoin(tickets, eq(tickets.id, ticketReturns.ticketId))
      .where(
        and(
          inArray(ticketReturns.ticketId, ids),
          eq(ticketReturns.status, "sold"),
          eq(tickets.state, "valid"),
        ),
      )
      .limit(1);
    if (resold) throw new DomainError(BEING_RESOLD_MESSAGE, 409);
  }
  const voided = await tx
    .update(tickets)
    .set({ state: "void", voidedAt: new Date(), voidReason: options.reason.slice(0, 200) })
    .where(and(inArray(tickets.id, ids), eq(tickets.state, "valid")))
    .returning();
  if (voided.length !== ids.length) throw new DomainError(ALREADY_VOID_MESSAGE, 409);
  await tx.insert(ticketChanges).values(
    voided.map((ticket) => ({
      ticketId: ticket.id,
      kind: "voided",
      actorUserId: options.actorUserId,
      detail: { reason: options.reason.slice(0, 200), version: ticket.version },
    })),
  );
  if (options.release) {
    await giveTicketsBack(
      tx,
      voided.map((ticket) => ({ ticketTypeId: ticket.ticketTypeId, eventId: ticket.eventId, quantity: 1 })),
    );
  }
  return voided;
}
