/**
 * Selling a night's tickets (issue #40, decision 038): what a cart may hold and what a checkout takes.
 *
 * A type's `remaining` and its night's `remaining` are counters taken like stock (catalog/stock.server.ts):
 * the checkout locks the night's row (`FOR UPDATE`), reads its types, judges the tiers at that instant
 * (`nightSale`) and takes both counters with conditional updates, in one transaction. The night's row
 * is the one lock every buyer of the night queues on, so the tier a buyer gets is decided in that
 * queue: no ticket of a tier beyond its quota, none of a later tier while an earlier one sells, and
 * never more than the capacity, however many buyers at once. Holds are given back on expiry or
 * release (`giveTicketsBack`), as stock reservations are.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import {
  type Attendee,
  type CheckoutTicketLine,
  events,
  nightTickets,
  ticketHolds,
  ticketTypes,
} from "../../../db/schema";
import { sellsHere } from "./night-tickets.server";
import { pricedOfferLine } from "./offers.server";
import { type NightSale, nightSale, tierRefusal } from "./ticket-tiers";

export type TicketTypeRow = typeof ticketTypes.$inferSelect;
export type NightRow = typeof nightTickets.$inferSelect;

export type NightForSale = {
  event: Pick<
    typeof events.$inferSelect,
    "id" | "slug" | "title" | "startsAt" | "endsAt" | "status" | "published" | "salesMode"
  >;
  night: NightRow;
  sale: NightSale<TicketTypeRow>;
};

const eventColumns = {
  id: events.id,
  slug: events.slug,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  status: events.status,
  published: events.published,
  salesMode: events.salesMode,
};

/** Whether a night sells on the site at all now: published, and the pages' rule (`sellsHere`). */
export function sellsOnSite(event: NightForSale["event"], now: Date) {
  return event.published && sellsHere(event, now);
}

/**
 * The night of these events as a buyer meets it now: its settings, its types and the tiers' state.
 * With `lock`, the night rows are locked (in event id order, the one lock order) for a checkout.
 */
export async function nightsForSale(
  executor: Executor,
  eventIds: readonly string[],
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<Map<string, NightForSale>> {
  const ids = [...new Set(eventIds)].sort();
  if (ids.length === 0) return new Map();
  const { nights, eventRows } = lock ? await lockNights(executor, ids) : await readNights(executor, ids);
  if (nights.length === 0) return new Map();
  // Read after the lock is held (a statement of its own): what buyers before in the queue took.
  const types = await executor.select().from(ticketTypes).where(inArray(ticketTypes.eventId, ids));
  const result = new Map<string, NightForSale>();
  for (const night of nights) {
    const event = eventRows.find((row) => row.id === night.eventId);
    if (!event) continue;
    const own = types.filter((type) => type.eventId === night.eventId);
    const open = sellsOnSite(event, now);
    result.set(night.eventId, { event, night, sale: nightSale(own, open ? night.remaining : 0, now) });
  }
  return result;
}

async function readNights(executor: Executor, ids: string[]) {
  const [nights, eventRows] = await Promise.all([
    executor
      .select()
      .from(nightTickets)
      .where(inArray(nightTickets.eventId, ids))
      .orderBy(asc(nightTickets.eventId)),
    executor.select(eventColumns).from(events).where(inArray(events.id, ids)),
  ]);
  return { nights, eventRows };
}

/**
 * The nights' rows and their events' locked in one statement (in event id order, the one lock
 * order): the night's row is the queue of its on-sale minute, so every statement made while holding
 * it is a wait for every buyer behind (bench:tickets). The event's row too (NO KEY UPDATE: rows that
 * only refer to it are still written): the panel's switch back to an outside seller, which updates
 * it, waits for the checkout and then sees its holds.
 */
async function lockNights(executor: Executor, ids: string[]) {
  const rows = await executor
    .select({ night: nightTickets, event: eventColumns })
    .from(nightTickets)
    .innerJoin(events, eq(events.id, nightTickets.eventId))
    .where(inArray(nightTickets.eventId, ids))
    .orderBy(asc(nightTickets.eventId))
    .for("no key update");
  return { nights: rows.map((row) => row.night), eventRows: rows.map((row) => row.event) };
}

/** The night a ticket type belongs to (null for an unknown id). */
export async function eventOfType(executor: Executor, typeId: string): Promise<string | null> {
  const [row] = await executor
    .select({ eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, typeId));
  return row?.eventId ?? null;
}

export const ticketSaleMessages = {
  unknown: "Ten bilet nie jest dostępny.",
  notOnSale: (name: string) => `Bilety „${name}” nie są teraz w sprzedaży.`,
  overOrderLimit: (name: string, max: number) => `„${name}”: najwyżej ${max} bil. w jednym zamówieniu.`,
  short: (name: string, left: number) =>
    left > 0 ? `„${name}”: zostało tylko ${left} bil.` : `Bilety „${name}” są wyprzedane.`,
  overCustomerLimit: (title: string, max: number) => `${title}: limit to ${max} bil. na osobę.`,
} as const;

/** The refusal of `quantity` tickets of a type of this night now, as a Polish sentence; null when they may sell. */
export function ticketRefusalMessage(night: NightForSale, typeId: string, quantity: number): string | null {
  const refusal = tierRefusal(night.sale, typeId, quantity);
  const tier = night.sale.tiers.find((candidate) => candidate.id === typeId);
  if (!refusal || !tier) return refusal ? ticketSaleMessages.unknown : null;
  switch (refusal) {
    case "not_on_sale":
      return tier.state === "sold_out"
        ? ticketSaleMessages.short(tier.name, 0)
        : ticketSaleMessages.notOnSale(tier.name);
    case "over_order_limit":
      return ticketSaleMessages.overOrderLimit(tier.name, tier.maxPerOrder);
    case "short":
      return ticketSaleMessages.short(tier.name, tier.available);
    default:
      return ticketSaleMessages.unknown;
  }
}

/** A line to take; one bought from a waiting-list offer (`offerId`) takes no counter: its place is the returned ticket's. */
export type TicketTake = { ticketTypeId: string; eventId: string; quantity: number; offerId?: string };

/**
 * Takes the lines' tickets inside the caller's transaction, all or nothing: per night (locked, in id
 * order) the tiers are judged at `now`, then each type's counter and the night's are taken with
 * conditional updates. `refuse(line, message)` is thrown at the first line that cannot sell.
 */
export async function takeTickets<Line extends TicketTake>(
  tx: Executor,
  allLines: readonly Line[],
  now: Date,
  refuse: (line: Line, message: string) => Error,
) {
  const lines = allLines.filter((line) => !line.offerId);
  if (lines.length === 0) return;
  const nights = await nightsForSale(
    tx,
    lines.map((line) => line.eventId),
    now,
    { lock: true },
  );
  const byType = [...lines].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
  for (const line of byType) {
    const night = nights.get(line.eventId);
    const message = night
      ? ticketRefusalMessage(night, line.ticketTypeId, line.quantity)
      : ticketSaleMessages.unknown;
    if (message) throw refuse(line, message);
  }
  // Every counter in one statement (lines of one night together can still pass its capacity: the
  // night's counter decides); a counter short leaves its row out of what the statement returns.
  const perType = new Map<string, number>();
  for (const line of byType)
    perType.set(line.ticketTypeId, (perType.get(line.ticketTypeId) ?? 0) + line.quantity);
  const perNight = new Map<string, number>();
  for (const line of lines) perNight.set(line.eventId, (perNight.get(line.eventId) ?? 0) + line.quantity);
  const typeValues = sql.join(
    [...perType].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const nightValues = sql.join(
    [...perNight]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with taken_types as (
      update ${ticketTypes} set remaining = ${ticketTypes}.remaining - wanted.quantity
      from (values ${typeValues}) as wanted(id, quantity)
      where ${ticketTypes}.id = wanted.id and ${ticketTypes}.remaining >= wanted.quantity
      returning ${ticketTypes}.id
    ), taken_nights as (
      update ${nightTickets} set remaining = ${nightTickets}.remaining - wanted.quantity
      from (values ${nightValues}) as wanted(event_id, quantity)
      where ${nightTickets}.event_id = wanted.event_id and ${nightTickets}.remaining >= wanted.quantity
      returning ${nightTickets}.event_id
    )
    select id::text as id, 'type' as kind from taken_types
    union all select event_id::text, 'night' from taken_nights`);
  // Both drivers (pg, PGlite) answer `execute` with `{ rows }`.
  const taken = (result as unknown as { rows: { id: string; kind: "type" | "night" }[] }).rows;
  const takenTypes = new Set(taken.filter((row) => row.kind === "type").map((row) => row.id));
  const shortType = byType.find((line) => !takenTypes.has(line.ticketTypeId));
  if (shortType) throw refuse(shortType, ticketSaleMessages.unknown);
  const takenNights = new Set(taken.filter((row) => row.kind === "night").map((row) => row.id));
  const shortNight = [...perNight.keys()].sort().find((eventId) => !takenNights.has(eventId));
  if (shortNight) {
    const line = lines.find((candidate) => candidate.eventId === shortNight) as Line;
    const night = nights.get(shortNight);
    throw refuse(line, ticketSaleMessages.short(night?.event.title ?? "", night?.night.remaining ?? 0));
  }
}

/**
 * Holds given back (released or expired): each type's units and the night's capacity return. The
 * night's row first, as `takeTickets` locks it first: two transactions never wait on each other's rows.
 */
export async function giveTicketsBack(tx: Executor, holds: readonly TicketTake[]) {
  const perNight = new Map<string, number>();
  for (const hold of holds) perNight.set(hold.eventId, (perNight.get(hold.eventId) ?? 0) + hold.quantity);
  for (const [eventId, quantity] of [...perNight].sort(([a], [b]) => a.localeCompare(b))) {
    // least(): a capacity or quota lowered in the panel meanwhile is never passed (the check would fail).
    await tx
      .update(nightTickets)
      .set({ remaining: sql`least(${nightTickets.remaining} + ${quantity}, ${nightTickets.capacity})` })
      .where(eq(nightTickets.eventId, eventId));
  }
  const byType = [...holds].sort((a, b) => a.ticketTypeId.localeCompare(b.ticketTypeId));
  for (const hold of byType) {
    await tx
      .update(ticketTypes)
      .set({ remaining: sql`least(${ticketTypes.remaining} + ${hold.quantity}, ${ticketTypes.quota})` })
      .where(eq(ticketTypes.id, hold.ticketTypeId));
  }
}

/** Releases a checkout's active ticket holds and gives their units back (its row locked by the caller). */
export async function releaseTicketHolds(tx: Executor, checkoutId: string) {
  const released = await tx
    .update(ticketHolds)
    .set({ status: "released" })
    .where(and(eq(ticketHolds.checkoutId, checkoutId), eq(ticketHolds.status, "active")))
    .returning();
  await giveTicketsBack(tx, released);
}

/** A refusal of the cart's ticket forms. */
export function ticketRefusal(status: 400 | 409, message: string, field?: string) {
  return new DomainError(message, status, field, { title: "Nie dodano biletów" });
}

/**
 * The checkout's ticket lines priced from the database now (never the browser's prices): each type on
 * sale in the quantity asked, with its night and VAT rate. Not locked: `takeTickets` judges again
 * under the night's lock inside the checkout's transaction.
 */
export async function priceTickets(
  executor: Executor,
  requests: readonly { ticketTypeId: string; quantity: number; attendees: Attendee[]; offerId?: string }[],
  now: Date,
  refuse: (message: string) => Error,
): Promise<CheckoutTicketLine[]> {
  if (requests.length === 0) return [];
  // A waiting-list offer's ticket is priced from the offer alone (never above its face value).
  if (requests.some((request) => request.offerId)) {
    const offered = await Promise.all(
      requests.map((request) =>
        request.offerId
          ? pricedOfferLine(executor, { ...request, offerId: request.offerId }, now)
          : ticketSaleMessages.unknown,
      ),
    );
    return offered.map((line) => {
      if (typeof line === "string") throw refuse(line);
      return line;
    });
  }
  const types = await executor
    .select({ id: ticketTypes.id, eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(
      inArray(
        ticketTypes.id,
        requests.map((request) => request.ticketTypeId),
      ),
    );
  const nights = await nightsForSale(
    executor,
    types.map((type) => type.eventId),
    now,
  );
  return requests.map((request) => {
    const eventId = types.find((type) => type.id === request.ticketTypeId)?.eventId;
    const night = eventId ? nights.get(eventId) : undefined;
    if (!night) throw refuse(ticketSaleMessages.unknown);
    const message = ticketRefusalMessage(night, request.ticketTypeId, request.quantity);
    if (message) throw refuse(message);
    const tier = night.sale.tiers.find((candidate) => candidate.id === request.ticketTypeId);
    if (!tier) throw refuse(ticketSaleMessages.unknown);
    return {
      ticketTypeId: tier.id,
      eventId: night.event.id,
      name: tier.name,
      nightTitle: night.event.title,
      nightSlug: night.event.slug,
      startsAt: night.event.startsAt.toISOString(),
      unitPrice: tier.price,
      vatRate: tier.vatRate,
      quantity: request.quantity,
      attendees: request.attendees.slice(0, request.quantity),
    };
  });
}
