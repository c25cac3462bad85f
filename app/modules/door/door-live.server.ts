/**
 * The night as the panel sees it (issue #41): live at the door (inside now, check-ins per 15 minutes,
 * per type and phone, door sales, capacity left, conflicts) and after it (the report: sold online per
 * type, at the door, no-shows, revenue per VAT rate). Four indexed queries by night; the counting is
 * the pure modules' (offline-scans, vat), the same the phones use.
 */
import { asc, eq, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { type VatRow, vatSplit } from "~/modules/orders/vat";
import {
  doorBlocks,
  doorDevices,
  doorSales,
  events,
  nightTickets,
  orders,
  tickets,
  ticketTypes,
  user,
} from "../../../db/schema";
import { scansSince } from "./door-night.server";
import type { DoorScan, KnownScan } from "./door-types";
import { checkInsPer15Minutes, nightPresence } from "./offline-scans";

export type DoorConflict = {
  ticketId: string;
  holder: string;
  typeName: string;
  first: KnownScan;
  second: KnownScan;
};

export type NightAtTheDoor = {
  event: { id: string; slug: string; title: string; startsAt: Date; endsAt: Date };
  settings: { reentry: boolean; doorPrice: number | null; doorVatRate: number };
  capacity: number;
  capacityLeft: number;
  /** Tickets admitted and inside now, plus people who bought at the door. */
  insideNow: number;
  admitted: number;
  checkIns: { start: number; count: number }[];
  perType: { name: string; sold: number; admitted: number; revenue: number; vatRate: number }[];
  perDevice: { id: string; name: string; staff: string; scans: number; sold: number }[];
  doorSales: { quantity: number; cash: number; card: number; revenue: number; vatRate: number };
  blocks: {
    id: string;
    deviceName: string;
    size: number;
    used: number;
    closed: boolean;
    returned: number | null;
  }[];
  conflicts: DoorConflict[];
  noShows: number;
  vat: VatRow[];
  lastScanAt: number | null;
};

const QUARTER = 15 * 60 * 1000;

/** The report's input from the night at the door, times formatted by `label`. */
export function reportOf(night: NightAtTheDoor, label: (start: number) => string) {
  return {
    title: night.event.title,
    perType: night.perType,
    doorSales: night.doorSales,
    noShows: night.noShows,
    admitted: night.admitted,
    checkIns: night.checkIns.map((bucket) => ({ label: label(bucket.start), count: bucket.count })),
    vat: night.vat,
  };
}

/** Everything the live view and the report show, or null for a night not sold here. */
export async function nightAtTheDoor(eventId: string, at: Date): Promise<NightAtTheDoor | null> {
  const executor = db();
  const [night] = await executor
    .select({
      id: events.id,
      slug: events.slug,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      capacity: sql<number>`coalesce(${nightTickets.capacity}, 0)::int`,
      remaining: sql<number>`coalesce(${nightTickets.remaining}, 0)::int`,
      reentry: sql<boolean>`coalesce(${nightTickets.reentry}, false)`,
      doorPrice: nightTickets.doorPrice,
      doorVatRate: sql<number>`coalesce(${nightTickets.doorVatRate}, 8)::int`,
    })
    .from(events)
    // A night whose sale is not set up yet has no row: it opens with nothing sold.
    .leftJoin(nightTickets, eq(nightTickets.eventId, events.id))
    .where(eq(events.id, eventId));
  if (!night) return null;
  const [known, ticketRows, saleRows, blockRows] = await Promise.all([
    scansSince(eventId, 0, executor),
    executor
      .select({
        id: tickets.id,
        typeId: tickets.ticketTypeId,
        typeName: ticketTypes.name,
        position: ticketTypes.position,
        vatRate: ticketTypes.vatRate,
        price: tickets.price,
        state: tickets.state,
        orderStatus: orders.status,
        holder: sql<string>`${tickets.holderFirstName} || ' ' || ${tickets.holderLastName}`,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(eq(tickets.eventId, eventId))
      .orderBy(asc(ticketTypes.position)),
    executor
      .select({
        deviceId: doorSales.deviceId,
        quantity: doorSales.quantity,
        method: doorSales.method,
        unitPrice: doorSales.unitPrice,
        vatRate: doorSales.vatRate,
      })
      .from(doorSales)
      .where(eq(doorSales.eventId, eventId)),
    executor
      .select({
        id: doorBlocks.id,
        deviceId: doorBlocks.deviceId,
        size: doorBlocks.size,
        closedAt: doorBlocks.closedAt,
        returned: doorBlocks.returned,
        used: sql<number>`coalesce((select sum(${doorSales.quantity}) from ${doorSales}
          where ${doorSales.blockId} = ${doorBlocks.id}), 0)::int`,
      })
      .from(doorBlocks)
      .where(eq(doorBlocks.eventId, eventId))
      .orderBy(asc(doorBlocks.createdAt)),
  ]);
  const devices = await devicesOf(eventId);
  const scans: DoorScan[] = known.scans;
  const presence = nightPresence(scans, night.reentry);
  const sold = ticketRows.filter((row) => row.state === "valid" && row.orderStatus !== "cancelled");
  const ticketOf = new Map(ticketRows.map((row) => [row.id, row]));

  const perType = new Map<string, NightAtTheDoor["perType"][number]>();
  for (const row of sold) {
    const entry = perType.get(row.typeId) ?? {
      name: row.typeName,
      sold: 0,
      admitted: 0,
      revenue: 0,
      vatRate: row.vatRate,
    };
    entry.sold += 1;
    entry.revenue += row.price;
    if (presence.admitted.has(row.id)) entry.admitted += 1;
    perType.set(row.typeId, entry);
  }

  const doorQuantity = saleRows.reduce((sum, row) => sum + row.quantity, 0);
  const doorRevenue = saleRows.reduce((sum, row) => sum + row.quantity * row.unitPrice, 0);
  const knownById = new Map(known.scans.map((scan) => [scan.nonce, scan]));
  const conflicts = presence.conflicts.map((conflict) => {
    const ticket = ticketOf.get(conflict.ticketId);
    return {
      ticketId: conflict.ticketId,
      holder: ticket?.holder ?? "—",
      typeName: ticket?.typeName ?? "—",
      first: knownById.get(conflict.first.nonce) as KnownScan,
      second: knownById.get(conflict.second.nonce) as KnownScan,
    };
  });
  const from = night.startsAt.getTime() - 2 * 60 * 60 * 1000;
  const lastScanAt = known.scans.reduce<number | null>((last, scan) => Math.max(last ?? 0, scan.at), null);
  const to = Math.max(
    from + QUARTER,
    Math.min(night.endsAt.getTime(), Math.max(at.getTime(), lastScanAt ?? 0)),
  );

  return {
    event: {
      id: night.id,
      slug: night.slug,
      title: night.title,
      startsAt: night.startsAt,
      endsAt: night.endsAt,
    },
    settings: { reentry: night.reentry, doorPrice: night.doorPrice, doorVatRate: night.doorVatRate },
    capacity: night.capacity,
    capacityLeft: night.remaining,
    insideNow: presence.inside.size + doorQuantity,
    admitted: presence.admitted.size,
    checkIns: checkInsPer15Minutes(scans, from, to),
    perType: [...perType.values()],
    perDevice: devices.map((device) => ({
      ...device,
      scans: known.scans.filter((scan) => scan.deviceId === device.id && scan.direction === "in").length,
      sold: saleRows.filter((row) => row.deviceId === device.id).reduce((sum, row) => sum + row.quantity, 0),
    })),
    doorSales: {
      quantity: doorQuantity,
      cash: saleRows.filter((row) => row.method === "cash").reduce((sum, row) => sum + row.quantity, 0),
      card: saleRows.filter((row) => row.method === "card").reduce((sum, row) => sum + row.quantity, 0),
      revenue: doorRevenue,
      vatRate: night.doorVatRate,
    },
    blocks: blockRows.map((block) => ({
      id: block.id,
      deviceName: devices.find((device) => device.id === block.deviceId)?.name ?? "—",
      size: block.size,
      used: block.used,
      closed: block.closedAt !== null,
      returned: block.returned,
    })),
    conflicts,
    noShows: sold.filter((row) => !presence.admitted.has(row.id)).length,
    vat: vatSplit([
      ...sold.map((row) => ({ gross: row.price, rate: row.vatRate })),
      ...saleRows.map((row) => ({ gross: row.quantity * row.unitPrice, rate: row.vatRate })),
    ]),
    lastScanAt,
  };
}

/** The phones that downloaded this night or recorded anything of it, with who holds each. */
async function devicesOf(eventId: string) {
  const rows = await db()
    .select({
      id: doorDevices.id,
      name: doorDevices.name,
      staff: sql<string>`coalesce(nullif(${user.name}, ''), ${user.email})`,
    })
    .from(doorDevices)
    .innerJoin(user, eq(user.id, doorDevices.userId))
    .where(
      sql`${doorDevices.id} in (select device_id from door_scans where event_id = ${eventId}
        union select device_id from door_sales where event_id = ${eventId}
        union select device_id from door_blocks where event_id = ${eventId})
        or ${doorDevices.lastEventId} = ${eventId}`,
    )
    .orderBy(asc(doorDevices.name));
  return rows;
}
