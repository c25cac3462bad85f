/**
 * The visitor's cart (decision 031): found by the account or by the browser's cookie, and locked for a
 * change. A signed-in customer's guest cart of this browser is merged into the account's on the way.
 */
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { carts, checkouts } from "../../../db/schema";
import { linesWithinLimits, putLines } from "./cart-limits.server";
import {
  accountCartRow,
  type CartOwner,
  type CartRecord,
  cartWhere,
  guestCartRow,
  isUuid,
  linesOf,
  mergeTicketLines,
  withLines,
} from "./cart-store.server";

/**
 * The visitor's cart, or null. A signed-in customer with a guest cart made in this browser (a bound
 * cookie, `CartOwner.cookieBound`) gets the guest cart's lines merged into the account's (login from a
 * browser that shopped as a guest), once: the guest cart is deleted in the same transaction. A guest
 * cart named only by an unbound cookie (planted, or the old cookie) is never merged (issue #42).
 */
export async function findCart(executor: Executor, owner: CartOwner): Promise<CartRecord | null> {
  if (!owner.userId) {
    if (!isUuid(owner.cookieCartId)) return null;
    // A guest cart named by a cookie: never an account's (a copied cookie does not open someone's cart).
    return cartWhere(executor, and(eq(carts.id, owner.cookieCartId), isNull(carts.userId)) as SQL);
  }
  const userId = owner.userId;
  if (owner.cookieBound && isUuid(owner.cookieCartId) && (await guestCartRow(executor, owner.cookieCartId))) {
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
  const guest = owner.cookieBound ? await guestCartRow(tx, owner.cookieCartId, true) : undefined;
  const fresh = !account;
  if (!account && (create || guest)) {
    await tx.insert(carts).values({ userId: owner.userId }).onConflictDoNothing({ target: carts.userId });
    account = await accountCartRow(tx, owner.userId, true);
  }
  if (account && guest) await mergeInto(tx, account, guest, { fresh });
  return account ?? null;
}

/**
 * The guest cart's lines added to the account's as adding would allow them (stock, release,
 * per-customer limit: issue #42). The account's delivery and locker win over the guest's, which only
 * a cart made for this merge takes; the account's code stays if the guest had none. Checkouts
 * started from the guest cart now name the account's, so their payment empties the cart their lines
 * went to.
 */
async function mergeInto(
  tx: Executor,
  account: typeof carts.$inferSelect,
  guest: typeof carts.$inferSelect,
  { fresh }: { fresh: boolean },
) {
  await putLines(tx, account.id, await linesWithinLimits(tx, account.id, await linesOf(tx, guest.id)));
  await mergeTicketLines(tx, account.id, guest.id);
  await tx.update(checkouts).set({ cartId: account.id }).where(eq(checkouts.cartId, guest.id));
  const delivery = fresh ? guest : account;
  await tx
    .update(carts)
    .set({
      deliveryMethod: delivery.deliveryMethod,
      locker: delivery.locker,
      discountCode: guest.discountCode ?? account.discountCode,
      email: account.email ?? guest.email,
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
