/**
 * Scans on the server (issue #41, decision 041). Online, the server decides: the ticket's row is
 * locked, so two phones scanning one ticket at the same instant get one WEJŚCIE and one JUŻ WESZŁO.
 * Offline scans arrive later by sync: they already happened at the door, so each is stored as it was
 * made (once per nonce, however often it is sent) and two admissions of one ticket become a conflict
 * the panel lists, never a lost record.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { publicKeyObjects } from "~/modules/tickets/ticket-check.server";
import { verifyTicketCode } from "~/modules/tickets/ticket-code";
import { doorScans, events, tickets } from "../../../db/schema";
import { type DoorNightRow, isUuid } from "./door-access.server";
import {
  decodeCursor,
  deviceOf,
  doorTickets,
  encodeCursor,
  scansOfTicket,
  scansSince,
} from "./door-night.server";
import { capacityLeft, recordSyncedSales } from "./door-sales.server";
import type {
  DoorScan,
  DoorSyncAnswer,
  DoorSyncRequest,
  DoorTicket,
  KnownScan,
  ScanAnswer,
} from "./door-types";
import { decideByTicketId, decideScan } from "./scan-decision";

export const doorScanMessages = {
  unknownDevice: "Najpierw pobierz noc na tym telefonie",
  otherDevice: "Skan z innego telefonu",
  otherNight: "Bilet innej nocy",
} as const;

/** The night a code was signed for: this one first, then the site's others (INNA NOC), else null. */
async function verifiedCode(code: string, nightId: string) {
  const publicKeys = publicKeyObjects();
  const own = verifyTicketCode(code, nightId, publicKeys);
  if (own) return { ...own, nightId };
  const others = await db()
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.salesMode, "site"), ne(events.id, nightId)));
  for (const other of others) {
    const signed = verifyTicketCode(code, other.id, publicKeys);
    if (signed) return { ...signed, nightId: other.id };
  }
  return null;
}

/**
 * The phone must be one a download registered to this account: a scan names the phone it was made on,
 * and nobody records scans or sales as another person's phone (a phone handed over downloads again).
 */
export async function requireDevice(deviceId: string, userId: string) {
  const device = await deviceOf(deviceId);
  if (!device || device.userId !== userId) throw new DomainError(doorScanMessages.unknownDevice, 409);
  return device;
}

async function lockedTicket(tx: Executor, ticketId: string, eventId: string) {
  if (!isUuid(ticketId)) return undefined;
  const [row] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.eventId, eventId)))
    .for("update");
  return row;
}

export type OnlineScan = {
  deviceId: string;
  nonce: string;
  at: number;
  direction: "in" | "out";
  code?: string;
  ticketId?: string;
};

export type OnlineScanAnswer = {
  answer: ScanAnswer;
  ticket?: DoorTicket;
  previous?: KnownScan;
  scan?: KnownScan;
};

/** The server's answer to a scan made online; a passing one is stored in the same transaction. */
export async function scanOnline(
  night: DoorNightRow,
  userId: string,
  scan: OnlineScan,
): Promise<OnlineScanAnswer> {
  await requireDevice(scan.deviceId, userId);
  const verified = scan.code === undefined ? null : await verifiedCode(scan.code, night.id);
  if (scan.code !== undefined && (!verified || verified.nightId !== night.id)) {
    return {
      answer: decideScan({
        nightId: night.id,
        verified,
        ticket: undefined,
        history: [],
        reentry: night.reentry,
        direction: scan.direction,
      }).answer,
    };
  }
  const ticketId = verified?.ticketId ?? scan.ticketId ?? "";
  return db().transaction(async (tx) => {
    // The row lock first: it is what makes two phones' scans of one ticket take turns.
    const row = await lockedTicket(tx, ticketId, night.id);
    const ticket = row ? (await doorTickets(night.id, null, tx, row.id)).tickets[0] : undefined;
    const history = row ? await scansOfTicket(row.id, tx) : [];
    const repeated = history.find((known) => known.nonce === scan.nonce);
    if (repeated) {
      return { answer: repeated.direction === "in" ? "admitted" : "exited", ticket, scan: repeated };
    }
    const decision = verified
      ? decideScan({
          nightId: night.id,
          verified,
          ticket,
          history,
          reentry: night.reentry,
          direction: scan.direction,
        })
      : decideByTicketId({ ticket, history, reentry: night.reentry, direction: scan.direction });
    if (!ticket || (decision.answer !== "admitted" && decision.answer !== "exited")) {
      return { answer: decision.answer, ticket: decision.ticket ?? ticket, previous: decision.previous };
    }
    const direction = decision.answer === "admitted" ? "in" : "out";
    await tx
      .insert(doorScans)
      .values({
        nonce: scan.nonce,
        eventId: night.id,
        ticketId: ticket.id,
        version: verified?.version ?? ticket.version,
        direction,
        scannedAt: new Date(scan.at),
        deviceId: scan.deviceId,
        userId,
        offline: false,
      })
      .onConflictDoNothing();
    const [stored] = (await scansOfTicket(ticket.id, tx)).filter((known) => known.nonce === scan.nonce);
    return { answer: decision.answer, ticket, previous: decision.previous, scan: stored };
  });
}

/** Stores a phone's offline scans (each nonce once) and sales, and answers what changed since its cursor. */
export async function syncDoor(
  night: DoorNightRow,
  userId: string,
  request: DoorSyncRequest,
): Promise<DoorSyncAnswer> {
  await requireDevice(request.deviceId, userId);
  const refused: { nonce: string; message: string }[] = [];
  const own = request.scans.filter((scan) => {
    if (scan.deviceId === request.deviceId) return true;
    refused.push({ nonce: scan.nonce, message: doorScanMessages.otherDevice });
    return false;
  });
  const stored = await storeScans(night, userId, own, refused);
  const sales = await recordSyncedSales(night, userId, request.deviceId, request.sales);
  const cursor = decodeCursor(request.cursor);
  const ticketsAt = Date.now();
  const [since, changed, left] = await Promise.all([
    scansSince(night.id, cursor?.seq ?? 0),
    cursor ? doorTickets(night.id, cursor.ticketsAt) : Promise.resolve({ tickets: [] as DoorTicket[] }),
    capacityLeft(night.id),
  ]);
  return {
    stored: [...stored, ...sales.stored],
    refused: [...refused, ...sales.refused],
    scans: since.scans,
    tickets: changed.tickets,
    cursor: encodeCursor({ seq: since.lastSeq, ticketsAt }),
    capacityLeft: left,
  };
}

/** Inserts the scans of this night's tickets once per nonce; answers every nonce now on the server. */
async function storeScans(
  night: DoorNightRow,
  userId: string,
  scans: readonly DoorScan[],
  refused: { nonce: string; message: string }[],
) {
  if (scans.length === 0) return [];
  const ids = [...new Set(scans.map((scan) => scan.ticketId))];
  const ofNight = new Set(
    (
      await db()
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(inArray(tickets.id, ids), eq(tickets.eventId, night.id)))
    ).map((row) => row.id),
  );
  const valid: DoorScan[] = [];
  const nonces = new Set<string>();
  for (const scan of scans) {
    if (!ofNight.has(scan.ticketId))
      refused.push({ nonce: scan.nonce, message: doorScanMessages.otherNight });
    else if (!nonces.has(scan.nonce)) {
      nonces.add(scan.nonce);
      valid.push(scan);
    }
  }
  if (valid.length === 0) return [];
  await db()
    .insert(doorScans)
    .values(
      valid.map((scan) => ({
        nonce: scan.nonce,
        eventId: night.id,
        ticketId: scan.ticketId,
        version: scan.version,
        direction: scan.direction,
        scannedAt: new Date(scan.at),
        deviceId: scan.deviceId,
        userId,
        offline: true,
      })),
    )
    .onConflictDoNothing();
  // A nonce already stored for another night is not this phone's scan: refused, not claimed.
  const present = await db()
    .select({ nonce: doorScans.nonce })
    .from(doorScans)
    .where(and(inArray(doorScans.nonce, [...nonces]), eq(doorScans.eventId, night.id)));
  const here = new Set(present.map((row) => row.nonce));
  for (const nonce of nonces)
    if (!here.has(nonce)) refused.push({ nonce, message: doorScanMessages.otherNight });
  return [...here];
}
