/**
 * The panel's "Bilety" page of a night (issue #40 step 1, decision 038): the read (the night's
 * settings, its types with sold / held / left and revenue, each tier's state now) and the commands
 * (settings, add / edit / delete / move a type). Callers check the role first.
 *
 * `remaining` of a type and of the night are counters the checkout takes concurrently (a conditional
 * update, as stock), so a change of a quota or the capacity never reads and writes them back: it moves
 * `remaining` by the difference in one conditional statement that refuses to go below zero, i.e. below
 * what is sold and held at that instant.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import * as s from "../../../db/schema";
import { type TicketTypeSettings, type TypeCounts, typeCounts } from "./ticket-panel";
import { nightSale, type TierState } from "./ticket-tiers";
import {
  type NightSettingsValue,
  nightSettingsSchema,
  type TicketTypeValue,
  ticketMessages,
  ticketTypeDeleteSchema,
  ticketTypeMoveSchema,
  ticketTypeSchema,
} from "./ticket-types.schema";

export type PanelNight = {
  capacity: number;
  remaining: number;
  maxPerCustomer: number | null;
  transferUntilMinutes: number;
  offersUntilMinutes: number;
};

export type PanelTicketType = TypeCounts & TicketTypeSettings & { state: TierState };

export type TicketsPanel = {
  event: {
    id: string;
    title: string;
    startsAt: Date;
    endsAt: Date;
    salesMode: s.TicketSalesMode;
    status: s.EventStatus;
  };
  night: PanelNight | null;
  types: PanelTicketType[];
  totals: TypeCounts;
};

/** The night's page in the panel at `now`; null for an unknown event. */
export async function loadTicketsPanel(
  executor: Executor,
  eventId: string,
  now: Date,
): Promise<TicketsPanel | null> {
  const [event] = await executor
    .select({
      id: s.events.id,
      title: s.events.title,
      startsAt: s.events.startsAt,
      endsAt: s.events.endsAt,
      salesMode: s.events.salesMode,
      status: s.events.status,
    })
    .from(s.events)
    .where(eq(s.events.id, eventId));
  if (!event) return null;
  const [[night], types, sales] = await Promise.all([
    executor
      .select({
        capacity: s.nightTickets.capacity,
        remaining: s.nightTickets.remaining,
        maxPerCustomer: s.nightTickets.maxPerCustomer,
        transferUntilMinutes: s.nightTickets.transferUntilMinutes,
        offersUntilMinutes: s.nightTickets.offersUntilMinutes,
      })
      .from(s.nightTickets)
      .where(eq(s.nightTickets.eventId, eventId)),
    executor
      .select()
      .from(s.ticketTypes)
      .where(eq(s.ticketTypes.eventId, eventId))
      .orderBy(asc(s.ticketTypes.position), asc(s.ticketTypes.id)),
    executor
      .select({
        typeId: s.tickets.ticketTypeId,
        sold: sql<number>`count(*)::int`,
        revenue: sql<number>`coalesce(sum(${s.tickets.price}), 0)::int`,
      })
      .from(s.tickets)
      .where(and(eq(s.tickets.eventId, eventId), eq(s.tickets.state, "valid")))
      .groupBy(s.tickets.ticketTypeId),
  ]);
  const soldOf = new Map(sales.map((row) => [row.typeId, row]));
  const sale = nightSale(types, night?.remaining ?? 0, now);
  const rows = sale.tiers.map((tier): PanelTicketType => {
    const sold = soldOf.get(tier.id);
    return {
      id: tier.id,
      name: tier.name,
      price: tier.price,
      vatRate: tier.vatRate,
      quota: tier.quota,
      salesStart: tier.salesStart,
      salesEnd: tier.salesEnd,
      maxPerOrder: tier.maxPerOrder,
      position: tier.position,
      opensAfterPrevious: tier.opensAfterPrevious,
      state: tier.state,
      ...typeCounts(tier, sold?.sold ?? 0, sold?.revenue ?? 0),
    };
  });
  const totals = rows.reduce<TypeCounts>(
    (sum, row) => ({
      sold: sum.sold + row.sold,
      held: sum.held + row.held,
      left: sum.left + row.left,
      revenue: sum.revenue + row.revenue,
    }),
    { sold: 0, held: 0, left: 0, revenue: 0 },
  );
  return { event, night: night ?? null, types: rows, totals };
}

async function requireEvent(executor: Executor, eventId: string) {
  const [event] = await executor.select({ id: s.events.id }).from(s.events).where(eq(s.events.id, eventId));
  if (!event) throw new DomainError(ticketMessages.eventNotFound, 404);
}

/**
 * Saves the night's settings, creating its row on the first save (remaining = capacity). A new
 * capacity moves `remaining` by the difference in the same statement, refused when that would take it
 * below zero: below what is sold and held right now.
 */
export async function saveNightSettings(executor: Executor, eventId: string, value: NightSettingsValue) {
  await requireEvent(executor, eventId);
  const t = s.nightTickets;
  const settings = {
    maxPerCustomer: value.maxPerCustomer,
    transferUntilMinutes: value.transferUntilMinutes,
    offersUntilMinutes: value.offersUntilMinutes,
  };
  const moved = sql`${t.remaining} + (excluded.capacity - ${t.capacity})`;
  const [saved] = await executor
    .insert(t)
    .values({ eventId, capacity: value.capacity, remaining: value.capacity, ...settings })
    .onConflictDoUpdate({
      target: t.eventId,
      set: { capacity: sql`excluded.capacity`, remaining: moved, ...settings, updatedAt: sql`now()` },
      setWhere: sql`${moved} >= 0`,
    })
    .returning({ eventId: t.eventId });
  if (saved) return;
  // Only the message reads the counters; the statement above decided.
  const [night] = await executor
    .select({ capacity: t.capacity, remaining: t.remaining })
    .from(t)
    .where(eq(t.eventId, eventId));
  const taken = night ? night.capacity - night.remaining : 0;
  throw new DomainError(ticketMessages.capacityBelowTaken(taken), 409, "capacity");
}

function typeFields(value: TicketTypeValue) {
  return {
    name: value.name,
    price: value.price,
    vatRate: value.vatRate,
    salesStart: value.salesStart,
    salesEnd: value.salesEnd,
    maxPerOrder: value.maxPerOrder,
    opensAfterPrevious: value.opensAfterPrevious,
  };
}

/** A new type of the night, after the last one unless a position is given; the night's settings first. */
export async function createTicketType(executor: Executor, eventId: string, value: TicketTypeValue) {
  return executor.transaction(async (tx) => {
    await requireEvent(tx, eventId);
    // FOR SHARE: the night's row (and so the event) stays while the type is added.
    const [night] = await tx
      .select({ eventId: s.nightTickets.eventId })
      .from(s.nightTickets)
      .where(eq(s.nightTickets.eventId, eventId))
      .for("share");
    if (!night) throw new DomainError(ticketMessages.settingsFirst, 409);
    const [last] = await tx
      .select({ position: sql<number | null>`max(${s.ticketTypes.position})` })
      .from(s.ticketTypes)
      .where(eq(s.ticketTypes.eventId, eventId));
    const position = value.position ?? (last?.position == null ? 0 : last.position + 1);
    const [created] = await tx
      .insert(s.ticketTypes)
      .values({ eventId, ...typeFields(value), quota: value.quota, remaining: value.quota, position })
      .returning({ id: s.ticketTypes.id });
    return created.id;
  });
}

/**
 * Saves an edit of a type. A new quota moves `remaining` by the difference in the same conditional
 * update, refused below what is sold and held (the checkout takes `remaining` meanwhile).
 */
export async function updateTicketType(
  executor: Executor,
  eventId: string,
  typeId: string,
  value: TicketTypeValue,
) {
  const t = s.ticketTypes;
  const moved = sql`${t.remaining} + (${value.quota}::int - ${t.quota})`;
  const [saved] = await executor
    .update(t)
    .set({
      ...typeFields(value),
      quota: value.quota,
      remaining: moved,
      ...(value.position === null ? {} : { position: value.position }),
      updatedAt: new Date(),
    })
    .where(and(eq(t.id, typeId), eq(t.eventId, eventId), sql`${moved} >= 0`))
    .returning({ id: t.id });
  if (saved) return;
  const [type] = await executor
    .select({ quota: t.quota, remaining: t.remaining })
    .from(t)
    .where(and(eq(t.id, typeId), eq(t.eventId, eventId)));
  if (!type) throw new DomainError(ticketMessages.typeNotFound, 404);
  throw new DomainError(ticketMessages.quotaBelowTaken(type.quota - type.remaining), 409, "quota");
}

/**
 * Deletes a type nothing was sold or held of. The row is locked first: a checkout's conditional
 * update (or a ticket's insert, through its foreign key) waits for this transaction and then finds no
 * type, and one that came first is seen by the checks below (each statement reads what committed).
 */
export async function deleteTicketType(executor: Executor, eventId: string, typeId: string) {
  await executor.transaction(async (tx) => {
    const [type] = await tx
      .select({ quota: s.ticketTypes.quota, remaining: s.ticketTypes.remaining })
      .from(s.ticketTypes)
      .where(and(eq(s.ticketTypes.id, typeId), eq(s.ticketTypes.eventId, eventId)))
      .for("update");
    if (!type) throw new DomainError(ticketMessages.typeNotFound, 404);
    const [ticket] = await tx
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(eq(s.tickets.ticketTypeId, typeId))
      .limit(1);
    const [hold] = await tx
      .select({ id: s.ticketHolds.id })
      .from(s.ticketHolds)
      .where(and(eq(s.ticketHolds.ticketTypeId, typeId), eq(s.ticketHolds.status, "active")))
      .limit(1);
    if (ticket || hold || type.remaining < type.quota) {
      throw new DomainError(ticketMessages.deleteTaken, 409);
    }
    await tx.delete(s.ticketTypes).where(eq(s.ticketTypes.id, typeId));
  });
}

/** Moves a type one place up or down among the night's types (positions renumbered 0, 1, 2…). */
export async function moveTicketType(
  executor: Executor,
  eventId: string,
  typeId: string,
  direction: "up" | "down",
) {
  await executor.transaction(async (tx) => {
    const types = await tx
      .select({ id: s.ticketTypes.id, position: s.ticketTypes.position })
      .from(s.ticketTypes)
      .where(eq(s.ticketTypes.eventId, eventId))
      .orderBy(asc(s.ticketTypes.position), asc(s.ticketTypes.id))
      .for("update");
    const index = types.findIndex((type) => type.id === typeId);
    if (index < 0) throw new DomainError(ticketMessages.typeNotFound, 404);
    const other = direction === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= types.length) return;
    const order = types.map((type) => type.id);
    [order[index], order[other]] = [order[other], order[index]];
    for (const [position, id] of order.entries()) {
      if (types.find((type) => type.id === id)?.position === position) continue;
      await tx.update(s.ticketTypes).set({ position, updatedAt: new Date() }).where(eq(s.ticketTypes.id, id));
    }
  });
}

/**
 * Whether the night holds tickets: a valid one, or units held by an open checkout. A night with any
 * cannot go back to the external seller (the event form's switch).
 */
export async function nightHasTickets(executor: Executor, eventId: string) {
  const [ticket] = await executor
    .select({ id: s.tickets.id })
    .from(s.tickets)
    .where(and(eq(s.tickets.eventId, eventId), eq(s.tickets.state, "valid")))
    .limit(1);
  if (ticket) return true;
  const [hold] = await executor
    .select({ id: s.ticketHolds.id })
    .from(s.ticketHolds)
    .where(
      and(
        eq(s.ticketHolds.eventId, eventId),
        eq(s.ticketHolds.status, "active"),
        gt(s.ticketHolds.quantity, 0),
      ),
    )
    .limit(1);
  return hold !== undefined;
}

// ---------------------------------------------------------------------------------------------
// The page's action
// ---------------------------------------------------------------------------------------------

/** The intents of /admin/events/{eventId}/tickets. */
export function ticketPanelIntents(eventId: string) {
  return {
    settings: intent({
      schema: nightSettingsSchema,
      failure: ticketMessages.settingsFailed,
      invalid: ticketMessages.invalid,
      run: async (value) => {
        await saveNightSettings(db(), eventId, value);
        return { message: ticketMessages.settingsSaved, resetForm: false };
      },
    }),
    save: intent({
      schema: ticketTypeSchema,
      failure: ticketMessages.saveFailed,
      invalid: ticketMessages.invalid,
      run: async (value) => {
        if (value.id) {
          await updateTicketType(db(), eventId, value.id, value);
          return { message: ticketMessages.updated, typeId: value.id };
        }
        const id = await createTicketType(db(), eventId, value);
        return { message: ticketMessages.created, typeId: id };
      },
    }),
    delete: intent({
      schema: ticketTypeDeleteSchema,
      failure: ticketMessages.deleteFailed,
      invalid: ticketMessages.invalidRequest,
      run: async ({ typeId }) => {
        await deleteTicketType(db(), eventId, typeId);
        return { message: ticketMessages.deleted, typeId };
      },
    }),
    move: intent({
      schema: ticketTypeMoveSchema,
      failure: ticketMessages.moveFailed,
      invalid: ticketMessages.invalidRequest,
      run: async ({ typeId, direction }) => {
        await moveTicketType(db(), eventId, typeId, direction);
        return { message: ticketMessages.moved, typeId };
      },
    }),
  };
}

export const ticketPanelFormOptions = { invalidRequest: ticketMessages.invalidRequest };
