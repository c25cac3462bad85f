/**
 * The refund e-mails, queued in the outbox inside the transaction that records what caused them: "refund
 * issued" when the provider accepted an order's refund, "automatic refund" when a payment that arrived
 * after its stock sold out is given back.
 */

import { eq } from "drizzle-orm";
import { renderRefundIssued, renderSoldOutRefund } from "~/emails/refund-mail.server";
import type { Executor } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { orderNumber } from "~/lib/order-number";
import { enqueueMail } from "~/modules/mail/outbox.server";
import { type checkouts, orders, type refunds } from "../../../db/schema";

export const REFUND_MAIL_KINDS = { issued: "refund-issued", soldOut: "sold-out-refund" } as const;

/** "Refund issued" to the order's buyer, for a refund of an order (not a sold-out payment's). */
export async function queueRefundIssuedMail(tx: Executor, refund: typeof refunds.$inferSelect) {
  if (!refund.orderId) return;
  const [order] = await tx
    .select({ id: orders.id, email: orders.customerEmail, name: orders.customerName })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (!order) return;
  const mail = await renderRefundIssued({
    site: env().site,
    customerName: order.name,
    orderNumber: orderNumber(order.id),
    amount: refund.amount,
    deliveryAmount: refund.deliveryAmount,
    items: refund.lines.map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
      amount: line.amount,
    })),
    reason: refund.reason,
    refundedAt: refund.createdAt,
  });
  await enqueueMail(tx, { kind: REFUND_MAIL_KINDS.issued, to: order.email, ...mail });
}

/** "Automatic refund" to the payer of a checkout whose stock sold out before the payment arrived. */
export async function queueSoldOutRefundMail(
  tx: Executor,
  checkout: typeof checkouts.$inferSelect,
  amount: number,
  email: string,
) {
  const mail = await renderSoldOutRefund({
    site: env().site,
    customerName: checkout.customerName,
    amount,
    items: checkout.lines.map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
      pricePerUnit: line.unitPrice,
    })),
    paidAt: checkout.paidAt ?? new Date(),
  });
  await enqueueMail(tx, { kind: REFUND_MAIL_KINDS.soldOut, to: email, ...mail });
}
