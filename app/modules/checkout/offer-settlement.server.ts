/**
 * The waiting list's money and moves (issue #40), composed above modules/tickets: after a checkout of
 * an offer is paid (its transaction committed, the new ticket issued, the offer 'sold'), the returned
 * ticket is voided and its buyer refunded the full price through the one money-back path
 * (`voidTickets`, orders) — exactly once: the void is a conditional update inside the refund's booking,
 * so a second caller is refused and books nothing; the offer then goes sold → refunded (also once),
 * and whoever made that change queues the giver's e-mail. A failure leaves the offer 'sold' for the
 * sweep to retry. The sweep (with the checkout sweeper, every minute) also expires offers not paid in
 * time and makes the next offers.
 */
import { eq } from "drizzle-orm";
import { type Database, db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { logger } from "~/lib/logger.server";
import { kickOutbox } from "~/modules/mail/outbox.server";
import { voidTickets } from "~/modules/orders/ticket-refunds.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import { expireOffers, makeOffers, markOfferRefunded, offersToSettle } from "~/modules/tickets/offers.server";
import { tickets } from "../../../db/schema";
import { queueOfferMail, queueResoldMail } from "./waitlist-mail.server";

async function isVoid(database: Database, ticketId: string) {
  const [ticket] = await database
    .select({ state: tickets.state })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return ticket?.state === "void";
}

export const RESOLD_REASON = "Bilet odsprzedany z listy oczekujących";

/** Refunds the givers of the sold offers (of one checkout, or every one waiting); returns how many. */
export async function settleSoldOffers(
  options: { checkoutId?: string; database?: Database; provider?: PaymentProvider } = {},
) {
  const database = options.database ?? db();
  const sold = await offersToSettle(database, options.checkoutId);
  let settled = 0;
  for (const offer of sold) {
    try {
      await voidTickets(
        {
          ticketIds: [offer.ticketId],
          refund: true,
          release: false,
          kind: "manual",
          reason: RESOLD_REASON,
          actorUserId: null,
          // The offer settled and its giver told in the transaction that voids and books the refund.
          alongside: async (tx) => {
            if (!(await markOfferRefunded(tx, offer.id))) return;
            if (offer.giverEmail)
              await queueResoldMail(tx, {
                email: offer.giverEmail,
                nightTitle: offer.nightTitle,
                amount: offer.price,
              });
            settled += 1;
          },
        },
        { database, provider: options.provider },
      );
    } catch (error) {
      // Voided already — by a concurrent run of this (which told the giver) or in the panel before the
      // sale was seen: the offer is settled, and nobody is told of a refund this run did not make.
      if (error instanceof DomainError && (await isVoid(database, offer.ticketId))) {
        await markOfferRefunded(database, offer.id);
        continue;
      }
      logger.error({ err: error, offerId: offer.id }, "refunding a ticket sold from the waiting list failed");
    }
  }
  if (settled > 0) kickOutbox();
  return settled;
}

/** The waiting list's sweep: expire what was not paid in time, refund what was sold, offer what is free. */
export async function sweepOffers(
  options: { database?: Database; provider?: PaymentProvider; now?: Date } = {},
) {
  const database = options.database ?? db();
  const now = options.now ?? new Date();
  const expired = await expireOffers(database, now);
  const settled = await settleSoldOffers({ database, provider: options.provider });
  const offered = await makeOffers(database, queueOfferMail, now);
  if (offered > 0) kickOutbox();
  return { expired, settled, offered };
}
