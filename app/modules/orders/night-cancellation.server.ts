/**
 * Cancelling a night sold on the site (issue #40 "The panel"): the event becomes 'cancelled' (its page
 * says so and nothing more sells: the checkout refuses a cancelled night), open checkouts holding its
 * tickets are released, and every valid ticket is voided with its refund through the provider, per
 * order, by `voidTickets` — the one way a ticket's money goes back. The buyer and each other holder of
 * an order's tickets are e-mailed in the transaction that voids them, so exactly once however many runs.
 *
 * Resumable and idempotent: a run picks only valid tickets (a void one is never refunded again), two
 * runs at once meet on the tickets' conditional update (the loser's refund is not booked), and a refund
 * the provider refused (its tickets stay void) is asked again by the next run — as many units per
 * order line as the cancellation voided and no live cancellation refund covers, rechecked under the
 * order's lock so two runs never pay the same unit twice.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { renderNightCancelled } from "~/emails/ticket-mail.server";
import { type Database, db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { orderNumber } from "~/lib/order-number";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import { holderMessages, titleConfirms } from "~/modules/tickets/ticket-holders.schema";
import * as s from "../../../db/schema";
import { refundMessages } from "./refunds.schema";
import { refundOrder } from "./refunds.server";
import { type VoidedTicket, voidTickets } from "./ticket-refunds.server";

export const NIGHT_CANCELLED_MAIL_KIND = "night-cancelled";
/** The reason on the voided tickets and their refunds: how a run finds what an earlier one began. */
export const NIGHT_CANCELLED_REASON = holderMessages.cancelReason;

type CancelEvent = Pick<typeof s.events.$inferSelect, "id" | "title" | "startsAt" | "venue" | "city">;

export type NightCancellation = {
  /** Tickets voided with a refund asked for in this run (and units of earlier failed refunds asked again). */
  refunded: number;
  /** Refunds the provider refused in this run: run the cancel again to ask again. */
  failed: number;
  /** Tickets of orders never paid through a provider: voided, nothing to give back. */
  unpaid: number;
  /** Open checkouts of the night released. */
  released: number;
};

export type CancelNightInput = {
  eventId: string;
  /** The title typed as the confirmation. */
  confirmTitle: string;
  actorUserId: string | null;
};

export type CancelNightOptions = {
  database?: Database;
  provider?: PaymentProvider;
  /**
   * Releases the night's open checkouts (their holds back, nothing more paid for them): the checkout
   * module's, handed in by the caller (orders does not import checkout).
   */
  releaseOpenCheckouts: (eventId: string) => Promise<number>;
};

/** Cancels the night and refunds its tickets; safe to run again (it resumes) and twice at once. */
export async function cancelNight(
  input: CancelNightInput,
  options: CancelNightOptions,
): Promise<NightCancellation> {
  const database = options.database ?? db();
  const event = await database.transaction(async (tx) => {
    // The row lock: a payment being fulfilled reads the night's status under a share lock, so it either
    // finished before (its tickets are found below) or sees 'cancelled' and is refunded.
    const [row] = await tx.select().from(s.events).where(eq(s.events.id, input.eventId)).for("update");
    if (!row) throw new DomainError(holderMessages.ticketNotFound, 404);
    if (!titleConfirms(input.confirmTitle, row.title)) {
      throw new DomainError(holderMessages.cancelConfirmTitle, 400, "confirmTitle");
    }
    if (row.status !== "cancelled") {
      await tx
        .update(s.events)
        .set({ status: "cancelled", updatedAt: new Date() })
        .where(eq(s.events.id, row.id));
    }
    return row;
  });
  const result: NightCancellation = { refunded: 0, failed: 0, unpaid: 0, released: 0 };
  result.released = await options.releaseOpenCheckouts(event.id);

  const orderIds = await database
    .selectDistinct({ orderId: s.tickets.orderId })
    .from(s.tickets)
    .where(eq(s.tickets.eventId, event.id));
  for (const { orderId } of orderIds) {
    try {
      await retryFailedRefunds(database, options.provider, event.id, orderId, input.actorUserId, result);
      await voidOrderTickets(database, options.provider, event, orderId, input.actorUserId, result);
    } catch (error) {
      // One order's trouble does not stop the others; the next run takes it up again.
      logger.error(
        { err: error, eventId: event.id, orderId },
        "cancelling a night: an order's refund failed",
      );
      result.failed += 1;
    }
  }
  kickOutbox();
  return result;
}

/** The order's valid tickets of the night voided with their refund (a few tries: another run may race). */
async function voidOrderTickets(
  database: Executor,
  provider: PaymentProvider | undefined,
  event: CancelEvent,
  orderId: string,
  actorUserId: string | null,
  result: NightCancellation,
) {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const valid = await database
      .select({ id: s.tickets.id })
      .from(s.tickets)
      .where(
        and(eq(s.tickets.eventId, event.id), eq(s.tickets.orderId, orderId), eq(s.tickets.state, "valid")),
      );
    if (valid.length === 0) return;
    const request = {
      ticketIds: valid.map((ticket) => ticket.id),
      reason: NIGHT_CANCELLED_REASON,
      actorUserId,
      release: false,
      kind: "cancellation" as const,
    };
    try {
      const refunds = await voidTickets(
        {
          ...request,
          refund: true,
          alongside: (tx, voided) => queueCancelledMails(tx, event, orderId, voided, true),
        },
        { database, provider },
      );
      for (const refund of refunds) {
        if (refund.status === "failed") result.failed += 1;
        else result.refunded += valid.length;
      }
      return;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.status === 409) continue; // Another run voided some of them first: read again.
      if (error.message !== refundMessages.notPaid) throw error;
      // Never paid through a provider (nothing to give back): the tickets are voided all the same.
      await voidTickets(
        {
          ...request,
          refund: false,
          alongside: (tx, voided) => queueCancelledMails(tx, event, orderId, voided, false),
        },
        { database, provider },
      ).catch((inner) => {
        if (!(inner instanceof DomainError && inner.status === 409)) throw inner;
      });
      result.unpaid += valid.length;
      return;
    }
  }
  // Still refused after the tries (e.g. its lines refunded by hand meanwhile): a person must look.
  logger.error({ eventId: event.id, orderId }, "cancelling a night: an order's tickets could not be voided");
  result.failed += 1;
}

/** The night's tickets its cancellation voided. */
function voidedByCancellation(eventId: string) {
  return and(
    eq(s.tickets.eventId, eventId),
    eq(s.tickets.state, "void"),
    eq(s.tickets.voidReason, NIGHT_CANCELLED_REASON),
  );
}

/** Per order line of the night: units voided by the cancellation that no live cancellation refund pays. */
async function owedUnits(executor: Executor, eventId: string, orderId: string) {
  const voided = await executor
    .select({ orderItemId: s.tickets.orderItemId, units: sql<number>`count(*)::int` })
    .from(s.tickets)
    .where(and(voidedByCancellation(eventId), eq(s.tickets.orderId, orderId)))
    .groupBy(s.tickets.orderItemId);
  const live = await executor
    .select({ lines: s.refunds.lines })
    .from(s.refunds)
    .where(
      and(
        eq(s.refunds.orderId, orderId),
        eq(s.refunds.kind, "cancellation"),
        eq(s.refunds.reason, NIGHT_CANCELLED_REASON),
        ne(s.refunds.status, "failed"),
      ),
    );
  const paid = new Map<string, number>();
  for (const refund of live) {
    for (const line of refund.lines)
      paid.set(line.orderItemId, (paid.get(line.orderItemId) ?? 0) + line.quantity);
  }
  return voided.flatMap((row) => {
    if (!row.orderItemId) return [];
    const owed = row.units - (paid.get(row.orderItemId) ?? 0);
    return owed === 0 ? [] : [{ orderItemId: row.orderItemId, quantity: owed }];
  });
}

/** Asks again for the refunds of an earlier run that the provider refused (the tickets are void already). */
async function retryFailedRefunds(
  database: Executor,
  provider: PaymentProvider | undefined,
  eventId: string,
  orderId: string,
  actorUserId: string | null,
  result: NightCancellation,
) {
  const lines = (await owedUnits(database, eventId, orderId)).filter((line) => line.quantity > 0);
  if (lines.length === 0) return;
  try {
    const refund = await refundOrder(
      {
        orderId,
        lines,
        includeDelivery: false,
        reason: NIGHT_CANCELLED_REASON,
        restock: false,
        kind: "cancellation",
        actorId: actorUserId,
        // Under the order's lock, with this refund's row counted: another run that asked first wins.
        alongside: async (tx) => {
          if ((await owedUnits(tx, eventId, orderId)).some((line) => line.quantity < 0)) {
            throw new DomainError(refundMessages.concurrent, 409);
          }
        },
      },
      { database, provider },
    );
    if (refund.status === "failed") result.failed += 1;
    else result.refunded += lines.reduce((sum, line) => sum + line.quantity, 0);
  } catch (error) {
    if (!(error instanceof DomainError && error.status === 409)) throw error;
  }
}

/**
 * The night-cancelled e-mails of one order's voided tickets: the buyer (with the amount given back)
 * and each other holder (by e-mail, once), inside the transaction that voids them.
 */
async function queueCancelledMails(
  tx: Executor,
  event: CancelEvent,
  orderId: string,
  voided: VoidedTicket[],
  refunded: boolean,
) {
  if (voided.length === 0) return;
  const [order] = await tx
    .select({ email: s.orders.customerEmail, name: s.orders.customerName })
    .from(s.orders)
    .where(eq(s.orders.id, orderId));
  if (!order) return;
  const common = {
    site: env().site,
    nightTitle: event.title,
    startsAt: event.startsAt,
    venue: event.venue,
    city: event.city,
    orderNumber: orderNumber(orderId),
  };
  const buyer = order.email.trim().toLowerCase();
  const buyerMail = await renderNightCancelled({
    ...common,
    name: order.name,
    tickets: voided.length,
    amount: refunded ? voided.reduce((sum, ticket) => sum + ticket.price, 0) : 0,
  });
  await enqueueMail(tx, { kind: NIGHT_CANCELLED_MAIL_KIND, to: order.email, ...buyerMail });
  const holders = Map.groupBy(
    voided.filter((ticket) => ticket.holderEmail && ticket.holderEmail.trim().toLowerCase() !== buyer),
    (ticket) => (ticket.holderEmail as string).trim().toLowerCase(),
  );
  for (const [email, held] of holders) {
    const mail = await renderNightCancelled({
      ...common,
      name: `${held[0].holderFirstName}`,
      tickets: held.length,
      amount: null,
    });
    await enqueueMail(tx, { kind: NIGHT_CANCELLED_MAIL_KIND, to: email, ...mail });
  }
}

/**
 * Units of the night's cancelled tickets whose refund failed and was not asked again yet (the panel's
 * warning: run the cancel again).
 */
export async function failedCancellationUnits(eventId: string, executor: Executor = db()) {
  const orders = await executor
    .selectDistinct({ orderId: s.tickets.orderId })
    .from(s.tickets)
    .where(voidedByCancellation(eventId));
  let units = 0;
  for (const { orderId } of orders) {
    for (const line of await owedUnits(executor, eventId, orderId)) units += Math.max(0, line.quantity);
  }
  return units;
}
