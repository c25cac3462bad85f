/**
 * "Oddaj bilet" (issue #40): the holder puts a ticket up for the night's waiting list, until
 * `offersUntilMinutes` before doors. The ticket stays valid and the holder's until someone pays for it
 * (offers.server.ts); the request can be withdrawn while no offer of it is live. One live request per
 * ticket (a partial unique index), so a ticket given back is never offered twice at once.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { events, nightTickets, orders, ticketChanges, ticketReturns, tickets } from "../../../db/schema";
import { heldByAccount } from "./my-tickets.server";
import type { TransferActor } from "./transfer.server";
import { offersOpen, returnMessages } from "./waitlist";

/** Who asks, as for a transfer: a signed-in account, or whoever opened the order's private link. */
export type TicketViewer = TransferActor;

/**
 * Whether the viewer holds the ticket, by the transfer's rules: an account by `heldByAccount`
 * (my-tickets.server.ts, THE rule; on an order's page, that order's tickets only); through an order's
 * link, that order's tickets not given away.
 */
function holderCondition(viewer: TicketViewer): SQL {
  if (viewer.via === "order-link") {
    return and(eq(tickets.orderId, viewer.orderId), sql`${tickets.holderEmail} is null`) as SQL;
  }
  const held = heldByAccount(viewer.account);
  return viewer.orderId ? (and(held, eq(tickets.orderId, viewer.orderId)) as SQL) : held;
}

/** The ticket with its night's dates when the viewer holds it; null otherwise (never says whose it is). */
export async function heldTicket(executor: Executor, ticketId: string, viewer: TicketViewer) {
  if (!/^[0-9a-f-]{36}$/.test(ticketId)) return null;
  const [row] = await executor
    .select({
      ticket: tickets,
      startsAt: events.startsAt,
      offersUntilMinutes: nightTickets.offersUntilMinutes,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(nightTickets, eq(nightTickets.eventId, tickets.eventId))
    .where(and(eq(tickets.id, ticketId), holderCondition(viewer)));
  return row ?? null;
}

const actorOf = (viewer: TicketViewer) => (viewer.via === "account" ? viewer.account.id : null);

/** Puts the held ticket up for the waiting list; refuses (DomainError, Polish) when it cannot be. */
export async function giveTicketBack(
  database: Executor,
  ticketId: string,
  viewer: TicketViewer,
  now: Date = new Date(),
) {
  return (
    database as Executor & { transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> }
  ).transaction(async (tx) => {
    // The ticket's row locked as a transfer locks it: a transfer and a give-back never cross.
    if (/^[0-9a-f-]{36}$/.test(ticketId)) {
      await tx.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId)).for("update");
    }
    const held = await heldTicket(tx, ticketId, viewer);
    if (!held) throw new DomainError(returnMessages.notHolder, 404);
    if (held.ticket.state !== "valid") throw new DomainError(returnMessages.notValid, 409);
    // Its price goes back to whoever paid for it: a ticket passed on to a friend is not given back.
    if (held.ticket.holderEmail !== null) throw new DomainError(returnMessages.transferred, 409);
    if (!offersOpen(held.startsAt, held.offersUntilMinutes, now)) {
      throw new DomainError(returnMessages.tooLate, 409);
    }
    const [created] = await tx
      .insert(ticketReturns)
      .values({ ticketId, eventId: held.ticket.eventId, actorUserId: actorOf(viewer), createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new DomainError(returnMessages.already, 409);
    await tx
      .insert(ticketChanges)
      .values({ ticketId, kind: "returned", actorUserId: actorOf(viewer), detail: { returnId: created.id } });
    return created;
  });
}

/** Withdraws the held ticket's request while no offer of it is live. */
export async function withdrawTicketReturn(database: Executor, ticketId: string, viewer: TicketViewer) {
  const held = await heldTicket(database, ticketId, viewer);
  if (!held) throw new DomainError(returnMessages.notHolder, 404);
  const [withdrawn] = await database
    .update(ticketReturns)
    .set({ status: "withdrawn", closedAt: new Date() })
    .where(and(eq(ticketReturns.ticketId, ticketId), eq(ticketReturns.status, "open")))
    .returning({ id: ticketReturns.id });
  if (withdrawn) {
    await database.insert(ticketChanges).values({
      ticketId,
      kind: "return_withdrawn",
      actorUserId: actorOf(viewer),
      detail: { returnId: withdrawn.id },
    });
    return;
  }
  const [live] = await database
    .select({ status: ticketReturns.status })
    .from(ticketReturns)
    .where(and(eq(ticketReturns.ticketId, ticketId), eq(ticketReturns.status, "offered")));
  throw new DomainError(live ? returnMessages.offered : returnMessages.notReturned, 409);
}

/** Which of these tickets wait for the waiting list (a live request), for the ticket cards. */
export async function returnedTicketIds(executor: Executor, ticketIds: readonly string[]) {
  if (ticketIds.length === 0) return new Set<string>();
  const rows = await executor
    .select({ ticketId: ticketReturns.ticketId })
    .from(ticketReturns)
    .where(
      and(
        inArray(ticketReturns.ticketId, [...ticketIds]),
        inArray(ticketReturns.status, ["open", "offered"]),
      ),
    );
  return new Set(rows.map((row) => row.ticketId));
}
