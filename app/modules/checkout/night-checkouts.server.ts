/**
 * A cancelled night's open checkouts (issue #40): each one still holding its tickets is released
 * (holds and stock back, status 'cancelled'), so nothing more is paid for the night. A payment that
 * arrives for one anyway is refunded by fulfilment (the night is cancelled: its tickets are not taken
 * again).
 */
import { and, eq } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { ticketHolds } from "../../../db/schema";
import { releaseCheckout } from "./release-checkout.server";

/** Releases every open checkout with an active hold of the night's tickets; how many were released. */
export async function releaseNightCheckouts(eventId: string, database: Database = db()) {
  const holding = await database
    .selectDistinct({ checkoutId: ticketHolds.checkoutId })
    .from(ticketHolds)
    .where(and(eq(ticketHolds.eventId, eventId), eq(ticketHolds.status, "active")));
  let released = 0;
  for (const { checkoutId } of holding) {
    if (await releaseCheckout(checkoutId, "cancelled", database)) released += 1;
  }
  return released;
}
