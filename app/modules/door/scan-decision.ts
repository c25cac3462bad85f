/**
 * The door's answer to a scan (issue #41), the same on the phone offline and on the server online:
 * the signature (done before, by door-code or ticket-code), the night, the ticket's state and version,
 * then who is inside. Pure: the caller passes the ticket as it knows it and that ticket's scans.
 */
import type { DoorTicket, KnownScan, ScanAnswer, ScanDirection } from "./door-types";
import { PASSING_ANSWERS } from "./door-types";

export type ScanDecision = { answer: ScanAnswer; ticket?: DoorTicket; previous?: KnownScan };

type Presence = {
  /** The admission that put the ticket inside now, if it is inside. */
  insideBy?: KnownScan;
  firstAdmission?: KnownScan;
};

/** Scans in the one order every phone and the server agree on: time, then nonce. */
export function byTimeThenNonce(a: { at: number; nonce: string }, b: { at: number; nonce: string }) {
  return a.at - b.at || (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0);
}

/**
 * Walks the ticket's scans as offline-scans' nightPresence does: a second "in" while inside (two
 * phones offline) leaves the first as the one that let them in; an "out" while outside changes nothing.
 */
function presenceOf(history: readonly KnownScan[]): Presence {
  const presence: Presence = {};
  for (const scan of [...history].sort(byTimeThenNonce)) {
    if (scan.direction === "in") {
      presence.firstAdmission ??= scan;
      presence.insideBy ??= scan;
    } else presence.insideBy = undefined;
  }
  return presence;
}

/** Who is inside decides what a valid, current, paid ticket's scan answers. */
function decideByPresence(
  ticket: DoorTicket,
  history: readonly KnownScan[],
  reentry: boolean,
  direction: ScanDirection,
): ScanDecision {
  // Only this ticket's scans count, whatever the caller's index handed over.
  const presence = presenceOf(history.filter((scan) => scan.ticketId === ticket.id));
  if (reentry && direction === "out") {
    return presence.insideBy ? { answer: "exited", ticket } : { answer: "not-inside", ticket };
  }
  // No re-entry (the FAQ): whoever came in once never comes in again, even after a recorded exit;
  // the door shows that first admission (also when a conflicting later one was recorded offline).
  if (!reentry && presence.firstAdmission) {
    return { answer: "already-inside", ticket, previous: presence.firstAdmission };
  }
  if (presence.insideBy) return { answer: "already-inside", ticket, previous: presence.insideBy };
  return { answer: "admitted", ticket };
}

function decideTicketState(ticket: DoorTicket) {
  if (ticket.state === "void") return "void" as const;
  if (ticket.state === "unpaid") return "unpaid" as const;
  return null;
}

export type ScanInput = {
  nightId: string;
  /** What the signature check found: the ticket, its QR's version and the night it was signed for. */
  verified: { ticketId: string; version: number; nightId: string } | null;
  /** The ticket the door's list holds under the verified id (undefined: none). */
  ticket: DoorTicket | undefined;
  /** This ticket's state-changing scans the door knows of, in any order. */
  history: readonly KnownScan[];
  reentry: boolean;
  direction: ScanDirection;
};

/**
 * The answer to a scanned QR, checks in the order: signature, night, list, void, version,
 * payment, presence. With re-entry off an "out" scan is read as an "in" (there is no exit to record).
 */
export function decideScan({
  nightId,
  verified,
  ticket,
  history,
  reentry,
  direction,
}: ScanInput): ScanDecision {
  if (!verified) return { answer: "forged" };
  if (verified.nightId !== nightId) return { answer: "other-night" };
  // Signed by us for this night but not in its list: never issued here, so not a ticket.
  if (!ticket || ticket.id !== verified.ticketId) return { answer: "forged" };
  if (ticket.state === "void") return { answer: "void", ticket };
  if (verified.version < ticket.version) return { answer: "outdated", ticket };
  if (verified.version > ticket.version) return { answer: "forged", ticket };
  const state = decideTicketState(ticket);
  if (state) return { answer: state, ticket };
  return decideByPresence(ticket, history, reentry, direction);
}

/** The answer to a ticket found by search (no QR: the list's current version is the one at the door). */
export function decideByTicketId({
  ticket,
  history,
  reentry,
  direction,
}: Omit<ScanInput, "nightId" | "verified">): ScanDecision {
  if (!ticket) return { answer: "forged" };
  const state = decideTicketState(ticket);
  if (state) return { answer: state, ticket };
  return decideByPresence(ticket, history, reentry, direction);
}

/** Green (let through) or red. */
export function isPassing(answer: ScanAnswer): boolean {
  return PASSING_ANSWERS.includes(answer);
}
