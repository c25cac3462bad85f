/**
 * Holds "max N per customer" at checkout start, inside the reservation's transaction: an advisory lock
 * per limited product and per identity of the customer (normalised e-mail, account, browser) serialises
 * that customer's starts, so fifty at once still count one after another and never pass the limit.
 * The counting is customer-limit.ts's.
 */
import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { checkouts, orders, products } from "../../../db/schema";
import {
  type HeldCheckout,
  LIMIT_NEEDS_EMAIL_MESSAGE,
  limitBreaches,
  limitBreachMessage,
  unitsHeld,
} from "./customer-limit";

export type Customer = { emailKey: string | null; userId: string | null; browser: string | null };

/** Why the start is refused (the caller throws its CheckoutError), or null within every limit. */
export type LimitRefusal = { status: 400 | 409; message: string; productId?: string; field?: "email" };

export async function checkCustomerLimits(
  tx: Executor,
  lines: readonly { productId: string; quantity: number }[],
  customer: Customer,
  now: Date,
): Promise<LimitRefusal | null> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  if (productIds.length === 0) return null;
  const limited = await tx
    .select({ productId: products.id, name: products.name, limit: products.maxPerCustomer })
    .from(products)
    .where(and(inArray(products.id, productIds), isNotNull(products.maxPerCustomer)));
  if (limited.length === 0) return null;
  // The e-mail is the identity every buyer has (the account's, or the one a guest gives in the cart).
  if (!customer.emailKey) return { status: 400, message: LIMIT_NEEDS_EMAIL_MESSAGE, field: "email" };

  const identities = [
    `email:${customer.emailKey}`,
    customer.userId ? `user:${customer.userId}` : null,
    customer.browser ? `browser:${customer.browser}` : null,
  ].filter((identity) => identity !== null);
  const keys = limited.flatMap(({ productId }) =>
    identities.map((identity) => `limit:${productId}:${identity}`),
  );
  // One statement, in the order of the lock numbers themselves: two starts never wait on each other in a cycle.
  const values = sql.join(
    keys.map((key) => sql`(${key})`),
    sql`, `,
  );
  await tx.execute(sql`select pg_advisory_xact_lock(h) from (
    select distinct hashtext(k) as h from (values ${values}) as v(k) order by h
  ) locks`);

  const same = [eq(checkouts.emailKey, customer.emailKey)];
  if (customer.userId) same.push(eq(checkouts.userId, customer.userId));
  if (customer.browser) same.push(eq(checkouts.clientBrowser, customer.browser));
  const rows = await tx
    .select({
      status: checkouts.status,
      paidAt: checkouts.paidAt,
      expiresAt: checkouts.expiresAt,
      needsAttention: checkouts.needsAttention,
      orderStatus: orders.status,
      lines: checkouts.lines,
    })
    .from(checkouts)
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(or(...same), inArray(checkouts.status, ["open", "paid"])));
  const held: HeldCheckout[] = rows.map((row) => ({
    ...row,
    paidAt: row.paidAt ? new Date(row.paidAt) : null,
    expiresAt: new Date(row.expiresAt),
  }));
  const [breach] = limitBreaches(
    lines,
    limited.map((product) => ({ ...product, limit: product.limit ?? 0 })),
    (productId) => unitsHeld(held, productId, now),
  );
  return breach ? { status: 409, message: limitBreachMessage(breach), productId: breach.productId } : null;
}
