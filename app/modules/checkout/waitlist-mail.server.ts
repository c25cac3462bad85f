/**
 * The waiting list's e-mails queued in the transaction of their cause (issue #40): composed here, above
 * modules/tickets, which sends no mail (the module graph), and given to it as callbacks.
 */
import {
  renderTicketOffer,
  renderTicketResold,
  renderWaitlistConfirm,
  TICKET_WAITLIST_MAIL_KINDS,
} from "~/emails/ticket-waitlist-mail.server";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { enqueueMail, type MailInput } from "~/modules/mail/outbox.server";
import type { OfferMail } from "~/modules/tickets/offers.server";
import { WAITLIST_CONFIRM_VALID_DAYS } from "~/modules/tickets/waitlist";
import type { WaitlistMail } from "~/modules/tickets/waitlist.server";

export const WAITLIST_PATHS = {
  confirm: (token: string) => `/bilety/lista/potwierdz/${encodeURIComponent(token)}`,
  offer: (token: string) => `/bilety/oferta/${encodeURIComponent(token)}`,
} as const;

/** The confirmation e-mail of a waiting-list entry, for `joinWaitlist`. */
export function waitlistConfirmationMail(input: {
  email: string;
  quantity: number;
}): WaitlistMail<MailInput> {
  return {
    render: async (token, night) => {
      const settings = env();
      const mail = await renderWaitlistConfirm({
        site: settings.site,
        email: input.email,
        nightTitle: night.title,
        quantity: input.quantity,
        confirmUrl: `${settings.siteUrl}${WAITLIST_PATHS.confirm(token)}`,
        validDays: WAITLIST_CONFIRM_VALID_DAYS,
      });
      return { kind: TICKET_WAITLIST_MAIL_KINDS.confirm, to: input.email, ...mail };
    },
    queue: (tx, mail) => enqueueMail(tx, mail),
  };
}

/** The offer's e-mail with its link, queued with the offer. */
export const queueOfferMail: OfferMail = async (tx, offer) => {
  const settings = env();
  const mail = await renderTicketOffer({
    site: settings.site,
    nightTitle: offer.nightTitle,
    startsAt: offer.startsAt.toISOString(),
    typeName: offer.typeName,
    price: offer.price,
    expiresAt: offer.expiresAt.toISOString(),
    offerUrl: `${settings.siteUrl}${WAITLIST_PATHS.offer(offer.token)}`,
  });
  await enqueueMail(tx, { kind: TICKET_WAITLIST_MAIL_KINDS.offer, to: offer.email, ...mail });
};

/** The giver's news: the ticket was bought from the list, its full price is being refunded. */
export async function queueResoldMail(
  executor: Executor,
  giver: { email: string; nightTitle: string; amount: number },
) {
  const mail = await renderTicketResold({
    site: env().site,
    nightTitle: giver.nightTitle,
    amount: giver.amount,
  });
  await enqueueMail(executor, { kind: TICKET_WAITLIST_MAIL_KINDS.resold, to: giver.email, ...mail });
}
