/**
 * The holders' commands on a night's "Bilety" page (issue #40 "The panel"): resend a ticket to its
 * holder, void one (with its refund or without), cancel the night (`night-cancellation.server.ts`).
 * They compose tickets, refunds and mail, so they live in orders; callers check the role first.
 */
import { and, eq } from "drizzle-orm";
import { renderTicketResend } from "~/emails/ticket-mail.server";
import { type Database, db } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { intent } from "~/lib/form-action.server";
import { orderNumber } from "~/lib/order-number";
import { checkRateLimit } from "~/lib/rate-limit.server";
import { NIGHT_ICS_ATTACHMENT, TICKET_PDF_ATTACHMENT } from "~/modules/mail/attachments";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import {
  holderMessages,
  nightCancelSchema,
  ticketResendSchema,
  ticketVoidSchema,
} from "~/modules/tickets/ticket-holders.schema";
import * as s from "../../../db/schema";
import { cancelNight } from "./night-cancellation.server";
import { voidTickets } from "./ticket-refunds.server";

export const TICKET_RESEND_MAIL_KIND = "ticket-resend";
/** At most 3 resends of one ticket per hour (a mistyped click, not a mail cannon). */
export const TICKET_RESEND_RULE = { limit: 3, windowMs: 3_600_000 } as const;

async function ticketOfNight(database: Database, eventId: string, ticketId: string) {
  const [row] = await database
    .select({ ticket: s.tickets, order: s.orders, type: s.ticketTypes, event: s.events })
    .from(s.tickets)
    .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
    .innerJoin(s.ticketTypes, eq(s.ticketTypes.id, s.tickets.ticketTypeId))
    .innerJoin(s.events, eq(s.events.id, s.tickets.eventId))
    .where(and(eq(s.tickets.id, ticketId), eq(s.tickets.eventId, eventId)));
  if (!row) throw new DomainError(holderMessages.ticketNotFound, 404);
  return row;
}

/** Sends a valid ticket's e-mail again (its PDF and the night's .ics) to its holder; logged. */
export async function resendTicket(
  input: { eventId: string; ticketId: string; actorUserId: string | null },
  database: Database = db(),
) {
  const { ticket, order, type, event } = await ticketOfNight(database, input.eventId, input.ticketId);
  if (ticket.state !== "valid") throw new DomainError(holderMessages.notValid, 409);
  const limit = await checkRateLimit(`ticket-resend:${ticket.id}`, TICKET_RESEND_RULE, { database });
  if (!limit.allowed) {
    throw new DomainError(holderMessages.resendLimit, 429, undefined, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const to = ticket.holderEmail ?? order.customerEmail;
  const mail = await renderTicketResend({
    site: env().site,
    name: ticket.holderFirstName,
    nightTitle: event.title,
    startsAt: event.startsAt,
    venue: event.venue,
    city: event.city,
    typeName: type.name,
    orderNumber: orderNumber(order.id),
  });
  await database.transaction(async (tx) => {
    await enqueueMail(tx, {
      kind: TICKET_RESEND_MAIL_KIND,
      to,
      ...mail,
      attachments: [
        { kind: TICKET_PDF_ATTACHMENT, ref: ticket.id },
        { kind: NIGHT_ICS_ATTACHMENT, ref: event.id },
      ],
    });
    await tx.insert(s.ticketChanges).values({
      ticketId: ticket.id,
      kind: "resent",
      actorUserId: input.actorUserId,
      detail: { to, version: ticket.version },
    });
  });
  kickOutbox();
  return to;
}

/** Voids one ticket of the night from the panel, its place back on sale, with its refund or not. */
export async function voidTicketFromPanel(
  input: { eventId: string; ticketId: string; reason: string; refund: boolean; actorUserId: string | null },
  options: { database?: Database; provider?: PaymentProvider } = {},
) {
  const database = options.database ?? db();
  await ticketOfNight(database, input.eventId, input.ticketId);
  const refunds = await voidTickets(
    {
      ticketIds: [input.ticketId],
      refund: input.refund,
      reason: input.reason,
      actorUserId: input.actorUserId,
      release: true,
      unlessResold: true,
      kind: "manual",
    },
    { database, provider: options.provider },
  );
  if (!input.refund) return holderMessages.voided;
  return refunds.some((refund) => refund.status === "failed")
    ? holderMessages.voidRefundFailed
    : holderMessages.voidedRefunded;
}

/** The holders' intents of /admin/events/{eventId}/tickets; the checkout's release handed in by the route. */
export function ticketHolderIntents(
  eventId: string,
  actorUserId: string,
  releaseOpenCheckouts: (eventId: string) => Promise<number>,
) {
  return {
    resend: intent({
      schema: ticketResendSchema,
      failure: holderMessages.resendFailed,
      invalid: holderMessages.invalidRequest,
      run: async ({ ticketId }) => {
        const to = await resendTicket({ eventId, ticketId, actorUserId });
        return { message: holderMessages.resent(to), ticketId, resetForm: false };
      },
    }),
    void: intent({
      schema: ticketVoidSchema,
      failure: holderMessages.voidFailed,
      run: async ({ ticketId, reason, refund }) => {
        const message = await voidTicketFromPanel({ eventId, ticketId, reason, refund, actorUserId });
        return { message, ticketId };
      },
    }),
    "cancel-night": intent({
      schema: nightCancelSchema,
      failure: holderMessages.cancelFailed,
      run: async ({ confirmTitle }) => {
        const done = await cancelNight({ eventId, confirmTitle, actorUserId }, { releaseOpenCheckouts });
        return {
          message:
            done.failed > 0
              ? holderMessages.cancelledWithFailures(done.failed)
              : holderMessages.cancelled(done.refunded),
          ...done,
        };
      },
    }),
  };
}
