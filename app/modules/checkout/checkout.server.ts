/**
 * Starting a checkout: the server prices the cart from the database (never the browser's prices),
 * applies the per-client caps and the per-customer limits, and in one transaction reserves the stock
 * (through catalog), one use of the discount code (through discounts) and the buyer's first-order claim,
 * then opens the payment session. On any refusal or failure nothing stays reserved. Releasing lives in
 * release-checkout.server.ts, turning a paid checkout into an order in fulfil-checkout.server.ts, the
 * refusals in checkout-errors.ts; this file also re-exports those names for the integration tests,
 * which import the checkout's lifecycle from here.
 */
import { and, count, eq, gt, isNull, min, or, sql } from "drizzle-orm";
import { type Database, db, type Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import type { CheckoutRequest } from "~/modules/cart/cart.schema";
import { priceCartLines, saleFreeSubtotal } from "~/modules/cart/pricing.server";
import { takeStock } from "~/modules/catalog/stock.server";
import {
  firstOrderEmailKey,
  firstOrderEmailMessage,
  firstOrderOnlyMessage,
} from "~/modules/discounts/discount";
import {
  hasPreviousOrder,
  ownedEmail,
  validateDiscountCode,
} from "~/modules/discounts/discount-codes.server";
import { holdDiscountUse } from "~/modules/discounts/discount-uses.server";
import { type PaymentProvider, paymentProvider } from "~/modules/payments/payment-provider.server";
import { claimOffers } from "~/modules/tickets/offers.server";
import { priceTickets, takeTickets } from "~/modules/tickets/ticket-sale.server";
import {
  type CheckoutLine,
  checkouts,
  discountCodes,
  firstOrderClaims,
  stockReservations,
  ticketHolds,
} from "../../../db/schema";
import { CheckoutError, PaymentUnavailableError } from "./checkout-errors";
import {
  type CheckoutClient,
  limitedCodeHeldMessage,
  OPEN_CHECKOUTS_PER_BUYER,
  TOO_MANY_OPEN_CHECKOUTS_MESSAGE,
} from "./checkout-limits.server";
import { type PricedCheckout, priceCheckout } from "./checkout-pricing";
import { checkCustomerLimits, limitLines } from "./customer-limit.server";
import { releaseCheckout } from "./release-checkout.server";

export { CheckoutError, PAYMENT_UNAVAILABLE, PaymentUnavailableError } from "./checkout-errors";
export { fulfilBySessionId, fulfilCheckout } from "./fulfil-checkout.server";
export { releaseCheckout, sweepExpiredCheckouts } from "./release-checkout.server";

/** How long stock and a discount use are held while the buyer pays (matches Stripe's `expires_at`). */
export const RESERVATION_MINUTES = 30;

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
  now: Date = new Date(),
): Promise<PricedRequest> {
  const quoted = await priceCartLines(executor, request.lines);
  const ticketLines = await priceTickets(
    executor,
    request.tickets,
    now,
    (message) => new CheckoutError(409, message),
  );
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
  return {
    ...priceCheckout({ lines, ticketLines, discount, deliveryMethod: request.deliveryMethod }),
    firstOrderOnly,
  };
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
  const priced = await priceRequest(request, buyer, database, now);
  const email = checkoutEmail(request, buyer);
  const expiresAt = new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
  if (client) await releaseBuyersOpenCheckouts(client, database, provider);

  const checkoutId = await database.transaction(async (tx) => {
    if (client) {
      await enforceOpenCaps(tx, client, options.openPerIp ?? env().CHECKOUT_OPEN_PER_IP, now, priced);
    }
    const overLimit = await checkCustomerLimits(
      tx,
      limitLines(priced),
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
        ticketLines: priced.ticketLines,
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

    if (priced.lines.length > 0) {
      await tx.insert(stockReservations).values(
        priced.lines.map((line) => ({
          checkoutId: checkout.id,
          productId: line.productId,
          variantId: line.variantId,
          quantity: line.quantity,
          expiresAt,
        })),
      );
    }
    // A waiting-list offer's ticket holds no counter (its place is the returned ticket's): the offer
    // is claimed for this checkout instead, so one offer is paid once.
    await claimOffers(tx, checkout.id, priced.ticketLines, now, (message) => new CheckoutError(409, message));
    const held = priced.ticketLines.filter((line) => !line.offerId);
    if (held.length > 0) {
      await tx.insert(ticketHolds).values(
        held.map((line) => ({
          checkoutId: checkout.id,
          ticketTypeId: line.ticketTypeId,
          eventId: line.eventId,
          quantity: line.quantity,
          expiresAt,
        })),
      );
    }

    if (priced.discountCodeId) {
      // One use is held now, so two buyers racing for the last use cannot both get it.
      if (!(await holdDiscountUse(tx, priced.discountCodeId))) {
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
    // Tickets after stock (the one lock order: products, nights, types); the night's row is the
    // queue of its on-sale minute, judged at this instant.
    await takeTickets(tx, priced.ticketLines, now, (_line, message) => new CheckoutError(409, message));
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
    throw new PaymentUnavailableError();
  }
  await database
    .update(checkouts)
    .set({ providerSessionId: session.sessionId, updatedAt: new Date() })
    .where(eq(checkouts.id, checkoutId));
  return { checkoutId, url: session.url, priced };
}

/** The claim key of an account whose e-mail is not its own yet: never a real address's key. */
export function accountClaimKey(userId: string) {
  return `account:${userId}`;
}

/**
 * Takes the buyer's one first-order claim for this checkout, or refuses — telling only what the buyer
 * may know (decision 037). The account's own orders and claims always count; the address's only for a
 * signed-in account verified with it. A typed address is decided when the payment arrives
 * (fulfil-checkout.server.ts), so a stranger's unpaid checkout neither holds the owner's promise nor
 * learns whether the address ordered. The unique keys on the e-mail and the account decide between
 * concurrent checkouts: exactly one inserts.
 */
async function claimFirstOrder(
  tx: Executor,
  claim: { checkoutId: string; code: string; email: string; userId: string | null },
) {
  const refused = () =>
    new CheckoutError(400, firstOrderOnlyMessage(claim.code), undefined, { discountRefused: true });
  if (!claim.email) throw refused();
  const owned = await ownedEmail(tx, { userId: claim.userId, email: claim.email });
  if (await hasPreviousOrder(tx, { userId: claim.userId, email: owned })) throw refused();
  if (!claim.userId) return;
  const inserted = await tx
    .insert(firstOrderClaims)
    .values({
      checkoutId: claim.checkoutId,
      emailKey: owned ? firstOrderEmailKey(owned) : accountClaimKey(claim.userId),
      userId: claim.userId,
    })
    .onConflictDoNothing()
    .returning({ id: firstOrderClaims.id });
  if (inserted.length !== 1) throw refused();
}
