/**
 * Selling a night's tickets (issue #40, decisions 038 and 039): what a cart may hold and what a checkout takes.
 *
 * A type's `remaining` and its night's `remaining` are counters taken like stock (catalog/stock.server.ts).
 * Every change of a night's counters (a take, a give-back) updates the night's row, so the row's
 * version (PostgreSQL's `xmin`) is the version of the night's whole sale. A checkout reads the night,
 * judges the tiers at that instant (`nightSale`) and takes the counters in one statement that
 * applies only if the night's row is still the version it judged; else it reads and judges again.
 * The night's row is locked only from that statement to the commit — never while a buyer whose tier
 * has sold out waits to be told so — and the order of the takes is the order of that row's versions:
 * no ticket of a tier beyond its quota, none of a later tier while an earlier one sells, never more
 * than the capacity, however many buyers at once. Holds are given back on expiry or release
 * (`giveTicketsBack`), as stock reservations are.
 */
import { and, asc, eq, inArray, sql, TransactionRollbackError } from "drizzle-orm";
import { cachedContent } from "~/lib/content-cache.server";
import { db, type Executor } from "~/lib/db.server";
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
  /** The night row's version when read (its `xmin`): a checkout's take applies only to it. */
  version: string;
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
 * `forCheckout`: the events' rows are held with KEY SHARE until the checkout commits, so the panel's
 * switch back to an outside seller or a cancellation (which lock the event's row for update) waits for
 * the checkout and then sees its holds — or goes first, and the checkout reads its outcome.
 */
export async function nightsForSale(
  executor: Executor,
  eventIds: readonly string[],
  now: Date,
  { forCheckout = false }: { forCheckout?: boolean } = {},
): Promise<Map<string, NightForSale>> {
  const result = new Map<string, NightForSale>();
  for (const rows of await nightRows(executor, eventIds, forCheckout)) {
    result.set(rows.night.eventId, judgedNight(rows, now));
  }
  return result;
}

type NightRows = Omit<NightForSale, "sale"> & { types: TicketTypeRow[] };

/** The nights of these events as stored: each night's row with its version, its event and its types. */
async function nightRows(
  executor: Executor,
  eventIds: readonly string[],
  forCheckout: boolean,
): Promise<NightRows[]> {
  const ids = [...new Set(eventIds)].sort();
  if (ids.length === 0) return [];
  const query = executor
    .select({ night: nightTickets, version: sql<string>`${nightTickets}.xmin::text`, event: eventColumns })
    .from(nightTickets)
    .innerJoin(events, eq(events.id, nightTickets.eventId))
    .where(inArray(nightTickets.eventId, ids))
    .orderBy(asc(nightTickets.eventId));
  const nights = forCheckout ? await query.for("key share", { of: events }) : await query;
  if (nights.length === 0) return [];
  // Read after the night (a statement of its own): a take between the two changes the night's
  // version, and the checkout's take of this judgement does not apply.
  const types = await executor.select().from(ticketTypes).where(inArray(ticketTypes.eventId, ids));
  return nights.map((row) => ({ ...row, types: types.filter((type) => type.eventId === row.night.eventId) }));
}

/** What a night's rows say at `now`: the tiers' state, the night's capacity only while it sells here. */
function judgedNight({ event, night, version, types }: NightRows, now: Date): NightForSale {
  const open = sellsOnSite(event, now);
  return { event, night, version, sale: nightSale(types, open ? night.remaining : 0, now) };
}

/**
 * The night of a ticket type as this instance keeps it (the content cache, dropped by every take and
 * give-back's notification and by any change to a night or a type), judged at `now`; null for an
 * unknown type. For telling a buyer at once what is surely refused, never for a take.
 */
export async function keptNightOfType(typeId: string, now: Date): Promise<NightForSale | null> {
  const rows = await cachedContent(`ticket-night-of-type:${typeId}`, async () => {
    const eventId = await eventOfType(db(), typeId);
    const [rows] = eventId ? await nightRows(db(), [eventId], false) : [];
    return { value: rows ?? null };
  });
  return rows ? judgedNight(rows, now) : null;
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
  busy: "W tej chwili bilety kupuje bardzo wiele osób naraz. Spróbuj ponownie za chwilę.",
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

/** How many times a checkout judges again after others took first (each a read and a statement). */
const TAKE_ATTEMPTS = 30;

/**
 * Takes the lines' tickets inside the caller's transaction, all or nothing: the nights are read and
 * their tiers judged at `now`; `refuse(line, message)` is thrown at the first line that cannot sell.
 * Then every counter is taken in one statement, which applies only to the night versions judged; when
 * another buyer took first, the nights are read and judged again (a buyer whose tier sold out
 * meanwhile is refused at once, without waiting for anyone).
 */
export async function takeTickets<Line extends TicketTake>(
  tx: Executor,
  allLines: readonly Line[],
  now: Date,
  refuse: (line: Line, message: string) => Error,
) {
  const lines = allLines.filter((line) => !line.offerId);
  if (lines.length === 0) return;
  const eventIds = [...new Set(lines.map((line) => line.eventId))];
  for (let attempt = 1; attempt <= TAKE_ATTEMPTS; attempt++) {
    const nights = await nightsForSale(tx, eventIds, now, { forCheckout: true });
    for (const line of lines) {
      const night = nights.get(line.eventId);
      const message = night
        ? ticketRefusalMessage(night, line.ticketTypeId, line.quantity)
        : ticketSaleMessages.unknown;
      if (message) throw refuse(line, message);
    }
    // Lines of several nights: one attempt in a savepoint, so a night taken before another's
    // version changed is given back with it.
    const taken =
      eventIds.length === 1
        ? await takeIfUnchanged(tx, lines, nights)
        : await tx
            .transaction(async (savepoint) => {
              const outcome = await takeIfUnchanged(savepoint, lines, nights);
              if (outcome === "changed") savepoint.rollback();
              return outcome;
            })
            .catch((error: unknown) => {
              if (error instanceof TransactionRollbackError) return "changed" as const;
              throw error;
            });
    if (taken === "taken") return;
    if (typeof taken === "object") {
      const line = lines.find((candidate) => candidate.ticketTypeId === taken.shortType) as Line;
      throw refuse(line, ticketSaleMessages.unknown);
    }
  }
  throw refuse(lines[0] as Line, ticketSaleMessages.busy);
}

/**
 * One statement: each night's counter taken if its row is still the version judged (and has the
 * units), then each type's counter if every night was. "changed": nothing was taken (another buyer
 * took first); `shortType`: the nights were taken but a type was not (its quota edited meanwhile) —
 * the caller refuses, and the transaction rolls it all back.
 */
async function takeIfUnchanged(
  tx: Executor,
  lines: readonly TicketTake[],
  nights: Map<string, NightForSale>,
): Promise<"taken" | "changed" | { shortType: string }> {
  const perType = new Map<string, number>();
  const perNight = new Map<string, number>();
  for (const line of lines) {
    perType.set(line.ticketTypeId, (perType.get(line.ticketTypeId) ?? 0) + line.quantity);
    perNight.set(line.eventId, (perNight.get(line.eventId) ?? 0) + line.quantity);
  }
  const nightValues = sql.join(
    [...perNight]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int, ${nights.get(id)?.version ?? ""}::text)`),
    sql`, `,
  );
  const typeValues = sql.join(
    [...perType].map(([id, quantity]) => sql`(${id}::uuid, ${quantity}::int)`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with taken_nights as (
      update ${nightTickets} set remaining = ${nightTickets}.remaining - wanted.quantity
      from (values ${nightValues}) as wanted(event_id, quantity, version)
      where ${nightTickets}.event_id = wanted.event_id and ${nightTickets}.xmin::text = wanted.version
        and ${nightTickets}.remaining >= wanted.quantity
      returning ${nightTickets}.event_id
    ), taken_types as (
      update ${ticketTypes} set remaining = ${ticketTypes}.remaining - wanted.quantity
      from (values ${typeValues}) as wanted(id, quantity)
      where ${ticketTypes}.id = wanted.id and ${ticketTypes}.remaining >= wanted.quantity
        and (select count(*) from taken_nights) = ${perNight.size}
      returning ${ticketTypes}.id
    )
    select id::text as id, 'type' as kind from taken_types
    union all select event_id::text, 'night' from taken_nights`);
  // Both drivers (pg, PGlite) answer `execute` with `{ rows }`.
  const rows = (result as unknown as { rows: { id: string; kind: "type" | "night" }[] }).rows;
  if (rows.filter((row) => row.kind === "night").length !== perNight.size) return "changed";
  const takenTypes = new Set(rows.filter((row) => row.kind === "type").map((row) => row.id));
  const shortType = [...perType.keys()].find((id) => !takenTypes.has(id));
  return shortType ? { shortType } : "taken";
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
