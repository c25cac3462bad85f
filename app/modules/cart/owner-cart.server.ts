/**
 * The visitor's cart (decision 031): found by the account or by the browser's cookie, and locked for a
 * change. A signed-in customer's guest cart of this browser is merged into the account's on the way.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { carts } from "../../../db/schema";
import {
  accountCartRow,
  addLines,
  type CartOwner,
  type CartRecord,
  cartWhere,
  guestCartRow,
  isUuid,
  linesOf,
  withLines,
} from "./cart-store.server";

/**
 * The visitor's cart, or null. A signed-in customer with a guest cart in this browser gets the guest
 * cart's lines merged into the account's (login from a browser that shopped as a guest), once: the
 * guest cart is deleted in the same transaction.
 */
export async function findCart(executor: Executor, owner: CartOwner): Promise<CartRecord | null> {
  if (!owner.userId) {
    if (!isUuid(owner.cookieCartId)) return null;
    // A guest cart named by a cookie: never an account's (a copied cookie does not open someone's cart).
    return cartWhere(executor, and(eq(carts.id, owner.cookieCartId), isNull(carts.userId)) as SQL);
  }
  const userId = owner.userId;
  if (isUuid(owner.cookieCartId) && (await guestCartRow(executor, owner.cookieCartId))) {
    return inTransaction(executor, async (tx) => {
      const cart = await lockedCart(tx, owner, { create: true });
      if (!cart) throw new Error("an account's cart could not be created");
      return withLines(tx, await accountCartRow(tx, userId));
    });
  }
  return cartWhere(executor, eq(carts.userId, userId));
}

function inTransaction<T>(executor: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  // A transaction executor has `transaction` too (a savepoint), so nesting stays correct.
  return (executor as { transaction<R>(fn: (tx: Executor) => Promise<R>): Promise<R> }).transaction(work);
}

/**
 * The owner's cart row locked for a change, created if `create`; for an account, a guest cart of this
 * browser is merged into it first.
 */
async function lockedCart(
  tx: Executor,
  owner: CartOwner,
  { create }: { create: boolean },
): Promise<typeof carts.$inferSelect | null> {
  if (!owner.userId) {
    const row = await guestCartRow(tx, owner.cookieCartId, true);
    if (row || !create) return row ?? null;
    const [created] = await tx.insert(carts).values({}).returning();
    return created;
  }
  let account = await accountCartRow(tx, owner.userId, true);
  const guest = await guestCartRow(tx, owner.cookieCartId, true);
  if (!account && (create || guest)) {
    await tx.insert(carts).values({ userId: owner.userId }).onConflictDoNothing({ target: carts.userId });
    account = await accountCartRow(tx, owner.userId, true);
  }
  if (account && guest) await mergeInto(tx, account, guest);
  return account ?? null;
}

/** The guest cart's lines added to the account's (quantities add up, held to 99), its choices kept. */
async function mergeInto(tx: Executor, account: typeof carts.$inferSelect, guest: typeof carts.$inferSelect) {
  const lines = await linesOf(tx, guest.id);
  await addLines(tx, account.id, lines, { clampToLimits: true });
  await tx
    .update(carts)
    .set({
      // The choices made last, in this browser, win; the account's code stays if the guest had none.
      deliveryMethod: guest.deliveryMethod,
      locker: guest.locker,
      discountCode: guest.discountCode ?? account.discountCode,
      email: guest.email ?? account.email,
      updatedAt: new Date(),
    })
    .where(eq(carts.id, account.id));
  await tx.delete(carts).where(eq(carts.id, guest.id));
}

/** Runs a change on the owner's locked cart (created when `create`) and returns the cart after it. */
export async function changeCart(
  executor: Executor,
  owner: CartOwner,
  change: (tx: Executor, cart: typeof carts.$inferSelect) => Promise<void>,
  { create = false }: { create?: boolean } = {},
): Promise<CartRecord | null> {
  return inTransaction(executor, async (tx) => {
    const cart = await lockedCart(tx, owner, { create });
    if (!cart) return null;
    await change(tx, cart);
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
    return withLines(
      tx,
      await tx
        .select()
        .from(carts)
        .where(eq(carts.id, cart.id))
        .then(([row]) => row),
    );
  });
}
