/**
 * Offers of tickets given back (issue #40): the first in line gets one returned ticket for
 * OFFER_MINUTES at its face value (the returned ticket's `price`, never more). An offer's life, each
 * step a conditional update so it happens once however many ask: open → checkout (claimed by one
 * checkout) → sold (paid: the new ticket issued in the fulfilment's transaction) → refunded (the giver's
 * money back, after that transaction, composed in checkout/offer-settlement.server.ts); or → expired
 * (not paid in time: the entry leaves the queue, the ticket goes to the next one). This module sends no
 * mail: the caller renders and queues it (`OfferMail`).
 */
import { and, asc, eq, inArray, lte, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Database, Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import {
  type Attendee,
  type CheckoutTicketLine,
  checkouts,
  events,
  nightTickets,
  orders,
  ticketOffers,
  ticketReturns,
  tickets,
  ticketTypes,
  ticketWaitlist,
} from "../../../db/schema";
import { nextInLine, offerExpiresAt, offerMessages, offersOpen } from "./waitlist";
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from "./waitlist-tokens.server";

export type OfferMailSubject = {
  email: string;
  token: string;
  nightTitle: string;
  startsAt: Date;
  typeName: string;
  price: number;
  expiresAt: Date;
};

export type OfferMail = (tx: Executor, offer: OfferMailSubject) => Promise<unknown>;

const LIVE = ["open", "checkout"] as const;

/** A night's returned ticket with what the offer shows. */
async function returnedTicket(executor: Executor, returnId: string) {
  const [row] = await executor
    .select({
      ret: ticketReturns,
      ticket: tickets,
      typeName: ticketTypes.name,
      vatRate: ticketTypes.vatRate,
      event: {
        id: events.id,
        title: events.title,
        slug: events.slug,
        startsAt: events.startsAt,
        status: events.status,
      },
      offersUntilMinutes: nightTickets.offersUntilMinutes,
      buyerEmail: orders.customerEmail,
    })
    .from(ticketReturns)
    .innerJoin(tickets, eq(tickets.id, ticketReturns.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(nightTickets, eq(nightTickets.eventId, tickets.eventId))
    .where(eq(ticketReturns.id, returnId));
  return row ?? null;
}

/**
 * Offers each open returned ticket to the first in line, one night at a time under an advisory lock
 * (two sweepers never pick the same entry). A request past its night's deadline, or whose ticket is no
 * longer valid, ends instead. Returns how many offers were made.
 */
export async function makeOffers(database: Database, mail: OfferMail, now: Date = new Date()) {
  const open = await database
    .select({ id: ticketReturns.id })
    .from(ticketReturns)
    .where(eq(ticketReturns.status, "open"))
    .orderBy(asc(ticketReturns.createdAt))
    .limit(100);
  let made = 0;
  for (const { id } of open) {
    const offered = await database.transaction(async (tx) => {
      const found = await returnedTicket(tx, id);
      if (!found) return false;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ticket-offers:${found.event.id}`}))`);
      const [ret] = await tx.select().from(ticketReturns).where(eq(ticketReturns.id, id)).for("update");
      if (ret?.status !== "open") return false;
      if (
        found.ticket.state !== "valid" ||
        found.event.status === "cancelled" ||
        !offersOpen(found.event.startsAt, found.offersUntilMinutes, now)
      ) {
        await tx
          .update(ticketReturns)
          .set({ status: "ended", closedAt: now })
          .where(eq(ticketReturns.id, id));
        return false;
      }
      const entries = await tx
        .select()
        .from(ticketWaitlist)
        .where(eq(ticketWaitlist.eventId, found.event.id));
      const offers = await tx
        .select({ entryId: ticketOffers.entryId, status: ticketOffers.status })
        .from(ticketOffers)
        .where(eq(ticketOffers.eventId, found.event.id));
      // Never offered back to the one who gave it (on the list for a second ticket, say).
      const giver = emailKey(found.ticket.holderEmail ?? found.buyerEmail);
      const entry = nextInLine(
        entries.filter((candidate) => emailKey(candidate.email) !== giver),
        offers,
      );
      if (!entry) return false;
      const { token, hash } = newLinkToken();
      const expiresAt = offerExpiresAt(now);
      await tx.insert(ticketOffers).values({
        returnId: id,
        entryId: entry.id,
        eventId: found.event.id,
        tokenHash: hash,
        expiresAt,
        createdAt: now,
      });
      await tx.update(ticketReturns).set({ status: "offered" }).where(eq(ticketReturns.id, id));
      await mail(tx, {
        email: entry.email,
        token,
        nightTitle: found.event.title,
        startsAt: found.event.startsAt,
        typeName: found.typeName,
        price: found.ticket.price,
        expiresAt,
      });
      return true;
    });
    if (offered) made += 1;
  }
  return made;
}

/**
 * Offers not paid in time become 'expired': an open one past `expires_at`, a claimed one whose
 * checkout was given up (expired, cancelled, failed) past it too. The entry leaves the queue; the
 * ticket's request is open again for the next in line, or ends past the night's deadline. Requests
 * still open past the deadline end as well: the ticket stays with its holder.
 */
export async function expireOffers(database: Database, now: Date = new Date()) {
  const due = await database
    .select({ id: ticketOffers.id })
    .from(ticketOffers)
    .leftJoin(checkouts, eq(checkouts.id, ticketOffers.checkoutId))
    .where(
      and(
        lte(ticketOffers.expiresAt, now),
        or(
          eq(ticketOffers.status, "open"),
          and(
            eq(ticketOffers.status, "checkout"),
            or(
              sql`${checkouts.id} is null`,
              and(notInArray(checkouts.status, ["open", "paid"]), sql`${checkouts.paidAt} is null`),
            ),
          ),
        ),
      ),
    )
    .limit(200);
  let expired = 0;
  for (const { id } of due) {
    const done = await database.transaction(async (tx) => {
      const [offer] = await tx
        .update(ticketOffers)
        .set({ status: "expired" })
        .where(and(eq(ticketOffers.id, id), inArray(ticketOffers.status, [...LIVE])))
        .returning();
      if (!offer) return false;
      await tx
        .update(ticketWaitlist)
        .set({ droppedAt: now, updatedAt: sql`now()` })
        .where(eq(ticketWaitlist.id, offer.entryId));
      await tx
        .update(ticketReturns)
        .set({ status: "open" })
        .where(and(eq(ticketReturns.id, offer.returnId), eq(ticketReturns.status, "offered")));
      return true;
    });
    if (done) expired += 1;
  }
  // Past the deadline no offer is made: open requests end (the ticket stays with its holder).
  const stale = await database
    .select({ id: ticketReturns.id })
    .from(ticketReturns)
    .innerJoin(events, eq(events.id, ticketReturns.eventId))
    .innerJoin(nightTickets, eq(nightTickets.eventId, ticketReturns.eventId))
    .where(
      and(
        eq(ticketReturns.status, "open"),
        sql`${events.startsAt} - make_interval(mins => ${nightTickets.offersUntilMinutes}) <= ${now.toISOString()}::timestamptz`,
      ),
    );
  if (stale.length > 0) {
    await database
      .update(ticketReturns)
      .set({ status: "ended", closedAt: now })
      .where(
        and(
          inArray(
            ticketReturns.id,
            stale.map((row) => row.id),
          ),
          eq(ticketReturns.status, "open"),
        ),
      );
  }
  return expired;
}

export type OfferView = {
  id: string;
  nightTitle: string;
  nightSlug: string;
  startsAt: Date;
  typeName: string;
  ticketTypeId: string;
  eventId: string;
  price: number;
  vatRate: number;
  email: string;
  expiresAt: Date;
};

export type OfferLookup =
  | { status: "ready"; offer: OfferView }
  | { status: "invalid" | "expired" | "used" | "taken"; offer: null };

/** An offer (by its link's hash or its id), or why it cannot be bought. */
async function lookUpOffer(executor: Executor, where: SQL, now: Date): Promise<OfferLookup> {
  const [row] = await executor
    .select({ offer: ticketOffers, email: ticketWaitlist.email, checkoutStatus: checkouts.status })
    .from(ticketOffers)
    .innerJoin(ticketWaitlist, eq(ticketWaitlist.id, ticketOffers.entryId))
    .leftJoin(checkouts, eq(checkouts.id, ticketOffers.checkoutId))
    .where(where);
  if (!row) return { status: "invalid", offer: null };
  const { offer } = row;
  if (offer.status === "sold" || offer.status === "refunded") return { status: "used", offer: null };
  if (offer.status === "expired" || offer.expiresAt <= now) return { status: "expired", offer: null };
  // Claimed by a checkout being paid now. One still open may be given up at the payment page: the
  // link's holder may start again (the new start replaces it; the claim in its transaction decides).
  if (offer.status === "checkout" && row.checkoutStatus === "paid") return { status: "taken", offer: null };
  const found = await returnedTicket(executor, offer.returnId);
  if (!found) return { status: "invalid", offer: null };
  // The returned ticket voided meanwhile (the panel, a cancelled night): nothing left to sell.
  if (found.ticket.state !== "valid" || found.event.status === "cancelled") {
    return { status: "expired", offer: null };
  }
  return {
    status: "ready",
    offer: {
      id: offer.id,
      nightTitle: found.event.title,
      nightSlug: found.event.slug,
      startsAt: found.event.startsAt,
      typeName: found.typeName,
      ticketTypeId: found.ticket.ticketTypeId,
      eventId: found.event.id,
      price: found.ticket.price,
      vatRate: found.vatRate,
      email: row.email,
      expiresAt: offer.expiresAt,
    },
  };
}

/** The offer of a link, or why it cannot be bought (the page's Polish texts: `offerMessages[status]`). */
export async function findOffer(
  executor: Executor,
  token: string,
  now: Date = new Date(),
): Promise<OfferLookup> {
  if (!isLinkTokenShaped(token)) return { status: "invalid", offer: null };
  return lookUpOffer(executor, eq(ticketOffers.tokenHash, hashLinkToken(token)), now);
}

/**
 * The checkout's line of an offer (by id, as a checkout's request carries it), priced from the offer
 * now: one ticket at the returned ticket's price. A Polish refusal when it cannot be bought.
 */
export async function pricedOfferLine(
  executor: Executor,
  request: { offerId: string; quantity: number; attendees: Attendee[] },
  now: Date,
): Promise<CheckoutTicketLine | string> {
  if (request.quantity !== 1 || request.attendees.length < 1) return offerMessages.invalid;
  const found = await lookUpOffer(executor, eq(ticketOffers.id, request.offerId), now);
  if (found.status !== "ready") return offerMessages[found.status];
  return offerTicketLine(found.offer, request.attendees[0] as Attendee);
}

export { offerMessages };

/** The checkout line of an offer: one ticket of the returned one's type at exactly its price. */
export function offerTicketLine(
  offer: OfferView,
  attendee: { firstName: string; lastName: string },
): CheckoutTicketLine {
  return {
    ticketTypeId: offer.ticketTypeId,
    eventId: offer.eventId,
    name: offer.typeName,
    nightTitle: offer.nightTitle,
    nightSlug: offer.nightSlug,
    startsAt: offer.startsAt.toISOString(),
    unitPrice: offer.price,
    vatRate: offer.vatRate,
    quantity: 1,
    attendees: [attendee],
    offerId: offer.id,
  };
}

/**
 * Claims the lines' offers for this checkout inside its transaction: open (or claimed by a checkout
 * given up), not expired → 'checkout'. `refuse()` is thrown when one cannot be claimed, so one offer is
 * paid by one checkout at most.
 */
export async function claimOffers(
  tx: Executor,
  checkoutId: string,
  lines: readonly CheckoutTicketLine[],
  now: Date,
  refuse: (message: string) => Error,
) {
  for (const line of lines) {
    if (!line.offerId) continue;
    const given = tx
      .select({ id: checkouts.id })
      .from(checkouts)
      .where(and(notInArray(checkouts.status, ["open", "paid"]), sql`${checkouts.paidAt} is null`));
    const [claimed] = await tx
      .update(ticketOffers)
      .set({ status: "checkout", checkoutId })
      .where(
        and(
          eq(ticketOffers.id, line.offerId),
          sql`${ticketOffers.expiresAt} > ${now.toISOString()}::timestamptz`,
          or(
            eq(ticketOffers.status, "open"),
            and(eq(ticketOffers.status, "checkout"), inArray(ticketOffers.checkoutId, given)),
          ),
        ),
      )
      .returning({ id: ticketOffers.id });
    if (!claimed) throw refuse(offerMessages.taken);
  }
}

/**
 * At payment, inside the fulfilment's transaction: the offers this checkout claimed become 'sold'.
 * Returns false when one is no longer this checkout's (it expired and went to someone else): the
 * payment must then be refunded, not turned into a ticket.
 */
export async function sellOffers(tx: Executor, checkoutId: string, lines: readonly CheckoutTicketLine[]) {
  for (const line of lines) {
    if (!line.offerId) continue;
    // The returned ticket must still be valid, its row locked until this sale commits: voided in the
    // panel meanwhile, its place went back on sale, and selling it here too would sell it twice (the
    // panel's void, a conditional update of the same row, waits for this and then finds it void).
    const [returned] = await tx
      .select({ state: tickets.state })
      .from(ticketOffers)
      .innerJoin(ticketReturns, eq(ticketReturns.id, ticketOffers.returnId))
      .innerJoin(tickets, eq(tickets.id, ticketReturns.ticketId))
      .where(eq(ticketOffers.id, line.offerId))
      .for("update", { of: tickets });
    if (returned?.state !== "valid") return false;
    const [sold] = await tx
      .update(ticketOffers)
      .set({ status: "sold", soldAt: new Date() })
      .where(
        and(
          eq(ticketOffers.id, line.offerId),
          eq(ticketOffers.checkoutId, checkoutId),
          eq(ticketOffers.status, "checkout"),
        ),
      )
      .returning({ returnId: ticketOffers.returnId });
    if (!sold) return false;
    await tx
      .update(ticketReturns)
      .set({ status: "sold", closedAt: new Date() })
      .where(eq(ticketReturns.id, sold.returnId));
  }
  return true;
}

export type SoldOffer = {
  id: string;
  ticketId: string;
  price: number;
  giverEmail: string | null;
  nightTitle: string;
};

/** Sold offers whose giver is not refunded yet (of one checkout, or all of them for the sweep). */
export async function offersToSettle(executor: Executor, checkoutId?: string): Promise<SoldOffer[]> {
  return executor
    .select({
      id: ticketOffers.id,
      ticketId: tickets.id,
      price: tickets.price,
      giverEmail: sql<
        string | null
      >`coalesce(${tickets.holderEmail}, (select customer_email from orders where orders.id = ${tickets.orderId}))`,
      nightTitle: events.title,
    })
    .from(ticketOffers)
    .innerJoin(ticketReturns, eq(ticketReturns.id, ticketOffers.returnId))
    .innerJoin(tickets, eq(tickets.id, ticketReturns.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(
      checkoutId
        ? and(eq(ticketOffers.status, "sold"), eq(ticketOffers.checkoutId, checkoutId))
        : eq(ticketOffers.status, "sold"),
    )
    .limit(100);
}

/** sold → refunded, once: true for the one caller that made the change (it sends the giver's e-mail). */
export async function markOfferRefunded(executor: Executor, offerId: string) {
  const [done] = await executor
    .update(ticketOffers)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(and(eq(ticketOffers.id, offerId), eq(ticketOffers.status, "sold")))
    .returning({ id: ticketOffers.id });
  return Boolean(done);
}
