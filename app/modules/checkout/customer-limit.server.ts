/**
 * Holds "max N per customer" twice, under the same advisory locks per limited product and per identity
 * of the customer (normalised e-mail, account, browser), so fifty at once still count one after
 * another and never pass the limit:
 * - at checkout start, inside the reservation's transaction (`checkCustomerLimits`): what this customer
 *   did, as customer-limit.ts counts it (decision 037: a stranger's unpaid checkout never counts);
 * - when the payment arrives, inside the fulfilment's transaction (`paidOverLimit`): the paid checkouts
 *   sharing the address, the account or the browser. A payment past the limit is refunded automatically.
 */
import { and, eq, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { emailKey } from "~/lib/email-key";
import {
  type CheckoutLine,
  type CheckoutTicketLine,
  checkouts,
  events,
  nightTickets,
  orders,
  products,
  user,
} from "../../../db/schema";
import {
  countsAgainst,
  type HeldCheckout,
  LIMIT_NEEDS_EMAIL_MESSAGE,
  type LimitBreach,
  type LimitedProduct,
  limitBreaches,
  limitBreachMessage,
  unitsHeld,
} from "./customer-limit";

export type Customer = { emailKey: string | null; userId: string | null; browser: string | null };

/** Why the start is refused (the caller throws its CheckoutError), or null within every limit. */
export type LimitRefusal = { status: 400 | 409; message: string; productId?: string; field?: "email" };

/** A night's tickets count as one limited "product" keyed `night:<event id>` (issue #40). */
const NIGHT_KEY = "night:";

/**
 * What a checkout's limits count: its products' lines and, for each night, its tickets under the
 * night's key, so a night's "max N per person" is held by the same locks and counts as a product's.
 */
export function limitLines(checkout: {
  lines: readonly Pick<CheckoutLine, "productId" | "quantity">[];
  ticketLines?: readonly Pick<CheckoutTicketLine, "eventId" | "quantity">[] | null;
}): { productId: string; quantity: number }[] {
  return [
    ...checkout.lines.map(({ productId, quantity }) => ({ productId, quantity })),
    ...(checkout.ticketLines ?? []).map((line) => ({
      productId: `${NIGHT_KEY}${line.eventId}`,
      quantity: line.quantity,
    })),
  ];
}

async function limitedProducts(tx: Executor, keys: string[]): Promise<LimitedProduct[]> {
  const productIds = keys.filter((key) => !key.startsWith(NIGHT_KEY));
  const eventIds = keys.filter((key) => key.startsWith(NIGHT_KEY)).map((key) => key.slice(NIGHT_KEY.length));
  const [productRows, nightRows] = await Promise.all([
    productIds.length === 0
      ? []
      : tx
          .select({ productId: products.id, name: products.name, limit: products.maxPerCustomer })
          .from(products)
          .where(and(inArray(products.id, productIds), isNotNull(products.maxPerCustomer))),
    eventIds.length === 0
      ? []
      : tx
          .select({ eventId: nightTickets.eventId, name: events.title, limit: nightTickets.maxPerCustomer })
          .from(nightTickets)
          .innerJoin(events, eq(events.id, nightTickets.eventId))
          .where(and(inArray(nightTickets.eventId, eventIds), isNotNull(nightTickets.maxPerCustomer))),
  ]);
  return [
    ...productRows.map((row) => ({ ...row, limit: row.limit ?? 0 })),
    ...nightRows.map((row) => ({
      productId: `${NIGHT_KEY}${row.eventId}`,
      name: row.name,
      limit: row.limit ?? 0,
    })),
  ];
}

/** One statement, in the order of the lock numbers themselves: two holders never wait in a cycle. */
async function lockCustomer(tx: Executor, limited: readonly LimitedProduct[], customer: Customer) {
  const identities = [
    customer.emailKey ? `email:${customer.emailKey}` : null,
    customer.userId ? `user:${customer.userId}` : null,
    customer.browser ? `browser:${customer.browser}` : null,
  ].filter((identity) => identity !== null);
  const keys = limited.flatMap(({ productId }) =>
    identities.map((identity) => `limit:${productId}:${identity}`),
  );
  if (keys.length === 0) return;
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(h) from (
    select distinct hashtext(k) as h from (values ${values}) as v(k) order by h
  ) locks`);
}

/** Whether the signed-in account is verified with this very address (its owner may be told its history). */
async function ownsAddress(tx: Executor, customer: Customer): Promise<boolean> {
  if (!customer.userId || !customer.emailKey) return false;
  const [account] = await tx
    .select({ email: user.email, verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, customer.userId));
  return Boolean(account?.verified) && emailKey(account.email) === customer.emailKey;
}

/** The checkouts of the same customer: by account and browser, and by the address when `byEmail`. */
function sameCustomer(customer: Customer, { byEmail }: { byEmail: boolean }) {
  const same = byEmail && customer.emailKey ? [eq(checkouts.emailKey, customer.emailKey)] : [];
  if (customer.userId) same.push(eq(checkouts.userId, customer.userId));
  if (customer.browser) same.push(eq(checkouts.clientBrowser, customer.browser));
  return same;
}

export async function checkCustomerLimits(
  tx: Executor,
  lines: readonly { productId: string; quantity: number }[],
  customer: Customer,
  now: Date,
): Promise<LimitRefusal | null> {
  const limited = await limitedProducts(tx, [...new Set(lines.map((line) => line.productId))]);
  if (limited.length === 0) return null;
  // The e-mail is the identity every buyer has (the account's, or the one a guest gives in the cart).
  if (!customer.emailKey) return { status: 400, message: LIMIT_NEEDS_EMAIL_MESSAGE, field: "email" };
  await lockCustomer(tx, limited, customer);
  const emailProven = await ownsAddress(tx, customer);

  // An unproven buyer's start reads nothing by the address: its answer and its time cannot depend on
  // what the address did (issue #42).
  const same = sameCustomer(customer, { byEmail: emailProven });
  if (same.length === 0) {
    const [breach] = limitBreaches(lines, limited, () => 0);
    return breach ? refusal(breach) : null;
  }
  const rows = await tx
    .select({
      status: checkouts.status,
      paidAt: checkouts.paidAt,
      expiresAt: checkouts.expiresAt,
      needsAttention: checkouts.needsAttention,
      orderStatus: orders.status,
      lines: checkouts.lines,
      ticketLines: checkouts.ticketLines,
      emailKey: checkouts.emailKey,
      userId: checkouts.userId,
      browser: checkouts.clientBrowser,
      accountEmail: user.email,
      accountVerified: user.emailVerified,
    })
    .from(checkouts)
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .leftJoin(user, eq(user.id, checkouts.userId))
    .where(and(or(...same), inArray(checkouts.status, ["open", "paid"])));
  const starter = { ...customer, emailProven };
  const held: HeldCheckout[] = rows
    .map((row) => ({
      ...row,
      lines: limitLines(row),
      paidAt: row.paidAt ? new Date(row.paidAt) : null,
      expiresAt: new Date(row.expiresAt),
      emailProven:
        Boolean(row.accountVerified) &&
        row.accountEmail !== null &&
        emailKey(row.accountEmail) === row.emailKey,
    }))
    .filter((checkout) => countsAgainst(checkout, starter));
  const [breach] = limitBreaches(lines, limited, (productId) => unitsHeld(held, productId, now));
  return breach ? refusal(breach) : null;
}

function refusal(breach: LimitBreach): LimitRefusal {
  return { status: 409, message: limitBreachMessage(breach), productId: breach.productId };
}

/**
 * At payment, inside the fulfilment's transaction: the limited products this paid checkout would take
 * past the limit, counting the customer's orders (checkouts that became one, not cancelled) by address,
 * account or browser. Orders are made under these locks, so two payments are counted one after the
 * other and the first wins; open checkouts do not count here (a payment never loses to one that may
 * never be paid), nor do paid ones still waiting for their own fulfilment.
 */
export async function paidOverLimit(
  tx: Executor,
  checkout: Pick<
    typeof checkouts.$inferSelect,
    "id" | "lines" | "ticketLines" | "emailKey" | "userId" | "clientBrowser"
  >,
  email: string,
): Promise<LimitBreach[]> {
  const wanted = limitLines(checkout);
  const limited = await limitedProducts(tx, [...new Set(wanted.map((line) => line.productId))]);
  if (limited.length === 0) return [];
  const payer: Customer = {
    emailKey: checkout.emailKey ?? emailKey(email),
    userId: checkout.userId,
    browser: checkout.clientBrowser,
  };
  await lockCustomer(tx, limited, payer);
  const same = sameCustomer(payer, { byEmail: true });
  const rows = await tx
    .select({
      status: checkouts.status,
      paidAt: checkouts.paidAt,
      expiresAt: checkouts.expiresAt,
      needsAttention: checkouts.needsAttention,
      orderStatus: orders.status,
      lines: checkouts.lines,
      ticketLines: checkouts.ticketLines,
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(or(...same), ne(checkouts.id, checkout.id)));
  const paid: HeldCheckout[] = rows.map((row) => ({
    ...row,
    lines: limitLines(row),
    paidAt: row.paidAt ? new Date(row.paidAt) : null,
    expiresAt: new Date(row.expiresAt),
  }));
  const now = new Date();
  return limitBreaches(wanted, limited, (productId) => unitsHeld(paid, productId, now));
}
