/** Giving back what an unpaid (or refused) checkout holds: the one place released and refunded checkouts share. */
import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { giveStockBack } from "~/modules/catalog/stock.server";
import { releaseDiscountUse } from "~/modules/discounts/discount-uses.server";
import { releaseTicketHolds } from "~/modules/tickets/ticket-sale.server";
import { type checkouts, firstOrderClaims, stockReservations } from "../../../db/schema";
/**
 * What a checkout holds goes back, inside the caller's transaction (the checkout's row locked): its
 * active stock reservations and ticket holds, its held use of a code, and an unconverted first-order claim (the buyer's
 * first order is free again for another checkout). Its own status is the caller's.
 */
export async function releaseHolds(
  tx: Executor,
  checkout: Pick<typeof checkouts.$inferSelect, "id" | "discountUseHeld" | "discountCodeId">,
) {
  const released = await tx
    .update(stockReservations)
    .set({ status: "released" })
    .where(and(eq(stockReservations.checkoutId, checkout.id), eq(stockReservations.status, "active")))
    .returning();
  await giveStockBack(tx, released);
  await releaseTicketHolds(tx, checkout.id);
  if (checkout.discountUseHeld && checkout.discountCodeId) {
    await releaseDiscountUse(tx, checkout.discountCodeId);
  }
  await tx
    .delete(firstOrderClaims)
    .where(and(eq(firstOrderClaims.checkoutId, checkout.id), isNull(firstOrderClaims.convertedAt)));
}
