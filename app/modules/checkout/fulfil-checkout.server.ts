/**
 * Fulfilling a checkout: when the provider says it is paid — by the verified webhook, the buyer's
 * return to /order-success or the sweep, whichever comes first — the checkout becomes an order exactly
 * once. This file composes one step per domain in one transaction: the order (orders), the stock held
 * or taken again (catalog), the discount use (discounts), the first-order claim, the cart emptied and
 * the confirmation e-mail queued. A payment whose stock is gone, that would take a customer past a
 * product's "max N per customer", or that used a first-order code of an address that has ordered
 * (decision 037), is refunded instead.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { orderNumber } from "~/lib/order-number";
import { emptyCart } from "~/modules/cart/cart-store.server";
import { takeStock } from "~/modules/catalog/stock.server";
import { firstOrderEmailKey } from "~/modules/discounts/discount";
import { hasPreviousOrder } from "~/modules/discounts/discount-codes.server";
import { holdDiscountUse, recordDiscountUse } from "~/modules/discounts/discount-uses.server";
import {
  type CheckoutOrder,
  createOrderFromCheckout,
  findOrderForCheckout,
} from "~/modules/orders/create-order.server";
import {
  isSessionId,
  type PaymentProvider,
  type ProviderSession,
  paymentProvider,
} from "~/modules/payments/payment-provider.server";
import { convertTicketHolds, issueTickets, retakeTickets } from "~/modules/tickets/issue-tickets.server";
import { sellOffers } from "~/modules/tickets/offers.server";
import { checkouts, discountCodes, events, firstOrderClaims, stockReservations } from "../../../db/schema";
import { PaidNeedsRefundError, UnknownCheckoutError } from "./checkout-errors";
import { releaseHolds } from "./checkout-holds.server";
import { isRefundedMark, type RefundedMark } from "./customer-limit";
import { paidOverLimit } from "./customer-limit.server";
import { settleSoldOffers } from "./offer-settlement.server";
import { queueOrderConfirmation } from "./order-mail.server";
import { refundSoldOutCheckout } from "./sold-out-refund.server";

export type FulfilledOrder = CheckoutOrder & { created: boolean };

/**
 * Turns a paid checkout into an order, once. Creates the order and its items from the priced snapshot,
 * converts the reservations into the sale, records the discount use, links the account, and queues the
 * confirmation e-mail — in one transaction. A repeat (webhook replay, reload) returns the same order.
 * A payment whose stock is gone, or stopped by the address's history (a per-customer limit, a used
 * first-order promise), is marked and refunded in full automatically (once), then reported by
 * PaidNeedsRefundError carrying the refund: the event was handled, nothing for a retry to change.
 */
export async function fulfilCheckout(
  checkoutId: string,
  payment: ProviderSession,
  database: Database = db(),
  provider?: PaymentProvider,
): Promise<FulfilledOrder> {
  try {
    const fulfilled = await fulfilOnce(checkoutId, payment, database);
    // A ticket bought from the waiting list: its giver's refund runs its own transactions and asks the
    // provider, so only after the order's commit; exactly once by the offer's state (a replay, the
    // sweep). A failure leaves the offer 'sold' for the sweep to retry.
    await settleSoldOffers({ checkoutId, database, provider }).catch((error: unknown) => {
      logger.error({ err: error, checkoutId }, "settling the waiting list's offers failed");
    });
    return fulfilled;
  } catch (error) {
    if (error instanceof PaidNeedsRefundError) {
      await markPaidNeedsRefund(checkoutId, payment, database, error.mark);
      error.refund = await refundSoldOutCheckout(checkoutId, payment, { database, provider });
    }
    throw error;
  }
}

/**
 * Keeps the fact that money came in for a checkout that cannot become an order: status 'paid', marked
 * for the panel and a refund — 'paid_stock_gone' (its stock sold after the reservation was given back),
 * 'paid_over_limit' or 'paid_not_first' (the address's own history, decision 037). What the checkout
 * still holds goes back in the same transaction (such a payment usually arrives while its reservation
 * is active): stock, the code's use, an unconverted first-order claim.
 */
async function markPaidNeedsRefund(
  checkoutId: string,
  payment: ProviderSession,
  database: Database,
  mark: RefundedMark,
) {
  await database.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    if (!checkout) return;
    await releaseHolds(tx, checkout);
    await tx
      .update(checkouts)
      .set({
        status: "paid",
        paidAt: sql`coalesce(${checkouts.paidAt}, now())`,
        // A mark set first stays (a replay finds it and refunds by it).
        needsAttention: isRefundedMark(checkout.needsAttention) ? checkout.needsAttention : mark,
        customerEmail: payment.email?.trim().toLowerCase() ?? checkouts.customerEmail,
        providerPaymentId: payment.paymentId ?? checkouts.providerPaymentId,
        discountUseHeld: false,
        updatedAt: new Date(),
      })
      .where(eq(checkouts.id, checkoutId));
  });
  // Stock gone is the shop's failure; a rule's refund is the rule working.
  const log = mark === "paid_stock_gone" ? logger.error.bind(logger) : logger.warn.bind(logger);
  log({ checkoutId, mark }, "paid checkout that cannot become an order: marked, refunding it");
}

async function fulfilOnce(
  checkoutId: string,
  payment: ProviderSession,
  database: Database,
): Promise<FulfilledOrder> {
  return database.transaction(async (tx) => {
    // The row lock serialises a webhook and a return arriving at the same moment.
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    if (!checkout) throw new UnknownCheckoutError(checkoutId);
    const existing = await findOrderForCheckout(tx, checkoutId);
    if (existing) return { ...existing, created: false };
    if (payment.status !== "paid") throw new Error(`checkout ${checkoutId} is not paid (${payment.status})`);
    if (isRefundedMark(checkout.needsAttention)) {
      throw new PaidNeedsRefundError(checkoutId, checkout.needsAttention);
    }
    // "Max N per customer" at payment (decision 037): the customer's orders by address, account or
    // browser, under the limit's locks. Before the stock is taken again, so a refused late payment takes
    // nothing.
    const email = (payment.email ?? checkout.email ?? "").trim().toLowerCase();
    if ((await paidOverLimit(tx, checkout, email)).length > 0) {
      throw new PaidNeedsRefundError(checkoutId, "paid_over_limit");
    }

    // A night cancelled while its buyer paid (its holds still active): no tickets for it, the money
    // back. Under a share lock of the night's row, which the cancel updates: one of the two goes first.
    if (await hasCancelledNight(tx, checkout.ticketLines)) throw new PaidNeedsRefundError(checkoutId);

    if (checkout.status !== "open" && checkout.status !== "paid") {
      // Paid after its reservation was given back (a very late payment): take the stock again if it
      // is still there; never sell what is not.
      await takeStock(tx, checkout.lines, { refuse: () => new PaidNeedsRefundError(checkoutId) });
      if (checkout.lines.length > 0) {
        await tx.insert(stockReservations).values(
          checkout.lines.map((line) => ({
            checkoutId,
            productId: line.productId,
            variantId: line.variantId,
            quantity: line.quantity,
            status: "converted" as const,
            expiresAt: new Date(),
          })),
        );
      }
      await retakeTickets(
        tx,
        checkoutId,
        checkout.ticketLines,
        new Date(),
        () => new PaidNeedsRefundError(checkoutId),
      );
    }

    if (!email) throw new Error(`checkout ${checkoutId} has no e-mail`);
    await confirmFirstOrderClaim(tx, checkout, email);
    const { order, items, accessToken } = await createOrderFromCheckout(tx, checkout, payment, email);
    await tx
      .update(stockReservations)
      .set({ status: "converted" })
      .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, "active")));
    await convertTicketHolds(tx, checkoutId);
    // An offer's ticket: the offer must still be this checkout's (else it went to the next in line).
    if (!(await sellOffers(tx, checkoutId, checkout.ticketLines))) {
      throw new PaidNeedsRefundError(checkoutId);
    }
    const issued = await issueTickets(tx, order, items, checkout.ticketLines);
    if (checkout.cartId) await emptyCart(tx, checkout.cartId);
    if (checkout.discountCodeId) {
      if (!checkout.discountUseHeld) {
        // Released before payment: take the use again, within the limit (the order is made either way:
        // the money is in).
        await holdDiscountUse(tx, checkout.discountCodeId, { onlyActive: false });
      }
      await recordDiscountUse(tx, {
        codeId: checkout.discountCodeId,
        orderId: order.id,
        userId: checkout.userId,
        email,
        discountAmount: checkout.discountAmount,
      });
    }
    await tx
      .update(checkouts)
      .set({
        status: "paid",
        paidAt: checkout.paidAt ?? new Date(),
        providerPaymentId: payment.paymentId ?? checkout.providerPaymentId,
        discountUseHeld: false,
        customerEmail: email,
        updatedAt: new Date(),
      })
      .where(eq(checkouts.id, checkoutId));
    await queueOrderConfirmation(tx, { order, items, accessToken, tickets: issued });
    return { orderId: order.id, orderNumber: orderNumber(order.id), email, created: true };
  });
}

/** Whether a night of the checkout's tickets is cancelled (its rows share-locked). */
async function hasCancelledNight(tx: Executor, lines: readonly { eventId: string }[]) {
  if (lines.length === 0) return false;
  const nights = await tx
    .select({ status: events.status })
    .from(events)
    .where(inArray(events.id, [...new Set(lines.map((line) => line.eventId))].sort()))
    .for("share");
  return nights.some((night) => night.status === "cancelled");
}

/**
 * The first-order rule at fulfilment. A claim taken at reservation under the address (a verified
 * owner's) is converted and kept for good. Otherwise the address is decided now (decision 037): a typed
 * address, an unverified account's placeholder claim, or a checkout released before it was paid. The
 * claim is taken under the address's key if the buyer is still first; if not (the address ordered, or
 * another checkout holds its claim), the payment is refunded in full automatically and the address
 * alone is told why — no order at a price the buyer was not entitled to, no surcharge.
 */
async function confirmFirstOrderClaim(tx: Executor, checkout: typeof checkouts.$inferSelect, email: string) {
  if (!checkout.discountCodeId) return;
  const claimEmail = checkout.email ?? email;
  const key = firstOrderEmailKey(claimEmail);
  const [claim] = await tx
    .select()
    .from(firstOrderClaims)
    .where(eq(firstOrderClaims.checkoutId, checkout.id));
  if (claim?.emailKey === key) {
    await tx
      .update(firstOrderClaims)
      .set({ convertedAt: new Date() })
      .where(eq(firstOrderClaims.id, claim.id));
    return;
  }
  if (!claim) {
    const [code] = await tx
      .select({ firstOrderOnly: discountCodes.firstOrderOnly })
      .from(discountCodes)
      .where(eq(discountCodes.id, checkout.discountCodeId));
    if (!code?.firstOrderOnly) return;
  } else {
    // The account's placeholder gives way to the address's own key.
    await tx.delete(firstOrderClaims).where(eq(firstOrderClaims.id, claim.id));
  }
  const stillFirst = !(await hasPreviousOrder(tx, { userId: checkout.userId, email: claimEmail }));
  const claimed = stillFirst
    ? await tx
        .insert(firstOrderClaims)
        .values({ checkoutId: checkout.id, emailKey: key, userId: checkout.userId, convertedAt: new Date() })
        .onConflictDoNothing()
        .returning({ id: firstOrderClaims.id })
    : [];
  if (claimed.length !== 1) throw new PaidNeedsRefundError(checkout.id, "paid_not_first");
}

export type SessionOutcome =
  | { kind: "order"; order: FulfilledOrder }
  /**
   * No order, the whole amount is being given back: paid after the products sold out, or stopped by a
   * rule about the address's history (its e-mail alone says which, decision 037).
   */
  | { kind: "refunded"; amount: number; email: string | null; soldOut: boolean }
  | { kind: "unpaid"; status: ProviderSession["status"] }
  | { kind: "unknown" };

/** The return to /order-success and the sweep: ask the provider, then fulfil if paid. */
export async function fulfilBySessionId(
  sessionId: string,
  options: { provider?: PaymentProvider; database?: Database } = {},
): Promise<SessionOutcome> {
  if (!isSessionId(sessionId)) return { kind: "unknown" };
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();
  const [checkout] = await database
    .select({
      id: checkouts.id,
      needsAttention: checkouts.needsAttention,
      total: checkouts.total,
      email: checkouts.customerEmail,
    })
    .from(checkouts)
    .where(eq(checkouts.providerSessionId, sessionId));
  if (!checkout) return { kind: "unknown" };
  const existing = await findOrderForCheckout(database, checkout.id);
  if (existing) return { kind: "order", order: { ...existing, created: false } };
  const session = await provider.retrieveSession(sessionId);
  if (!session) return { kind: "unknown" };
  if (session.status !== "paid") return { kind: "unpaid", status: session.status };
  try {
    return { kind: "order", order: await fulfilCheckout(checkout.id, session, database, provider) };
  } catch (error) {
    // Refunded automatically: the buyer is told so. Without a refund (no payment id) it stays an error.
    if (!(error instanceof PaidNeedsRefundError) || !error.refund) throw error;
    return {
      kind: "refunded",
      amount: error.refund.amount,
      email: session.email ?? checkout.email,
      soldOut: error.mark === "paid_stock_gone",
    };
  }
}
