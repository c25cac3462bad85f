/**
 * The holders of a night's tickets, read for the panel (issue #40): one page of 50 or every row for
 * the CSV, searched on the server by name, e-mail (the holder's after a transfer, else the buyer's),
 * an order number (a prefix of the order's id) or a ticket id. Callers check the role first.
 */
import { and, asc, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import * as s from "../../../db/schema";
import {
  containsPattern,
  HOLDERS_PAGE_SIZE,
  type HolderFilters,
  type HolderRow,
  idPrefixOf,
} from "./ticket-holders";

const holderEmail = sql<string>`coalesce(${s.tickets.holderEmail}, ${s.orders.customerEmail})`;

function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  const conditions: (SQL | undefined)[] = [
    ilike(sql`${s.tickets.holderFirstName} || ' ' || ${s.tickets.holderLastName}`, pattern),
    ilike(holderEmail, pattern),
  ];
  const prefix = idPrefixOf(q);
  if (prefix) {
    conditions.push(
      sql`${s.orders.id}::text like ${`${prefix}%`}`,
      sql`${s.tickets.id}::text like ${`${prefix}%`}`,
    );
  }
  return or(...conditions);
}

const columns = {
  ticketId: s.tickets.id,
  orderId: s.tickets.orderId,
  orderItemId: s.tickets.orderItemId,
  firstName: s.tickets.holderFirstName,
  lastName: s.tickets.holderLastName,
  email: holderEmail,
  typeName: s.ticketTypes.name,
  state: s.tickets.state,
  price: s.tickets.price,
  voidReason: s.tickets.voidReason,
};

export type HoldersPage = { rows: HolderRow[]; total: number; page: number; pages: number };

/** One page of the night's tickets matching `q` (by last name, first name, then id). */
export async function listHolders(
  executor: Executor,
  eventId: string,
  filters: HolderFilters,
): Promise<HoldersPage> {
  const where = and(eq(s.tickets.eventId, eventId), searchOf(filters.q));
  const [{ total }] = await executor
    .select({ total: count() })
    .from(s.tickets)
    .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
    .where(where);
  const pages = Math.max(1, Math.ceil(total / HOLDERS_PAGE_SIZE));
  const page = Math.min(filters.page, pages);
  const rows = await holderQuery(executor, where)
    .limit(HOLDERS_PAGE_SIZE)
    .offset((page - 1) * HOLDERS_PAGE_SIZE);
  return { rows, total, page, pages };
}

/** Every ticket of the night matching `q`, in the table's order (the CSV). */
export async function listAllHolders(executor: Executor, eventId: string, q: string): Promise<HolderRow[]> {
  return holderQuery(executor, and(eq(s.tickets.eventId, eventId), searchOf(q)));
}

function holderQuery(executor: Executor, where: SQL | undefined) {
  return executor
    .select(columns)
    .from(s.tickets)
    .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
    .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.tickets.ticketTypeId))
    .where(where)
    .orderBy(asc(s.tickets.holderLastName), asc(s.tickets.holderFirstName), asc(s.tickets.id))
    .$dynamic();
}

/** The night's title and slug (the CSV's name, the cancel's typed confirmation); null when unknown. */
export async function nightHeader(executor: Executor, eventId: string) {
  const [event] = await executor
    .select({ id: s.events.id, title: s.events.title, slug: s.events.slug, status: s.events.status })
    .from(s.events)
    .where(eq(s.events.id, eventId));
  return event ?? null;
}
