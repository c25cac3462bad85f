/**
 * Checkout: the server prices the cart, reserves stock and a discount use in one transaction, opens a
 * payment session, and fulfils the order exactly once when the provider says it is paid — whichever
 * of the webhook and the buyer's return comes first. Expired or cancelled sessions give everything back.
 */

import { randomBytes } from "node:crypto";
import { and, count, eq, gt, isNull, lt, min, or, sql } from "drizzle-orm";
import { type Database, db, type Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { CheckoutRequest } from "~/modules/cart/cart.schema";
import { emptyCart, sweepAbandonedCarts } from "~/modules/cart/cart-store.server";
import { priceCartLines, saleFreeSubtotal } from "~/modules/cart/pricing.server";
import { giveStockBack, takeStock } from "~/modules/catalog/stock.server";
import {
  firstOrderEmailKey,
  firstOrderEmailMessage,
  firstOrderOnlyMessage,
} from "~/modules/discounts/discount";
import { hasPreviousOrder, validateDiscountCode } from "~/modules/discounts/discount-codes.server";
import { orderNumber } from "~/modules/orders/order-number";
import { hashToken } from "~/modules/orders/orders.server";
import {
  isSessionId,
  type PaymentProvider,
  type ProviderSession,
  paymentProvider,
} from "~/modules/payments/payment-provider.server";
import {
  type CheckoutLine,
  checkouts,
  discountCodes,
  discountCodeUsages,
  firstOrderClaims,
  orderItems,
  orders,
  stockReservations,
} from "../../../db/schema";
import {
  type CheckoutClient,
  limitedCodeHeldMessage,
  OPEN_CHECKOUTS_PER_BUYER,
  TOO_MANY_OPEN_CHECKOUTS_MESSAGE,
} from "./checkout-limits.server";
import { type PricedCheckout, priceCheckout } from "./checkout-pricing";
import { checkCustomerLimits } from "./customer-limit.server";
import { queueOrderConfirmation } from "./order-mail.server";
import { refundSoldOutCheckout, type SoldOutRefund } from "./sold-out-refund.server";

/** How long stock and a discount use are held while the buyer pays (matches Stripe's `expires_at`). */
export const RESERVATION_MINUTES = 30;
/** Extra time before the sweep releases an expired checkout, for late webhooks. */
export const SWEEP_GRACE_MINUTES = 5;

export const PAYMENT_UNAVAILABLE = {
  title: "Błąd płatności",
  message: "Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.",
};

/** A refusal the buyer sees (HTTP status + Polish message); nothing was reserved. */
export class CheckoutError extends Error {
  constructor(
    readonly status: 400 | 409 | 429 | 502,
    message: string,
    readonly productId?: string,
    readonly details: {
      /** The discount code was refused (counts as a failed code check). */
      discountRefused?: boolean;
      /** The field the buyer must fix (the cart's e-mail for a first-order code). */
      field?: "email";
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
  }
}

/** A verified payment names a checkout this shop does not have. */
export class UnknownCheckoutError extends Error {
  constructor(readonly checkoutId: string) {
    super(`checkout ${checkoutId} not found`);
  }
}

/** A payment that arrived for a checkout that cannot become an order as paid; refunded automatically. */
export class PaidNeedsRefundError extends Error {
  /** The automatic refund (null when it could not be made: no payment id known). */
  refund: SoldOutRefund | null = null;
  constructor(readonly checkoutId: string) {
    super(`checkout ${checkoutId} paid after release and stock is gone`);
  }
}

export type Buyer = { id: string; email: string } | null;

/** The e-mail a checkout is for: the account's, else the one a guest gave in the cart (lower case). */
export function checkoutEmail(request: Pick<CheckoutRequest, "email">, buyer: Buyer) {
  const email = buyer?.email ?? request.email ?? null;
  return email ? email.trim().toLowerCase() : null;
}

export type PricedRequest = PricedCheckout & { firstOrderOnly: boolean };

function unavailableMessage(name: string) {
  return `Produkt „${name}” nie jest już dostępny w wybranej ilości. Zmień ilość lub usuń go z koszyka.`;
}

/** Prices the request from the database and applies the discount; throws CheckoutError on refusal. */
export async function priceRequest(
  request: CheckoutRequest,
  buyer: Buyer,
  executor: Executor = db(),
): Promise<PricedRequest> {
  const quoted = await priceCartLines(executor, request.lines);
  const lines: CheckoutLine[] = [];
  for (const line of quoted) {
    if (line.releaseAt) throw new CheckoutError(409, line.problem ?? "", line.productId);
    if (line.status !== "ok") throw new CheckoutError(409, unavailableMessage(line.name), line.productId);
    lines.push({
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      slug: line.slug,
      size: line.size,
      color: line.color,
      image: line.image,
      unitPrice: line.unitPrice,
      // Bought at a sale price: the order line records the regular price and the 30-day lowest too.
      ...(line.sale ? { regularUnitPrice: line.sale.regular, lowestPriorPrice: line.sale.lowestPrior } : {}),
      quantity: line.quantity,
    });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  let discount = null;
  let firstOrderOnly = false;
  if (request.discountCode) {
    const email = checkoutEmail(request, buyer);
    const check = await validateDiscountCode(executor, {
      code: request.discountCode,
      subtotal,
      saleFreeSubtotal: saleFreeSubtotal(quoted),
      userId: buyer?.id ?? null,
      email,
    });
    if (!check.valid) throw new CheckoutError(400, check.message, undefined, { discountRefused: true });
    // A first order is known only by its e-mail: a guest gives it before the payment page.
    if (check.firstOrderOnly && !email) {
      throw new CheckoutError(400, firstOrderEmailMessage(check.code), undefined, {
        discountRefused: true,
        field: "email",
      });
    }
    firstOrderOnly = check.firstOrderOnly;
    discount = {
      discountCodeId: check.discountCodeId,
      code: check.code,
      discountAmount: check.discountAmount,
      freeShipping: check.freeShipping,
    };
  }
  return { ...priceCheckout({ lines, discount, deliveryMethod: request.deliveryMethod }), firstOrderOnly };
}

export type StartedCheckout = { checkoutId: string; url: string; priced: PricedCheckout };

/**
 * Releases the open, unpaid checkouts of this buyer (same account or same browser): a buyer who
 * returns to the cart and starts again replaces the previous attempt instead of holding two.
 */
async function releaseBuyersOpenCheckouts(
  client: CheckoutClient,
  database: Database,
  provider: PaymentProvider,
) {
  const same = [];
  if (client.userId) same.push(eq(checkouts.userId, client.userId));
  if (client.browser) same.push(eq(checkouts.clientBrowser, client.browser));
  if (same.length === 0) return;
  const previous = await database
    .select({ id: checkouts.id, sessionId: checkouts.providerSessionId })
    .from(checkouts)
    .where(and(eq(checkouts.status, "open"), isNull(checkouts.paidAt), or(...same)))
    .limit(20);
  for (const checkout of previous) {
    if ((await releaseCheckout(checkout.id, "cancelled", database)) && checkout.sessionId) {
      await provider.expireSession(checkout.sessionId).catch((error: unknown) => {
        logger.warn({ err: error, checkoutId: checkout.id }, "replaced checkout's session not expired");
      });
    }
  }
}

/**
 * The per-client caps, inside the reservation's transaction: an advisory lock per IP (and per buyer)
 * serialises that client's starts, so the count of open checkouts cannot be raced past.
 */
async function enforceOpenCaps(
  tx: Executor,
  client: CheckoutClient,
  cap: number,
  now: Date,
  priced: PricedCheckout,
) {
  const scopes: { lock: string; where: ReturnType<typeof eq>; cap: number }[] = [
    { lock: `checkout-ip:${client.ip}`, where: eq(checkouts.clientIp, client.ip), cap },
  ];
  if (client.userId) {
    const where = eq(checkouts.userId, client.userId);
    scopes.push({ lock: `checkout-user:${client.userId}`, where, cap: OPEN_CHECKOUTS_PER_BUYER });
  } else if (client.browser) {
    const where = eq(checkouts.clientBrowser, client.browser);
    scopes.push({ lock: `checkout-browser:${client.browser}`, where, cap: OPEN_CHECKOUTS_PER_BUYER });
  }
  for (const scope of scopes) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${scope.lock}))`);
    const [open] = await tx
      .select({ n: count(), soonest: min(checkouts.expiresAt) })
      .from(checkouts)
      .where(
        and(
          scope.where,
          eq(checkouts.status, "open"),
          isNull(checkouts.paidAt),
          gt(checkouts.expiresAt, now),
        ),
      );
    if (open.n >= scope.cap) {
      const soonest = open.soonest ? new Date(open.soonest).getTime() : now.getTime() + 60_000;
      throw new CheckoutError(429, TOO_MANY_OPEN_CHECKOUTS_MESSAGE, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)),
      });
    }
  }
  // A code with a limited number of uses is held by one unpaid checkout per address at a time, so
  // one client cannot use up a promotion by opening checkouts it never pays (the IP lock is held).
  if (priced.discountCodeId) {
    const [code] = await tx
      .select({ maxUses: discountCodes.maxUses })
      .from(discountCodes)
      .where(eq(discountCodes.id, priced.discountCodeId));
    if (code?.maxUses != null) {
      const [holding] = await tx
        .select({ n: count(), soonest: min(checkouts.expiresAt) })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.clientIp, client.ip),
            eq(checkouts.discountCodeId, priced.discountCodeId),
            eq(checkouts.discountUseHeld, true),
            eq(checkouts.status, "open"),
            gt(checkouts.expiresAt, now),
          ),
        );
      if (holding.n > 0) {
        const soonest = holding.soonest ? new Date(holding.soonest).getTime() : now.getTime() + 60_000;
        throw new CheckoutError(429, limitedCodeHeldMessage(priced.discountCode ?? ""), undefined, {
          retryAfterSeconds: Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)),
        });
      }
    }
  }
}

/**
 * Starts a checkout: price, reserve (stock, one use of the code, the buyer's first-order claim), open
 * the payment session. On any failure nothing stays reserved. With a `client` (every request from the
 * site), the buyer's previous open checkout is replaced and the per-client caps apply.
 */
export async function startCheckout(
  request: CheckoutRequest,
  buyer: Buyer,
  options: {
    provider?: PaymentProvider;
    database?: Database;
    now?: Date;
    client?: CheckoutClient;
    /** Open checkouts per IP (default: the CHECKOUT_OPEN_PER_IP setting). */
    openPerIp?: number;
    /** The server cart it starts from: emptied when the order is created (decision 031). */
    cartId?: string | null;
  } = {},
): Promise<StartedCheckout> {
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();
  const now = options.now ?? new Date();
  const client = options.client;
  const priced = await priceRequest(request, buyer, database);
  const email = checkoutEmail(request, buyer);
  const expiresAt = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
  if (client) await releaseBuyersOpenCheckouts(client, database, provider);

  const checkoutId = await database.transaction(async (tx) => {
    if (client) {
      await enforceOpenCaps(tx, client, options.openPerIp ?? env().CHECKOUT_OPEN_PER_IP, now, priced);
    }
    const overLimit = await checkCustomerLimits(
      tx,
      priced.lines,
      {
        emailKey: email ? emailKey(email) : null,
        userId: buyer?.id ?? null,
        browser: client?.browser ?? null,
      },
      now,
    );
    if (overLimit) {
      throw new CheckoutError(overLimit.status, overLimit.message, overLimit.productId, {
        field: overLimit.field,
      });
    }
    const [checkout] = await tx
      .insert(checkouts)
      .values({
        provider: provider.name,
        userId: buyer?.id ?? null,
        email,
        emailKey: email ? emailKey(email) : null,
        clientIp: client?.ip ?? null,
        clientBrowser: client?.browser ?? null,
        lines: priced.lines,
        deliveryMethod: priced.deliveryMethod,
        locker: request.deliveryMethod === "inpost" ? request.locker : null,
        discountCodeId: priced.discountCodeId,
        discountCode: priced.discountCode,
        subtotal: priced.subtotal,
        discountAmount: priced.discountAmount,
        deliveryCost: priced.deliveryCost,
        total: priced.total,
        expiresAt,
        cartId: options.cartId ?? null,
      })
      .returning({ id: checkouts.id });

    await tx.insert(stockReservations).values(
      priced.lines.map((line) => ({
        checkoutId: checkout.id,
        productId: line.productId,
        variantId: line.variantId,
        quantity: line.quantity,
        expiresAt,
      })),
    );

    if (priced.discountCodeId) {
      // One use is held now, so two buyers racing for the last use cannot both get it.
      const held = await tx
        .update(discountCodes)
        .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
        .where(
          and(
            eq(discountCodes.id, priced.discountCodeId),
            eq(discountCodes.active, true),
            sql`(${discountCodes.maxUses} is null or ${discountCodes.currentUses} < ${discountCodes.maxUses})`,
          ),
        )
        .returning({ id: discountCodes.id });
      if (held.length !== 1) {
        throw new CheckoutError(400, `Kod ${priced.discountCode} został już wykorzystany`, undefined, {
          discountRefused: true,
        });
      }
      await tx.update(checkouts).set({ discountUseHeld: true }).where(eq(checkouts.id, checkout.id));
    }
    if (priced.firstOrderOnly && priced.discountCode) {
      await claimFirstOrder(tx, {
        checkoutId: checkout.id,
        code: priced.discountCode,
        email: email ?? "",
        userId: buyer?.id ?? null,
      });
    }
    // Stock last: its row is the one every buyer of a drop queues on, so it is held for one statement
    // and the commit, not for the rest of the transaction (bench:drop, decision 033).
    await takeStock(tx, priced.lines, {
      refuse: (line) => new CheckoutError(409, unavailableMessage(line.name), line.productId),
    });
    return checkout.id;
  });

  let session: { sessionId: string; url: string };
  try {
    // The session is locked to the checkout's e-mail (Stripe: customer_email; the test page: read-only).
    session = await provider.createSession({ checkoutId, priced, customerEmail: email, expiresAt });
    if (!session.url) throw new Error("Nie otrzymano URL do płatności");
  } catch (error) {
    logger.error({ err: error, checkoutId }, "payment session could not be created");
    await releaseCheckout(checkoutId, "failed", database);
    throw new CheckoutError(502, PAYMENT_UNAVAILABLE.message);
  }
  await database
    .update(checkouts)
    .set({ providerSessionId: session.sessionId, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));
  return { checkoutId, url: session.url, priced };
}

/**
 * Takes the buyer's one first-order claim for this checkout, or refuses: the buyer has an order (by
 * account or e-mail), or another checkout holds the claim (open or paid). The unique keys on the
 * e-mail and the account decide between concurrent checkouts: exactly one inserts.
 */
async function claimFirstOrder(
  tx: Executor,
  claim: { checkoutId: string; code: string; email: string; userId: string | null },
) {
  const refused = () =>
    new CheckoutError(400, firstOrderOnlyMessage(claim.code), undefined, { discountRefused: true });
  if (!claim.email) throw refused();
  if (await hasPreviousOrder(tx, { userId: claim.userId, email: claim.email })) throw refused();
  const inserted = await tx
    .insert(firstOrderClaims)
    .values({ checkoutId: claim.checkoutId, emailKey: firstOrderEmailKey(claim.email), userId: claim.userId })
    .onConflictDoNothing()
    .returning({ id: firstOrderClaims.id });
  if (inserted.length !== 1) throw refused();
}

/**
 * Gives back what an unpaid checkout holds (stock, the discount use) and closes it.
 * Idempotent: only an open checkout is released, under a row lock.
 */
export async function releaseCheckout(
  checkoutId: string,
  status: "expired" | "cancelled" | "failed",
  database: Database = db(),
): Promise<boolean> {
  return database.transaction(async (tx) => {
    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).for("update");
    if (checkout?.status !== "open" || checkout.paidAt) return false;
    const released = await tx
      .update(stockReservations)
      .set({ status: "released" })
      .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, "active")))
      .returning();
    await giveStockBack(tx, released);
    if (checkout.discountUseHeld && checkout.discountCodeId) {
      await tx
        .update(discountCodes)
        .set({ currentUses: sql`greatest(${discountCodes.currentUses} - 1, 0)` })
        .where(eq(discountCodes.id, checkout.discountCodeId));
    }
    // The buyer's first order is free again for another checkout.
    await tx
      .delete(firstOrderClaims)
      .where(and(eq(firstOrderClaims.checkoutId, checkoutId), isNull(firstOrderClaims.convertedAt)));
    await tx
      .update(checkouts)
      .set({ status, discountUseHeld: false, updatedAt: new Date() })
      .where(eq(checkouts.id, checkoutId));
    return true;
  });
}

export type FulfilledOrder = {
  orderId: string;
  orderNumber: string;
  email: string;
  created: boolean;
};

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
    const [existing] = await tx.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    if (existing) {
      return {
        orderId: existing.id,
        orderNumber: orderNumber(existing.id),
        email: existing.customerEmail,
        created: false,
      };
    }
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
    const token = randomBytes(24).toString("base64url");
    const [order] = await tx
      .insert(orders)
      .values({
        status: "pending",
        customerEmail: email,
        customerName: payment.name ?? payment.address?.name ?? null,
        customerPhone: payment.phone,
        userId: checkout.userId,
        checkoutId,
        subtotal: checkout.subtotal,
        discountAmount: checkout.discountAmount,
        discountCode: checkout.discountCode,
        deliveryMethod: checkout.deliveryMethod,
        deliveryCost: checkout.deliveryCost,
        totalAmount: checkout.total,
        shippingAddress: checkout.deliveryMethod === "courier" ? payment.address : null,
        locker: checkout.deliveryMethod === "inpost" ? checkout.locker : null,
        accessTokenHash: hashToken(token),
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        checkout.lines.map((line) => ({
          orderId: order.id,
          productId: line.productId,
          variantId: line.variantId,
          productName: line.name,
          productSlug: line.slug,
          productImage: line.image,
          size: line.size,
          color: line.color,
          quantity: line.quantity,
          pricePerUnit: line.unitPrice,
          regularPricePerUnit: line.regularUnitPrice ?? line.unitPrice,
          lowestPriorPrice: line.lowestPriorPrice ?? null,
        })),
      )
      .returning();
    await tx
      .update(stockReservations)
      .set({ status: "converted" })
      .where(and(eq(stockReservations.checkoutId, checkoutId), eq(stockReservations.status, "active")));
    if (checkout.cartId) await emptyCart(tx, checkout.cartId);
    if (checkout.discountCodeId) {
      if (!checkout.discountUseHeld) {
        // Released before payment: take the use again, within the limit.
        await tx
          .update(discountCodes)
          .set({ currentUses: sql`${discountCodes.currentUses} + 1` })
          .where(
            and(
              eq(discountCodes.id, checkout.discountCodeId),
              sql`(${discountCodes.maxUses} is null or ${discountCodes.currentUses} < ${discountCodes.maxUses})`,
            ),
          );
      }
      await tx.insert(discountCodeUsages).values({
        discountCodeId: checkout.discountCodeId,
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
    await queueOrderConfirmation(tx, { order, items, accessToken: token });
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
  const [existing] = await database.select().from(orders).where(eq(orders.checkoutId, checkout.id));
  if (existing) {
    return {
      kind: "order",
      order: {
        orderId: existing.id,
        orderNumber: orderNumber(existing.id),
        email: existing.customerEmail,
        created: false,
      },
    };
  }
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

/** Releases checkouts whose payment window has passed (asking the provider first: a paid one is fulfilled). */
export async function sweepExpiredCheckouts(
  options: { provider?: PaymentProvider; database?: Database; now?: Date } = {},
): Promise<{ released: number; fulfilled: number }> {
  const database = options.database ?? db();
  const provider = options.provider ?? paymentProvider();
  const cutoff = new Date((options.now ?? new Date()).getTime() - SWEEP_GRACE_MINUTES * 60_000);
  const stale = await database
    .select({ id: checkouts.id, sessionId: checkouts.providerSessionId })
    .from(checkouts)
    .where(and(eq(checkouts.status, "open"), lt(checkouts.expiresAt, cutoff)))
    .limit(100);
  let released = 0;
  let fulfilled = 0;
  for (const checkout of stale) {
    try {
      const session = checkout.sessionId ? await provider.retrieveSession(checkout.sessionId) : null;
      if (session?.status === "paid") {
        await fulfilCheckout(checkout.id, session, database, provider);
        fulfilled += 1;
      } else if (await releaseCheckout(checkout.id, "expired", database)) {
        if (checkout.sessionId) await provider.expireSession(checkout.sessionId).catch(() => {});
        released += 1;
      }
    } catch (error) {
      logger.error({ err: error, checkoutId: checkout.id }, "sweeping a checkout failed");
    }
  }
  return { released, fulfilled };
}

let sweepTimer: NodeJS.Timeout | undefined;

/** Runs the sweep every minute in the background. */
export function startCheckoutSweeper(intervalMs = 60_000) {
  if (sweepTimer) return;
  sweepTimer = setInterval(() => {
    sweepExpiredCheckouts().catch((error) => logger.error({ err: error }, "checkout sweep failed"));
    sweepAbandonedCarts(db()).catch((error) => logger.error({ err: error }, "cart sweep failed"));
  }, intervalMs);
  sweepTimer.unref();
}

export function stopCheckoutSweeper() {
  if (sweepTimer) clearInterval(sweepTimer);
  sweepTimer = undefined;
}
