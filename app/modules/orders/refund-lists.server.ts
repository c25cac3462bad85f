/** The refunds the panel shows: an order's, and the automatic ones of payments that never became an order. */
import { and, desc, eq, isNull } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { pickColumns } from "~/lib/table-columns";
import { checkouts, type RefundKind, type RefundLine, type RefundStatus, refunds } from "../../../db/schema";

export type OrderRefundView = {
  id: string;
  kind: RefundKind;
  amount: number;
  deliveryAmount: number;
  lines: RefundLine[];
  reason: string;
  restocked: boolean;
  status: RefundStatus;
  failureReason: string | null;
  createdAt: Date;
};

/** An order's refunds, newest first. */
export async function listOrderRefunds(
  orderId: string,
  options: { database?: Executor } = {},
): Promise<OrderRefundView[]> {
  const database = options.database ?? db();
  return database
    .select(
      pickColumns(
        refunds,
        "id",
        "kind",
        "amount",
        "deliveryAmount",
        "lines",
        "reason",
        "restocked",
        "status",
        "failureReason",
        "createdAt",
      ),
    )
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

export type SoldOutRefundView = {
  id: string;
  checkoutId: string | null;
  email: string | null;
  customerName: string | null;
  amount: number;
  status: RefundStatus;
  failureReason: string | null;
  lines: { name: string; size: string | null; quantity: number }[];
  paidAt: Date | null;
  createdAt: Date;
};

/** Automatic refunds of payments that never became an order (paid after the stock was gone), newest first. */
export async function listSoldOutRefunds(
  options: { database?: Executor; limit?: number } = {},
): Promise<SoldOutRefundView[]> {
  const database = options.database ?? db();
  const rows = await database
    .select({ refund: refunds, checkout: checkouts })
    .from(refunds)
    .leftJoin(checkouts, eq(checkouts.id, refunds.checkoutId))
    .where(and(isNull(refunds.orderId), eq(refunds.kind, "sold_out")))
    .orderBy(desc(refunds.createdAt))
    .limit(options.limit ?? 50);
  return rows.map(({ refund, checkout }) => ({
    id: refund.id,
    checkoutId: refund.checkoutId,
    email: checkout?.customerEmail ?? checkout?.email ?? null,
    customerName: checkout?.customerName ?? null,
    amount: refund.amount,
    status: refund.status,
    failureReason: refund.failureReason,
    lines: (checkout?.lines ?? []).map((line) => ({
      name: line.name,
      size: line.size,
      quantity: line.quantity,
    })),
    paidAt: checkout?.paidAt ?? null,
    createdAt: refund.createdAt,
  }));
}
