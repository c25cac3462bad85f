/**
 * Reads the refunds of several orders at once (one query for a page of the panel's orders or an
 * account's history), newest first, in the shape every view shows (`refund-history.ts`).
 */
import { desc, eq, inArray } from "drizzle-orm";
import { formatDateTime } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import * as s from "../../../db/schema";
import type { RefundHistoryEntry } from "./refund-history";

/**
 * The refunds of `orderIds` by order id. `withActor` adds who refunded (the admin's name) — for the
 * panel only: customers are not shown the shop's staff.
 */
export async function listRefundHistory(
  orderIds: readonly string[],
  { withActor = false }: { withActor?: boolean } = {},
  executor: Executor = db(),
): Promise<Map<string, RefundHistoryEntry[]>> {
  const byOrder = new Map<string, RefundHistoryEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await executor
    .select({ refund: s.refunds, actorName: s.user.name, actorEmail: s.user.email })
    .from(s.refunds)
    .leftJoin(s.user, eq(s.user.id, s.refunds.actorId))
    .where(inArray(s.refunds.orderId, [...orderIds]))
    .orderBy(desc(s.refunds.createdAt), desc(s.refunds.id));
  for (const { refund, actorName, actorEmail } of rows) {
    if (!refund.orderId) continue;
    const entry: RefundHistoryEntry = {
      id: refund.id,
      kind: refund.kind,
      status: refund.status,
      amount: refund.amount,
      deliveryAmount: refund.deliveryAmount,
      lines: refund.lines,
      reason: refund.reason,
      restocked: refund.restocked,
      createdAt: refund.createdAt.toISOString(),
      createdLabel: formatDateTime(refund.createdAt),
      actor: withActor ? actorName || actorEmail || null : null,
    };
    byOrder.set(refund.orderId, [...(byOrder.get(refund.orderId) ?? []), entry]);
  }
  return byOrder;
}
