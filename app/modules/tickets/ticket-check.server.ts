/**
 * The door's answer to a scanned code (issue #40, for the door app of the next issue): the signature
 * first (offline-checkable, so anything forged or of another night is "invalid" before the database is
 * read), then the ticket's row — a code of an older version is a ticket since transferred: NIEAKTUALNY.
 */
import { createPublicKey, type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { tickets, ticketTypes } from "../../../db/schema";
import { verifyTicketCode } from "./ticket-code";
import { ticketPublicKeys } from "./ticket-keys.server";

export type TicketCheckStatus = "valid" | "outdated" | "void" | "unknown" | "invalid";

export type TicketCheck = {
  status: TicketCheckStatus;
  /** The ticket the code names (absent for a code that does not verify or names no ticket). */
  ticket?: { id: string; holder: string; typeName: string };
};

let keys: { pems: string; objects: KeyObject[] } | undefined;

/** The public keys as KeyObjects, made again only when the set of keys changes (a rotation, a test). */
export function publicKeyObjects(): KeyObject[] {
  const current = ticketPublicKeys();
  const pems = current.map((key) => key.publicKeyPem).join("\n");
  if (keys?.pems !== pems) keys = { pems, objects: current.map((key) => createPublicKey(key.publicKeyPem)) };
  return keys.objects;
}

export async function checkTicketCode(
  executor: Executor,
  code: string,
  nightId: string,
): Promise<TicketCheck> {
  const signed = verifyTicketCode(code, nightId, publicKeyObjects());
  if (!signed) return { status: "invalid" };
  const [row] = await executor
    .select({ ticket: tickets, typeName: ticketTypes.name })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(eq(tickets.id, signed.ticketId));
  // A signed code of a ticket that is not (or not of this night) in the database: never issued here.
  if (!row || row.ticket.eventId !== nightId) return { status: "unknown" };
  const ticket = {
    id: row.ticket.id,
    holder: `${row.ticket.holderFirstName} ${row.ticket.holderLastName}`,
    typeName: row.typeName,
  };
  if (row.ticket.state === "void") return { status: "void", ticket };
  if (row.ticket.version !== signed.version) return { status: "outdated", ticket };
  return { status: "valid", ticket };
}
