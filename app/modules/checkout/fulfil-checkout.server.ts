/**
 * Fulfilling a checkout: when the provider says it is paid — by the verified webhook, the buyer's
 * return to /order-success or the sweep, whichever comes first — the checkout becomes an order exactly
 * once. This file composes one step per domain in one transaction: the order (orders), the stock held
 * or taken again (catalog), the discount use (discounts), the first-order claim, the cart emptied and
 * the confirmation e-mail queued. A payment whose stock is gone is refunded instead.
 */
import { and, eq, sql } from "drizzle-orm";
import { type Database, db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
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
import { orderNumber } from "~/modules/orders/order-number";
import {
  isSessionId,
  type PaymentProvider,
  type ProviderSession,
  paymentProvider,
} from "~/modules/payments/payment-provider.server";
import { checkouts, discountCodes, firstOrderClaims, stockReservations } from "../../../db/schema";
import { PaidNeedsRefundError, UnknownCheckoutError } from "./checkout-errors";
import { queueOrderConfirmation } from "./order-mail.server";
import { refundSoldOutCheckout } from "./sold-out-refund.server";

export type FulfilledOrder = CheckoutOrder & { created: boolean };

/**
 * Turns a paid checkout into an order, once. Creates the order and its items from the priced snapshot,
 * converts the reservations into the sale, records the discount use, links the account, and queues the
 * confirmation e-mail — in one transaction. A repeat (webhook replay, reload) returns the same order.
 * A payment whose stock is gone is marked and refunded in full automatically (once), then reported by
 * PaidNeedsRefundError carrying the refund: the event was handled, nothing for a retry to change.
 */
export async function fulfilCheckout(
  checkoutId: string,
  payment: ProviderSession,
  database: Database = db(),
  provider?: PaymentProvider,
): Promise<FulfilledOrder> {
  try {
    return await fulfilOnce(checkoutId, payment, database);
  } catch (error) {
    if (error instanceof PaidNeedsRefundError) {
      await markPaidNeedsRefund(checkoutId, payment, database);
      error.refund = await refundSoldOutCheckout(checkoutId, payment, { database, provider });
    }
    throw error;
  }
}

/**
 * Keeps the fact that money came in for a checkout that cannot become an order (its stock sold after
 * the reservation was given back): status 'paid', marked 'paid_stock_gone' for the panel and a refund.
 */
async function markPaidNeedsRefund(checkoutId: string, payment: ProviderSession, database: Database) {
  await database
    .update(checkouts)
    .set({
      status: "paid",
      paidAt: sql`coalesce(${checkouts.paidAt}, now())`,
      needsAttention: "paid_stock_gone",
      customerEmail: payment.email?.trim().toLowerCase() ?? checkouts.customerEmail,
      providerPaymentId: payment.paymentId ?? checkouts.providerPaymentId,
      discountUseHeld: false,
      updatedAt: new Date(),
    })
    .where(eq(checkouts.id, checkoutId));
  logger.error({ checkoutId }, "paid checkout whose stock is gone: marked paid_stock_gone, refunding it");
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
    if (checkout.needsAttention === "paid_stock_gone") throw new PaidNeedsRefundError(checkoutId);

    if (checkout.status !== "open" && checkout.status !== "paid") {
      // Paid after its reservation was given back (a very late payment): take the stock again if it
      // is still there; never sell what is not.
      await takeStock(tx, checkout.lines, { refuse: () => new PaidNeedsRefundError(checkoutId) });
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

    const email = (payment.email ?? checkout.email ?? "").trim().toLowerCase();
    if (!email) throw new Error(`checkout ${checkoutId} has no e-mail`);
    const firstOrderProblem = await confirmFirstOrderClaim(tx, checkout, email);
    const { order, items, accessToken } = await createOrderFromCheckout(tx, checkout, payment, email);
    await tx
      .update(stockReservations)
      .set({ status: "converted" })
      .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, "active")));
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
        needsAttention: firstOrderProblem ?? checkout.needsAttention,
        updatedAt: new Date(),
      })
      .where(eq(checkouts.id, checkoutId));
    await queueOrderConfirmation(tx, { order, items, accessToken });
    return { orderId: order.id, orderNumber: orderNumber(order.id), email, created: true };
  });
}

/**
 * The first-order rule again at fulfilment. The claim taken at reservation is converted (kept for
 * good). A checkout released before it was paid lost its claim: it is taken again if the buyer is
 * still first; if not, the order is still created at the price paid (decision 016: the money is
 * taken, and nobody else could use that buyer's promise meanwhile), logged and marked for the panel.
 */
async function confirmFirstOrderClaim(
  tx: Executor,
  checkout: typeof checkouts.$inferSelect,
  email: string,
): Promise<string | null> {
  if (!checkout.discountCodeId) return null;
  const converted = await tx
    .update(firstOrderClaims)
    .set({ convertedAt: new Date() })
    .where(eq(firstOrderClaims.checkoutId, checkout.id))
    .returning({ id: firstOrderClaims.id });
  if (converted.length > 0) return null;
  const [code] = await tx
    .select({ firstOrderOnly: discountCodes.firstOrderOnly })
    .from(discountCodes)
    .where(eq(discountCodes.id, checkout.discountCodeId));
  if (!code?.firstOrderOnly) return null;
  const claimEmail = checkout.email ?? email;
  const stillFirst = !(await hasPreviousOrder(tx, { userId: checkout.userId, email: claimEmail }));
  const claimed = stillFirst
    ? await tx
        .insert(firstOrderClaims)
        .values({
          checkoutId: checkout.id,
          emailKey: firstOrderEmailKey(claimEmail),
          userId: checkout.userId,
          convertedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: firstOrderClaims.id })
    : [];
  if (claimed.length === 1) return null;
  logger.error(
    { checkoutId: checkout.id },
    "first-order code paid by a buyer who is no longer first: order kept at the price paid",
  );
  return "first_order_not_first";
}

export type SessionOutcome =
  | { kind: "order"; order: FulfilledOrder }
  /** Paid after the products sold out: no order, the whole amount is being given back. */
  | { kind: "refunded"; amount: number; email: string | null }
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
  const refunded = { kind: "refunded", amount: checkout.total, email: checkout.email } as const;
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
    return { ...refunded, amount: error.refund.amount, email: session.email ?? checkout.email };
  }
}
