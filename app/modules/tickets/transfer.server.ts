/**
 * "Przekaż bilet" (issue #40): the ticket's holder gives it a new name and e-mail until the night's
 * `transfer_until_minutes` before doors. One transaction with the ticket's row locked, so two transfers
 * of one ticket run one after the other (never a lost update): the names, the e-mail and `version + 1`
 * — the old QR is NIEAKTUALNY at once —, a `ticket_changes` row, and the caller's `notify` (the new
 * holder's e-mail, queued by the module above: tickets imports no mail).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import {
  events,
  nightTickets,
  orders,
  ticketChanges,
  ticketReturns,
  tickets,
  ticketTypes,
} from "../../../db/schema";
import { heldByAccount } from "./my-tickets.server";
import { transferClosedMessage, transferMessages } from "./transfer.schema";
import { transferDeadline } from "./transfer-deadline";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type TransferActor =
  /** A signed-in account that holds the ticket ("Moje bilety", or its own order's page). */
  | { via: "account"; account: { id: string; email: string; emailVerified: boolean }; orderId?: string }
  /** Whoever has the order's private link: only a ticket of that order still held by its buyer. */
  | { via: "order-link"; orderId: string };

export type NewHolder = { firstName: string; lastName: string; email: string };

export type TransferredTicket = {
  ticketId: string;
  eventId: string;
  version: number;
  holder: NewHolder;
  typeName: string;
  night: {
    title: string;
    slug: string;
    startsAt: Date;
    venue: string | null;
    address: string | null;
    city: string | null;
  };
};

export type TransferOptions = {
  database?: Executor;
  /** Runs inside the transaction once the ticket is changed (queues the new holder's e-mail). */
  notify?: (tx: Executor, transferred: TransferredTicket) => Promise<void>;
};

const notFound = () => new DomainError(transferMessages.notFound, 404);

/** Whether `actor` holds the (locked) ticket; someone else's ticket is answered as an unknown one. */
async function actorHolds(tx: Executor, actor: TransferActor, ticket: typeof tickets.$inferSelect) {
  if (actor.orderId !== undefined && ticket.orderId !== actor.orderId) return false;
  if (actor.via === "order-link") return ticket.holderEmail === null;
  const [held] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.id, ticket.id), heldByAccount(actor.account)));
  return Boolean(held);
}

export async function transferTicket(
  input: { ticketId: string; to: NewHolder; actor: TransferActor; now: Date },
  options: TransferOptions = {},
): Promise<TransferredTicket> {
  if (!UUID.test(input.ticketId)) throw notFound();
  const to: NewHolder = {
    firstName: input.to.firstName,
    lastName: input.to.lastName,
    email: input.to.email.trim().toLowerCase(),
  };
  const database = (options.database ?? db()) as Executor & {
    transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  };
  return database.transaction(async (tx) => {
    // Locked first, read after: a transfer waiting here sees the one before it.
    const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, input.ticketId)).for("update");
    if (!ticket || !(await actorHolds(tx, input.actor, ticket))) throw notFound();
    if (ticket.state !== "valid") throw new DomainError(transferMessages.void, 409);
    // A ticket given back is sold to the waiting list as it is: the giver withdraws it first.
    const [returned] = await tx
      .select({ id: ticketReturns.id })
      .from(ticketReturns)
      .where(and(eq(ticketReturns.ticketId, ticket.id), inArray(ticketReturns.status, ["open", "offered"])));
    if (returned) throw new DomainError(transferMessages.returned, 409);
    const [row] = await tx
      .select({
        event: events,
        typeName: ticketTypes.name,
        buyerEmail: orders.customerEmail,
        transferUntilMinutes: nightTickets.transferUntilMinutes,
      })
      .from(tickets)
      .innerJoin(events, eq(events.id, tickets.eventId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .leftJoin(nightTickets, eq(nightTickets.eventId, tickets.eventId))
      .where(eq(tickets.id, ticket.id));
    const deadline = transferDeadline(row.event.startsAt, row.transferUntilMinutes);
    if (input.now >= deadline) throw new DomainError(transferClosedMessage(formatDateTime(deadline)), 409);
    const fromEmail = (ticket.holderEmail ?? row.buyerEmail).trim().toLowerCase();
    if (
      ticket.holderFirstName === to.firstName &&
      ticket.holderLastName === to.lastName &&
      fromEmail === to.email
    ) {
      throw new DomainError(transferMessages.same, 400);
    }
    const [changed] = await tx
      .update(tickets)
      .set({
        holderFirstName: to.firstName,
        holderLastName: to.lastName,
        holderEmail: to.email,
        version: sql`${tickets.version} + 1`,
      })
      .where(eq(tickets.id, ticket.id))
      .returning({ version: tickets.version });
    await tx.insert(ticketChanges).values({
      ticketId: ticket.id,
      kind: "transferred",
      actorUserId: input.actor.via === "account" ? input.actor.account.id : null,
      detail: {
        from: `${ticket.holderFirstName} ${ticket.holderLastName} <${fromEmail}>`,
        to: `${to.firstName} ${to.lastName} <${to.email}>`,
        via: input.actor.via,
        version: changed.version,
      },
    });
    const transferred: TransferredTicket = {
      ticketId: ticket.id,
      eventId: ticket.eventId,
      version: changed.version,
      holder: to,
      typeName: row.typeName,
      night: {
        title: row.event.title,
        slug: row.event.slug,
        startsAt: row.event.startsAt,
        venue: row.event.venue,
        address: row.event.address,
        city: row.event.city,
      },
    };
    await options.notify?.(tx, transferred);
    return transferred;
  });
}
