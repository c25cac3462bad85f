/**
 * Voiding tickets with their money back (issue #40): the panel's void with a refund, a cancelled night,
 * the giver of a ticket sold again from the waiting list. Per order one refund of those tickets' order
 * lines at their full price (no code ever took anything off a ticket), booked in the same transaction
 * that makes them void — so a ticket is refunded exactly when it is voided, once, however many ask.
 */

import { inArray } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import type { PaymentProvider } from "~/modules/payments/payment-provider.server";
import { type VoidOptions, voidTicketsTx } from "~/modules/tickets/void-tickets.server";
import { tickets as ticketsTable } from "../../../db/schema";
import { type RefundResult, refundOrder } from "./refunds.server";

export type TicketVoid = VoidOptions & {
  ticketIds: string[];
  /** Give each ticket's price back through the payment provider. */
  refund: boolean;
  /** The refund's kind in the order's history. */
  kind?: "manual" | "cancellation";
  /**
   * Work done exactly when these tickets are voided, in the same transaction (per order with a refund):
   * a cancelled night's e-mails, so a second run that finds them void queues none.
   */
  alongside?: (tx: Executor, voided: VoidedTicket[]) => Promise<void>;
};

export type VoidedTicket = Awaited<ReturnType<typeof voidTicketsTx>>[number];

/** Voids the tickets (with their refunds when asked); one result per order refunded. */
export async function voidTickets(
  input: TicketVoid,
  options: { database?: Executor; provider?: PaymentProvider } = {},
): Promise<RefundResult[]> {
  const database = options.database ?? db();
  const rows = input.ticketIds.length
    ? await database
        .select({ id: ticketsTable.id, orderId: ticketsTable.orderId, orderItemId: ticketsTable.orderItemId })
        .from(ticketsTable)
        .where(inArray(ticketsTable.id, input.ticketIds))
    : [];
  if (!input.refund) {
    await (database as { transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> }).transaction(
      async (tx) => {
        const voided = await voidTicketsTx(tx, input.ticketIds, input);
        await input.alongside?.(tx, voided);
      },
    );
    return [];
  }
  const results: RefundResult[] = [];
  const byOrder = Map.groupBy(rows, (row) => row.orderId);
  for (const [orderId, ofOrder] of byOrder) {
    const perItem = Map.groupBy(
      ofOrder.filter((row) => row.orderItemId !== null),
      (row) => row.orderItemId as string,
    );
    results.push(
      await refundOrder(
        {
          orderId,
          lines: [...perItem].map(([orderItemId, units]) => ({ orderItemId, quantity: units.length })),
          includeDelivery: false,
          reason: input.reason,
          restock: false,
          kind: input.kind ?? "manual",
          actorId: input.actorUserId,
          alongside: async (tx) => {
            const voided = await voidTicketsTx(
              tx,
              ofOrder.map((row) => row.id),
              input,
            );
            await input.alongside?.(tx, voided);
          },
        },
        options,
      ),
    );
  }
  return results;
}
