/**
 * "Przekaż bilet" composed above tickets (issue #40): tickets changes the ticket, this module decides
 * who is asking — the order's private link is checked as its page checks it (`getOrderForViewer`) —
 * and queues the new holder's e-mail with the ticket's PDF and the night's .ics in the same
 * transaction (tickets imports no mail). One intent table for both pages that show a ticket.
 */
import { renderTicketTransfer, TICKET_TRANSFER_MAIL_KIND } from "~/emails/ticket-transfer-mail.server";
import { now } from "~/lib/clock.server";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { intent } from "~/lib/form-action.server";
import { clientKey, enforceRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { NIGHT_ICS_ATTACHMENT, TICKET_PDF_ATTACHMENT } from "~/modules/mail/attachments";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import { TRANSFER_INTENT, transferMessages, transferSchema } from "~/modules/tickets/transfer.schema";
import {
  type TransferActor,
  type TransferredTicket,
  transferTicket,
} from "~/modules/tickets/transfer.server";
import { getOrderForViewer } from "./orders.server";

/** Transfers a client may make: 10 per 15 minutes (each sends an e-mail to an address typed in). */
export const TRANSFER_RATE_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60_000 };

type Account = { id: string; email: string; emailVerified: boolean };

/** The new holder's e-mail, queued in the transfer's transaction; its files are made when it is sent. */
export async function queueTicketTransferMail(tx: Executor, transferred: TransferredTicket) {
  const { night, holder } = transferred;
  const mail = await renderTicketTransfer({
    site: env().site,
    firstName: holder.firstName,
    lastName: holder.lastName,
    email: holder.email,
    nightTitle: night.title,
    startsAt: night.startsAt,
    place: [night.venue, night.address, night.city].filter(Boolean).join(", "),
    typeName: transferred.typeName,
  });
  await enqueueMail(tx, {
    kind: TICKET_TRANSFER_MAIL_KIND,
    to: holder.email,
    ...mail,
    attachments: [
      { kind: TICKET_PDF_ATTACHMENT, ref: transferred.ticketId },
      { kind: NIGHT_ICS_ATTACHMENT, ref: transferred.eventId },
    ],
  });
}

/**
 * Who transfers on an order's page: its signed-in owner as an account, else the holder of its private
 * link (only the tickets its buyer still holds); null for anyone else.
 */
export async function orderPageTransferActor(
  orderId: string,
  viewer: { token: string | null; user: Account | null },
): Promise<TransferActor | null> {
  if (viewer.user && (await getOrderForViewer(orderId, { userId: viewer.user.id }))) {
    return { via: "account", account: viewer.user, orderId };
  }
  if (viewer.token && (await getOrderForViewer(orderId, { token: viewer.token }))) {
    return { via: "order-link", orderId };
  }
  return null;
}

/** The "transfer" intent for `handleFormAction`; `actor` is resolved only for a valid form. */
export function ticketTransferIntents(actor: () => Promise<TransferActor | null>, ip: string) {
  return {
    [TRANSFER_INTENT]: intent({
      schema: transferSchema,
      failure: transferMessages.failed,
      run: async ({ ticketId, firstName, lastName, email }) => {
        await enforceRateLimit(`ticket-transfer:${clientKey(ip)}`, TRANSFER_RATE_LIMIT);
        const who = await actor();
        if (!who) throw new DomainError(transferMessages.notFound, 404);
        await transferTicket(
          { ticketId, to: { firstName, lastName, email }, actor: who, now: now() },
          { notify: queueTicketTransferMail },
        );
        kickOutbox();
        return { message: transferMessages.done };
      },
    }),
  };
}
