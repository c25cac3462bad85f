/**
 * Online withdrawal ("Odstąp od umowy", issue 18): the customer files it from the order page (signed
 * in, or through the private link), the shop's mailbox and the customer get an e-mail, the panel lists
 * it until a refund closes it.
 *
 * Filing is one transaction under the order's row lock: the window and the units still withdrawable are
 * read after the lock, so two submissions at once cannot both claim the same units; the withdrawal row
 * and both e-mails (outbox) commit together or not at all.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { EmailOrderItem } from "~/emails/email-items";
import {
  renderWithdrawalConfirmation,
  renderWithdrawalReceived,
  WITHDRAWAL_MAIL_KINDS,
} from "~/emails/withdrawal-mail.server";
import { formatDateTime, formatLongDate } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { orderNumber } from "~/lib/order-number";
import { fromWarsawLocal, toWarsawLocal } from "~/lib/warsaw-time";
import { enqueueMail, kickOutbox } from "~/modules/mail/outbox.server";
import * as s from "../../../db/schema";
import { getOrderForViewer } from "./orders.server";
import { refundOrder } from "./refunds.server";
import { deliveredMessages, refundWithdrawalMessages } from "./withdrawal.schema";
import {
  checkWithdrawalLines,
  closedWindowError,
  RETURN_REFUND_DAYS,
  returnAddressOf,
  type WithdrawalView,
  withdrawableLines,
  withdrawalMessages,
  withdrawalRules,
  withdrawalWindow,
} from "./withdrawal-window";

type OrderRow = typeof s.orders.$inferSelect;
type OrderItemRow = typeof s.orderItems.$inferSelect;

/** The reason stored with the refund of a withdrawal. */
export const WITHDRAWAL_REFUND_REASON = "Odstąpienie od umowy";

export type Viewer = { token?: string | null; userId?: string | null };

/**
 * The lines a consumer may withdraw from: products only — a ticket for a night on a set date has no
 * 14-day withdrawal (art. 38 ust. 1 pkt 12 of the consumer rights act, issue #40).
 */
function itemsAsWithdrawable(items: OrderItemRow[]) {
  return items
    .filter((item) => item.ticketTypeId === null)
    .map((item) => ({
      id: item.id,
      name: item.productName,
      size: item.size,
      quantity: item.quantity,
      refundedQuantity: item.refundedQuantity,
    }));
}

async function openWithdrawalsOf(executor: Executor, orderId: string) {
  return executor
    .select()
    .from(s.withdrawals)
    .where(and(eq(s.withdrawals.orderId, orderId), eq(s.withdrawals.status, "open")))
    .orderBy(asc(s.withdrawals.createdAt));
}

/** What the order page shows of the withdrawal: whether the button is there, which lines, what was filed. */
export async function getWithdrawalView(
  order: OrderRow,
  items: OrderItemRow[],
  { database = db(), now = new Date() }: { database?: Executor; now?: Date } = {},
): Promise<WithdrawalView> {
  const open = await openWithdrawalsOf(database, order.id);
  const window = withdrawalWindow(order, now);
  const lines = withdrawableLines(itemsAsWithdrawable(items), open);
  const byId = new Map(items.map((item) => [item.id, item]));
  const returnAddress = returnAddressOf(env().site.seller);
  return {
    open: window.open,
    deadline: window.deadline ? formatLongDate(window.deadline) : null,
    closedReason: window.open ? null : window.reason,
    returnAddress,
    rules: withdrawalRules(returnAddress),
    lines: window.open
      ? lines
          .filter((line) => line.available > 0)
          .map(({ orderItemId, name, size, available }) => ({ orderItemId, name, size, available }))
      : [],
    filed: open.map((withdrawal) => ({
      id: withdrawal.id,
      createdAt: withdrawal.createdAt.toISOString(),
      createdLabel: formatDateTime(withdrawal.createdAt),
      lines: withdrawal.lines.map((line) => ({
        name: byId.get(line.orderItemId)?.productName ?? "Produkt",
        size: byId.get(line.orderItemId)?.size ?? null,
        quantity: line.quantity,
      })),
    })),
  };
}

export type FileWithdrawalInput = {
  orderId: string;
  viewer: Viewer;
  lines: { orderItemId: string; quantity: number }[];
  note: string | null;
};

/**
 * Files a withdrawal for someone allowed to see the order (its private link or its signed-in owner;
 * anyone else gets 404, as for an order that does not exist). Refuses a closed window (409), units of
 * another order or more than are left (400), units withdrawn already (409).
 */
export async function fileWithdrawal(
  input: FileWithdrawalInput,
  { database = db(), now = new Date() }: { database?: Executor; now?: Date } = {},
) {
  const found = await getOrderForViewer(input.orderId, input.viewer, database);
  if (!found) throw new DomainError(withdrawalMessages.notFound, 404);
  const settings = env();
  const id = await database.transaction(async (tx) => {
    const [order] = await tx.select().from(s.orders).where(eq(s.orders.id, input.orderId)).for("update");
    if (!order) throw new DomainError(withdrawalMessages.notFound, 404);
    const window = withdrawalWindow(order, now);
    if (!window.open) throw closedWindowError(window);
    const items = await tx
      .select()
      .from(s.orderItems)
      .where(eq(s.orderItems.orderId, order.id))
      .orderBy(asc(s.orderItems.id));
    const open = await openWithdrawalsOf(tx, order.id);
    const lines = checkWithdrawalLines(withdrawableLines(itemsAsWithdrawable(items), open), input.lines);

    const [row] = await tx
      .insert(s.withdrawals)
      .values({
        orderId: order.id,
        lines,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        note: input.note || null,
        createdAt: now,
      })
      .returning({ id: s.withdrawals.id });

    const byId = new Map(items.map((item) => [item.id, item]));
    const mailItems: EmailOrderItem[] = lines.map((line) => ({
      name: byId.get(line.orderItemId)?.productName ?? "Produkt",
      size: byId.get(line.orderItemId)?.size ?? null,
      quantity: line.quantity,
    }));
    const number = orderNumber(order.id);
    const common = {
      site: settings.site,
      orderNumber: number,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      items: mailItems,
      note: input.note || null,
      filedAt: now,
      deadline: window.deadline,
      returnAddress: returnAddressOf(settings.site.seller),
      rules: withdrawalRules(returnAddressOf(settings.site.seller)),
      refundDays: RETURN_REFUND_DAYS,
    };
    // The customer's way back to the order: the private link they used, or their account.
    const customerUrl = input.viewer.token
      ? `${settings.siteUrl}/zamowienie/${order.id}?token=${encodeURIComponent(input.viewer.token)}`
      : `${settings.siteUrl}/zamowienie/${order.id}`;
    const toShop = await renderWithdrawalReceived({
      ...common,
      orderUrl: `${settings.siteUrl}/admin/orders`,
    });
    const toCustomer = await renderWithdrawalConfirmation({ ...common, orderUrl: customerUrl });
    await enqueueMail(tx, {
      kind: WITHDRAWAL_MAIL_KINDS.received,
      to: settings.site.email,
      replyTo: order.customerEmail,
      ...toShop,
    });
    await enqueueMail(tx, {
      kind: WITHDRAWAL_MAIL_KINDS.confirmation,
      to: order.customerEmail,
      replyTo: settings.site.email,
      ...toCustomer,
    });
    return row.id;
  });
  kickOutbox();
  return { withdrawalId: id };
}

// ---------------------------------------------------------------------------------------------
// Panel
// ---------------------------------------------------------------------------------------------

export type PanelWithdrawal = {
  id: string;
  orderId: string;
  orderNumber: string;
  customerName: string | null;
  customerEmail: string;
  note: string | null;
  createdAt: string;
  lines: { orderItemId: string; name: string; size: string | null; quantity: number }[];
};

/** Open withdrawals, oldest first (the shop's 14 days run from the return: the oldest wait longest). */
export async function listOpenWithdrawals(executor: Executor = db()): Promise<PanelWithdrawal[]> {
  const rows = await executor
    .select()
    .from(s.withdrawals)
    .where(eq(s.withdrawals.status, "open"))
    .orderBy(asc(s.withdrawals.createdAt), asc(s.withdrawals.id))
    .limit(200);
  if (rows.length === 0) return [];
  const itemIds = [...new Set(rows.flatMap((row) => row.lines.map((line) => line.orderItemId)))];
  const items = itemIds.length
    ? await executor.select().from(s.orderItems).where(inArray(s.orderItems.id, itemIds))
    : [];
  const byId = new Map(items.map((item) => [item.id, item]));
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: orderNumber(row.orderId),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    lines: row.lines.map((line) => ({
      orderItemId: line.orderItemId,
      name: byId.get(line.orderItemId)?.productName ?? "Produkt",
      size: byId.get(line.orderItemId)?.size ?? null,
      quantity: line.quantity,
    })),
  }));
}

/** The orders tab's list of open withdrawals; a database failure is logged and shown as a toast. */
export async function loadOpenWithdrawals(executor: Executor = db()) {
  try {
    return { withdrawals: await listOpenWithdrawals(executor), withdrawalsError: null };
  } catch (error) {
    logger.error({ err: error }, "open withdrawals failed to load");
    return { withdrawals: [] as PanelWithdrawal[], withdrawalsError: refundWithdrawalMessages.loadFailed };
  }
}

/**
 * Refunds an open withdrawal's lines (and the delivery cost when asked) through `refundOrder`, which
 * closes the withdrawal in the same transaction as it books the refund. Admins only (the route checks).
 */
export async function refundWithdrawal(
  input: { withdrawalId: string; includeDelivery: boolean; restock: boolean; actorId: string | null },
  executor: Executor = db(),
) {
  const [withdrawal] = await executor
    .select()
    .from(s.withdrawals)
    .where(and(eq(s.withdrawals.id, input.withdrawalId), eq(s.withdrawals.status, "open")));
  if (!withdrawal) throw new DomainError(refundWithdrawalMessages.notFound, 404);
  return refundOrder(
    {
      orderId: withdrawal.orderId,
      lines: withdrawal.lines,
      includeDelivery: input.includeDelivery,
      reason: WITHDRAWAL_REFUND_REASON,
      restock: input.restock,
      kind: "withdrawal",
      actorId: input.actorId,
      withdrawalId: withdrawal.id,
    },
    { database: executor },
  );
}

/**
 * Records the day the parcel reached the customer (a Warsaw calendar date, noon stored): the
 * withdrawal window runs from it. Not in the future, not before the order, not for a cancelled order.
 */
export async function setDeliveredOn(
  orderId: string,
  deliveredOn: string,
  { database = db(), now = new Date() }: { database?: Executor; now?: Date } = {},
) {
  const instant = fromWarsawLocal(`${deliveredOn}T12:00`);
  if (!instant) throw new DomainError(deliveredMessages.date, 400, "deliveredOn");
  if (deliveredOn > toWarsawLocal(now).slice(0, 10)) {
    throw new DomainError(deliveredMessages.future, 400, "deliveredOn");
  }
  const [order] = await database.select().from(s.orders).where(eq(s.orders.id, orderId));
  if (!order) throw new DomainError(withdrawalMessages.notFound, 404);
  if (deliveredOn < toWarsawLocal(order.createdAt).slice(0, 10)) {
    throw new DomainError(deliveredMessages.beforeOrder, 400, "deliveredOn");
  }
  const [updated] = await database
    .update(s.orders)
    .set({ deliveredAt: instant, updatedAt: sql`now()` })
    .where(and(eq(s.orders.id, orderId), sql`${s.orders.status} <> 'cancelled'`))
    .returning({ id: s.orders.id });
  if (!updated) throw new DomainError(deliveredMessages.cancelled, 409);
  return { deliveredAt: instant };
}
