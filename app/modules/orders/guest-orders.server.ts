/**
 * Orders placed as a guest (no user id, only the e-mail given at payment) join an account once its
 * owner has proved the address is theirs: at e-mail verification, and at every later login of a
 * verified account (for guest orders placed in between). Never before verification, so signing up
 * with someone else's address shows nothing of theirs.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { orders } from "../../../db/schema";

/** Attaches the guest orders of `email` to the user; returns how many joined. */
export async function attachGuestOrders(userId: string, email: string, executor: Executor = db()) {
  const address = email.trim().toLowerCase();
  if (!address) return 0;
  const attached = await executor
    .update(orders)
    .set({ userId, updatedAt: sql`now()` })
    .where(and(isNull(orders.userId), eq(sql`lower(${orders.customerEmail})`, address)))
    .returning({ id: orders.id });
  return attached.length;
}
