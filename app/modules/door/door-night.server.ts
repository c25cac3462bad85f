/**
 * What the door's phones read (issue #41, decision 041): the night to download before doors, the scans
 * of every phone since a cursor, and the tickets changed since. One query per kind, indexed by night.
 */
import { createPublicKey } from "node:crypto";
import { and, asc, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { orderNumber } from "~/lib/order-number";
import { ticketPublicKeys } from "~/modules/tickets/ticket-keys.server";
import {
  doorBlocks,
  doorDevices,
  doorSales,
  doorScans,
  events,
  orders,
  ticketChanges,
  tickets,
  ticketTypes,
  user,
} from "../../../db/schema";
import type { DoorNightRow } from "./door-access.server";
import type { DoorNight, DoorTicket, DoorTicketState, KnownScan } from "./door-types";

/** The phones' cursor: the last scan's sequence number and the instant tickets were last read. */
export type DoorCursor = { seq: number; ticketsAt: number };

/** A ticket change committed this long before the instant a cursor was cut may still be unseen by it. */
const COMMIT_SKEW_MS = 10_000;

export function encodeCursor(cursor: DoorCursor) {
  return `${cursor.seq}.${cursor.ticketsAt}`;
}

/** The cursor a phone sent back, or null for anything that is not one (the phone then reads all). */
export function decodeCursor(text: string | null | undefined): DoorCursor | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(text ?? "");
  if (!match) return null;
  return { seq: Number(match[1]), ticketsAt: Number(match[2]) };
}

/** Registers the phone as the signed-in staff member's (a phone handed over changes hands). */
export async function registerDevice(
  deviceId: string,
  userId: string,
  name: string,
  eventId: string,
  executor: Executor = db(),
) {
  await executor
    .insert(doorDevices)
    .values({ id: deviceId, userId, name, lastEventId: eventId })
    .onConflictDoUpdate({
      target: doorDevices.id,
      set: { userId, name, lastEventId: eventId, lastSeenAt: now() },
    });
}

/** The phone, if it was registered by a download: scans and sales name only registered phones. */
export async function deviceOf(deviceId: string, executor: Executor = db()) {
  const [device] = await executor.select().from(doorDevices).where(eq(doorDevices.id, deviceId));
  return device;
}

const ticketColumns = {
  id: tickets.id,
  version: tickets.version,
  state: tickets.state,
  typeId: tickets.ticketTypeId,
  firstName: tickets.holderFirstName,
  lastName: tickets.holderLastName,
  holderEmail: tickets.holderEmail,
  orderId: tickets.orderId,
  customerEmail: orders.customerEmail,
  orderStatus: orders.status,
};

type TicketRow = {
  id: string;
  version: number;
  state: "valid" | "void";
  typeId: string;
  firstName: string;
  lastName: string;
  holderEmail: string | null;
  orderId: string;
  customerEmail: string;
  orderStatus: string;
};

/** A ticket whose order was cancelled (the money went back) is not paid, though not voided. */
function doorState(row: TicketRow): DoorTicketState {
  if (row.state === "void") return "void";
  return row.orderStatus === "cancelled" ? "unpaid" : "valid";
}

function doorTicket(row: TicketRow, typeIndex: Map<string, number>): DoorTicket {
  return {
    id: row.id,
    version: row.version,
    state: doorState(row),
    type: typeIndex.get(row.typeId) ?? 0,
    name: `${row.firstName} ${row.lastName}`,
    email: (row.holderEmail ?? row.customerEmail).toLowerCase(),
    order: orderNumber(row.orderId),
  };
}

async function nightTypes(eventId: string, executor: Executor) {
  const rows = await executor
    .select({ id: ticketTypes.id, name: ticketTypes.name })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  return { names: rows.map((row) => row.name), index: new Map(rows.map((row, i) => [row.id, i])) };
}

const knownScanColumns = {
  seq: doorScans.seq,
  nonce: doorScans.nonce,
  ticketId: doorScans.ticketId,
  version: doorScans.version,
  direction: doorScans.direction,
  scannedAt: doorScans.scannedAt,
  deviceId: doorScans.deviceId,
  deviceName: doorDevices.name,
  staffName: user.name,
  staffEmail: user.email,
};

type KnownScanRow = {
  seq: number;
  nonce: string;
  ticketId: string;
  version: number;
  direction: "in" | "out";
  scannedAt: Date;
  deviceId: string;
  deviceName: string;
  staffName: string | null;
  staffEmail: string | null;
};

export function knownScan(row: KnownScanRow): KnownScan {
  return {
    nonce: row.nonce,
    ticketId: row.ticketId,
    version: row.version,
    direction: row.direction,
    at: row.scannedAt.getTime(),
    deviceId: row.deviceId,
    deviceName: row.deviceName,
    staffName: row.staffName || row.staffEmail || "—",
  };
}

/** The night's scans after `afterSeq` (every one for 0), oldest first, with the phone and who held it. */
export async function scansSince(eventId: string, afterSeq: number, executor: Executor = db()) {
  const rows = await executor
    .select(knownScanColumns)
    .from(doorScans)
    .innerJoin(doorDevices, eq(doorDevices.id, doorScans.deviceId))
    .leftJoin(user, eq(user.id, doorScans.userId))
    .where(and(eq(doorScans.eventId, eventId), gt(doorScans.seq, afterSeq)))
    .orderBy(asc(doorScans.seq));
  return { scans: rows.map(knownScan), lastSeq: rows.at(-1)?.seq ?? afterSeq };
}

/** One ticket's scans, for a decision (its row locked by the caller). */
export async function scansOfTicket(ticketId: string, executor: Executor) {
  const rows = await executor
    .select(knownScanColumns)
    .from(doorScans)
    .innerJoin(doorDevices, eq(doorDevices.id, doorScans.deviceId))
    .leftJoin(user, eq(user.id, doorScans.userId))
    .where(eq(doorScans.ticketId, ticketId))
    .orderBy(asc(doorScans.scannedAt), asc(doorScans.nonce));
  return rows.map(knownScan);
}

/**
 * The night's tickets as the door lists them: every ticket, those changed after `since` (ms), or the
 * one `ticketId`.
 */
export async function doorTickets(
  eventId: string,
  since: number | null,
  executor: Executor = db(),
  ticketId?: string,
) {
  const types = await nightTypes(eventId, executor);
  const changed =
    since === null
      ? undefined
      : inArray(
          tickets.id,
          executor
            .select({ id: ticketChanges.ticketId })
            .from(ticketChanges)
            .where(gt(ticketChanges.createdAt, new Date(since - COMMIT_SKEW_MS))),
        );
  const rows = await executor
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.eventId, eventId), changed, ticketId ? eq(tickets.id, ticketId) : undefined))
    .orderBy(asc(tickets.issuedAt), asc(tickets.position));
  return { types: types.names, tickets: rows.map((row) => doorTicket(row as TicketRow, types.index)) };
}

/** The public keys as the browser's WebCrypto imports them: SPKI DER in base64. */
function publicKeysSpki() {
  return ticketPublicKeys().map((key) =>
    createPublicKey(key.publicKeyPem).export({ type: "spki", format: "der" }).toString("base64"),
  );
}

/** The site's other nights sold here: a QR of one of them is INNA NOC, not FAŁSZYWY. */
async function otherNights(eventId: string, executor: Executor) {
  return executor
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.salesMode, "site"), ne(events.id, eventId)))
    .orderBy(sql`abs(extract(epoch from ${events.startsAt} - now()))`)
    .limit(20);
}

/** The phone's blocks for the night and how much of each the server has recorded as sold. */
export async function deviceBlocks(eventId: string, deviceId: string, executor: Executor = db()) {
  return executor
    .select({
      id: doorBlocks.id,
      size: doorBlocks.size,
      deviceId: doorBlocks.deviceId,
      used: sql<number>`coalesce((select sum(${doorSales.quantity}) from ${doorSales}
        where ${doorSales.blockId} = ${doorBlocks.id}), 0)::int`,
    })
    .from(doorBlocks)
    .where(
      and(
        eq(doorBlocks.eventId, eventId),
        eq(doorBlocks.deviceId, deviceId),
        sql`${doorBlocks.closedAt} is null`,
      ),
    )
    .orderBy(asc(doorBlocks.createdAt));
}

/** The whole night for a phone before doors. */
export async function downloadNight(night: DoorNightRow, deviceId: string): Promise<DoorNight> {
  const executor = db();
  const ticketsAt = now().getTime();
  const [list, known, others, blocks] = await Promise.all([
    doorTickets(night.id, null, executor),
    scansSince(night.id, 0, executor),
    otherNights(night.id, executor),
    deviceBlocks(night.id, deviceId, executor),
  ]);
  return {
    format: 1,
    night: {
      id: night.id,
      title: night.title,
      startsAt: night.startsAt.toISOString(),
      reentry: night.reentry,
      capacity: night.capacity,
      doorPrice: night.doorPrice,
    },
    publicKeys: publicKeysSpki(),
    otherNights: others,
    types: list.types,
    tickets: list.tickets,
    scans: known.scans,
    blocks,
    serverTime: ticketsAt,
    cursor: encodeCursor({ seq: known.lastSeq, ticketsAt }),
  };
}
