/**
 * Door sales ("Na bramce", issue #41, decision 041): a sale takes the night's capacity at once, in the
 * same conditional update the site's sale uses, so door and web together never pass it. Offline, a
 * phone sells only from a block the admin gave it beforehand; the block's size left the capacity when
 * it was given, and the server accepts a block's sales only up to its size.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { pluralForm } from "~/lib/polish-plural";
import { doorBlocks, doorSales, nightTickets } from "../../../db/schema";
import type { DoorNightRow } from "./door-access.server";
import { acceptBlockSales, unusedOnClose } from "./door-block";
import type { DoorSale } from "./door-types";

export const doorSaleMessages = {
  noDoorSales: "Ta noc nie sprzedaje biletów na bramce",
  full: "Brak wolnych miejsc — noc jest pełna",
  fewLeft: (left: number) => `Zostało tylko ${left} ${pluralForm(left, ["miejsce", "miejsca", "miejsc"])}`,
  unknownBlock: "Nieznana pula tego telefonu",
  overBlock: "Sprzedaż ponad przydzieloną pulę — nie zapisano",
  otherDevice: "Dane z innego telefonu",
  blockTooBig: "Pula większa niż wolne miejsca",
  blockClosed: "Ta pula jest już zamknięta",
} as const;

function capacityRefusal(left: number) {
  return left <= 0 ? doorSaleMessages.full : doorSaleMessages.fewLeft(left);
}

/** Takes `quantity` of the night's capacity, or answers what is left (nothing taken). */
async function takeCapacity(tx: Executor, eventId: string, quantity: number) {
  const [taken] = await tx
    .update(nightTickets)
    .set({ remaining: sql`${nightTickets.remaining} - ${quantity}` })
    .where(and(eq(nightTickets.eventId, eventId), sql`${nightTickets.remaining} >= ${quantity}`))
    .returning({ remaining: nightTickets.remaining });
  if (taken) return { taken: true as const, left: taken.remaining };
  const [row] = await tx
    .select({ remaining: nightTickets.remaining })
    .from(nightTickets)
    .where(eq(nightTickets.eventId, eventId));
  return { taken: false as const, left: row?.remaining ?? 0 };
}

export async function capacityLeft(eventId: string, executor: Executor = db()) {
  const [row] = await executor
    .select({ remaining: nightTickets.remaining })
    .from(nightTickets)
    .where(eq(nightTickets.eventId, eventId));
  return row?.remaining ?? 0;
}

function saleRow(night: DoorNightRow, userId: string, sale: DoorSale) {
  return {
    nonce: sale.nonce,
    eventId: night.id,
    deviceId: sale.deviceId,
    userId,
    quantity: sale.quantity,
    method: sale.method,
    // The server's price, never the phone's.
    unitPrice: night.doorPrice ?? 0,
    vatRate: night.doorVatRate,
    blockId: sale.blockId,
    soldAt: new Date(sale.at),
  };
}

async function storedNonces(tx: Executor, eventId: string, nonces: string[]) {
  if (nonces.length === 0) return new Set<string>();
  const rows = await tx
    .select({ nonce: doorSales.nonce })
    .from(doorSales)
    .where(and(eq(doorSales.eventId, eventId), inArray(doorSales.nonce, nonces)));
  return new Set(rows.map((row) => row.nonce));
}

/**
 * An online sale: the capacity taken and the sale stored in one transaction, once per nonce (a retry
 * of the same sale answers as the first did). Refused with the places left when there are too few.
 */
export async function sellAtDoor(night: DoorNightRow, userId: string, sale: DoorSale) {
  if (night.doorPrice === null) throw new DomainError(doorSaleMessages.noDoorSales, 409);
  return db().transaction(async (tx) => {
    // The sale's row first: a second request with the same nonce waits here for the first and then
    // stores nothing (and takes nothing); a refusal below rolls this row back with the transaction.
    const inserted = await tx
      .insert(doorSales)
      .values(saleRow(night, userId, { ...sale, blockId: null }))
      .onConflictDoNothing()
      .returning({ nonce: doorSales.nonce });
    if (inserted.length === 0)
      return { stored: true as const, capacityLeft: await capacityLeft(night.id, tx) };
    const take = await takeCapacity(tx, night.id, sale.quantity);
    if (!take.taken) throw new DomainError(capacityRefusal(take.left), 409);
    return { stored: true as const, capacityLeft: take.left };
  });
}

/**
 * The sales a phone recorded while offline (and any online sale it could not send), each at most once:
 * a block's sales up to its size, a sale outside a block (or of a block since closed) from the
 * capacity. Returns the nonces stored and those refused with the reason.
 */
export async function recordSyncedSales(
  night: DoorNightRow,
  userId: string,
  deviceId: string,
  sales: readonly DoorSale[],
) {
  const stored: string[] = [];
  const refused: { nonce: string; message: string }[] = [];
  if (sales.length === 0) return { stored, refused };
  if (night.doorPrice === null) {
    for (const sale of sales) refused.push({ nonce: sale.nonce, message: doorSaleMessages.noDoorSales });
    return { stored, refused };
  }
  const byBlock = new Map<string | null, DoorSale[]>();
  for (const sale of sales) {
    if (sale.deviceId !== deviceId) {
      refused.push({ nonce: sale.nonce, message: doorSaleMessages.otherDevice });
      continue;
    }
    const list = byBlock.get(sale.blockId) ?? [];
    list.push(sale);
    byBlock.set(sale.blockId, list);
  }
  for (const [blockId, list] of byBlock) {
    const result = await db().transaction((tx) =>
      blockId === null
        ? storeFromCapacity(tx, night, userId, list)
        : storeFromBlock(tx, night, userId, deviceId, blockId, list),
    );
    stored.push(...result.stored);
    refused.push(...result.refused);
  }
  return { stored, refused };
}

async function storeFromCapacity(
  tx: Executor,
  night: DoorNightRow,
  userId: string,
  sales: readonly DoorSale[],
) {
  const stored: string[] = [];
  const refused: { nonce: string; message: string }[] = [];
  const known = await storedNonces(
    tx,
    night.id,
    sales.map((sale) => sale.nonce),
  );
  const seen = new Set<string>();
  for (const sale of sales) {
    if (known.has(sale.nonce) || seen.has(sale.nonce)) {
      if (known.has(sale.nonce)) stored.push(sale.nonce);
      continue;
    }
    seen.add(sale.nonce);
    const take = await takeCapacity(tx, night.id, sale.quantity);
    if (!take.taken) {
      refused.push({ nonce: sale.nonce, message: capacityRefusal(take.left) });
      continue;
    }
    await tx.insert(doorSales).values(saleRow(night, userId, { ...sale, blockId: null }));
    stored.push(sale.nonce);
  }
  return { stored, refused };
}

async function storeFromBlock(
  tx: Executor,
  night: DoorNightRow,
  userId: string,
  deviceId: string,
  blockId: string,
  sales: readonly DoorSale[],
) {
  // The block's row locked: two syncs of one phone at once count its sales one after the other.
  const [block] = await tx
    .select()
    .from(doorBlocks)
    .where(
      and(eq(doorBlocks.id, blockId), eq(doorBlocks.eventId, night.id), eq(doorBlocks.deviceId, deviceId)),
    )
    .for("update");
  if (!block) {
    return {
      stored: [],
      refused: sales.map((sale) => ({ nonce: sale.nonce, message: doorSaleMessages.unknownBlock })),
    };
  }
  // Sold from a block the admin has since closed: its unused units went back to the capacity, so
  // these take the capacity as an online sale would.
  if (block.closedAt) return storeFromCapacity(tx, night, userId, sales);
  const known = await storedNonces(
    tx,
    night.id,
    sales.map((sale) => sale.nonce),
  );
  const [{ used }] = await tx
    .select({ used: sql<number>`coalesce(sum(${doorSales.quantity}), 0)::int` })
    .from(doorSales)
    .where(eq(doorSales.blockId, blockId));
  const fresh = sales.filter(
    (sale, index) =>
      !known.has(sale.nonce) && sales.findIndex((other) => other.nonce === sale.nonce) === index,
  );
  const { accepted, refused } = acceptBlockSales(block.size, used, fresh);
  if (accepted.length > 0) {
    await tx.insert(doorSales).values(accepted.map((sale) => saleRow(night, userId, sale)));
  }
  return {
    stored: [
      ...sales.filter((sale) => known.has(sale.nonce)).map((sale) => sale.nonce),
      ...accepted.map((s) => s.nonce),
    ],
    refused: refused.map((sale) => ({ nonce: sale.nonce, message: doorSaleMessages.overBlock })),
  };
}

/** The admin gives a phone a block of door tickets for offline sale: taken from the capacity now. */
export async function giveBlock(night: DoorNightRow, deviceId: string, size: number, adminId: string) {
  return db().transaction(async (tx) => {
    const take = await takeCapacity(tx, night.id, size);
    if (!take.taken) throw new DomainError(doorSaleMessages.blockTooBig, 409, "size");
    const [block] = await tx
      .insert(doorBlocks)
      .values({ eventId: night.id, deviceId, size, createdBy: adminId })
      .returning();
    return block;
  });
}

/** Closes a block: what its phone did not sell goes back to the capacity (once: the row is locked). */
export async function closeBlock(eventId: string, blockId: string) {
  return db().transaction(async (tx) => {
    const [block] = await tx
      .select()
      .from(doorBlocks)
      .where(and(eq(doorBlocks.id, blockId), eq(doorBlocks.eventId, eventId)))
      .for("update");
    if (!block) throw new DomainError(doorSaleMessages.unknownBlock, 404);
    if (block.closedAt) throw new DomainError(doorSaleMessages.blockClosed, 409);
    const [{ used }] = await tx
      .select({ used: sql<number>`coalesce(sum(${doorSales.quantity}), 0)::int` })
      .from(doorSales)
      .where(eq(doorSales.blockId, blockId));
    const returned = unusedOnClose(block.size, used);
    await tx
      .update(nightTickets)
      .set({ remaining: sql`least(${nightTickets.remaining} + ${returned}, ${nightTickets.capacity})` })
      .where(eq(nightTickets.eventId, eventId));
    await tx.update(doorBlocks).set({ closedAt: now(), returned }).where(eq(doorBlocks.id, blockId));
    return { returned, used };
  });
}
