/**
 * The cart on the server (decision 031): rows in `carts` and `cart_lines`, found by the browser's
 * httpOnly cookie or by the account. Every change runs in a transaction that locks the cart's row, so
 * two taps at once (or fifty) count as two, and a refused change leaves the cart as it was. Prices are
 * never stored: the cart holds ids and quantities, `quoteCart` prices them when they are shown.
 */
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { formatDateTime } from "~/lib/dates";
import type { Executor } from "~/lib/db.server";
import { isReleased, releaseInstant, releaseMessages } from "~/modules/catalog/release";
import { effectiveStock } from "~/modules/catalog/stock";
import { cartLines, carts, type ParcelLocker, products, productVariants } from "../../../db/schema";
import type { DeliveryMethod } from "./delivery";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A change the cart refuses: a Polish message, the status to answer with, the cart unchanged. */
export class CartError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 429,
    readonly title: string,
    message: string,
    readonly field?: string,
    readonly productId?: string,
  ) {
    super(message);
  }
}

export type CartOwner = {
  /** The signed-in customer, whose cart follows the account. */
  userId: string | null;
  /** The id in the browser's cookie (may be forged, stale or another's). */
  cookieCartId: string | null;
};

export type CartRecord = typeof carts.$inferSelect & {
  lines: { id: string; productId: string; variantId: string | null; quantity: number }[];
};

export type NewLine = { productId: string; variantId: string | null; quantity: number };

async function linesOf(executor: Executor, cartId: string) {
  return executor
    .select({
      id: cartLines.id,
      productId: cartLines.productId,
      variantId: cartLines.variantId,
      quantity: cartLines.quantity,
    })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

async function withLines(executor: Executor, row: typeof carts.$inferSelect | undefined) {
  if (!row) return null;
  return { ...row, lines: await linesOf(executor, row.id) } satisfies CartRecord;
}

/** A guest cart named by a cookie: never an account's (a copied cookie does not open someone's cart). */
async function guestCartRow(executor: Executor, cookieCartId: string | null, lock = false) {
  if (!isUuid(cookieCartId)) return undefined;
  const query = executor
    .select()
    .from(carts)
    .where(and(eq(carts.id, cookieCartId), isNull(carts.userId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

async function accountCartRow(executor: Executor, userId: string, lock = false) {
  const query = executor.select().from(carts).where(eq(carts.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * The visitor's cart, or null. A signed-in customer with a guest cart in this browser gets the guest
 * cart's lines merged into the account's (login from a browser that shopped as a guest), once: the
 * guest cart is deleted in the same transaction.
 */
export async function findCart(executor: Executor, owner: CartOwner): Promise<CartRecord | null> {
  if (!owner.userId) return withLines(executor, await guestCartRow(executor, owner.cookieCartId));
  const userId = owner.userId;
  if (isUuid(owner.cookieCartId) && (await guestCartRow(executor, owner.cookieCartId))) {
    return inTransaction(executor, async (tx) => {
      const cart = await lockedCart(tx, owner, { create: true });
      if (!cart) throw new Error("an account's cart could not be created");
      return withLines(tx, await accountCartRow(tx, userId));
    });
  }
  return withLines(executor, await accountCartRow(executor, userId));
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

/**
 * Upserts lines: the same product and size adds to its line. With `clampToLimits` (taking over and
 * merging carts) quantities are held to 99 and lines past 50 are left out; without, the caller has
 * checked both.
 */
async function addLines(
  tx: Executor,
  cartId: string,
  lines: readonly NewLine[],
  { clampToLimits }: { clampToLimits: boolean },
) {
  for (const line of lines) {
    if (clampToLimits) {
      const [{ value: lineCount }] = await tx
        .select({ value: count() })
        .from(cartLines)
        .where(eq(cartLines.cartId, cartId));
      const existing = await findLine(tx, cartId, line);
      if (!existing && lineCount >= MAX_CART_LINES) continue;
    }
    await tx
      .insert(cartLines)
      .values({
        cartId,
        productId: line.productId,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
      })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.productId, cartLines.variantId],
        set: { quantity: sql`least(${cartLines.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
      });
  }
}

async function findLine(tx: Executor, cartId: string, line: Pick<NewLine, "productId" | "variantId">) {
  const [row] = await tx
    .select()
    .from(cartLines)
    .where(
      and(
        eq(cartLines.cartId, cartId),
        eq(cartLines.productId, line.productId),
        line.variantId ? eq(cartLines.variantId, line.variantId) : isNull(cartLines.variantId),
      ),
    );
  return row;
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

/** What one product line may hold: the product must be on sale and the size must be its own. */
async function productForLine(tx: Executor, line: Pick<NewLine, "productId" | "variantId">) {
  const missing = new CartError(400, "Nie dodano do koszyka", "Ten produkt nie jest dostępny w sklepie.");
  if (!isUuid(line.productId)) throw missing;
  if (line.variantId !== null && !isUuid(line.variantId)) {
    throw new CartError(400, "Nie dodano do koszyka", "Wybrany rozmiar nie jest dostępny.", "variantId");
  }
  const [product] = await tx.select().from(products).where(eq(products.id, line.productId));
  if (!product?.isActive) throw missing;
  const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
  if (variants.length > 0 && line.variantId === null) {
    throw new CartError(
      400,
      "Wybierz rozmiar",
      `Wybierz rozmiar produktu ${product.name}.`,
      "variantId",
      product.id,
    );
  }
  const variant = line.variantId ? variants.find((candidate) => candidate.id === line.variantId) : undefined;
  if (line.variantId !== null && !variant) {
    throw new CartError(
      400,
      "Nie dodano do koszyka",
      `Wybrany rozmiar produktu ${product.name} nie jest dostępny.`,
      "variantId",
      product.id,
    );
  }
  const label = variant?.size ? `${product.name} (rozmiar ${variant.size})` : product.name;
  const releaseAt = releaseInstant(product, variant);
  if (!isReleased(releaseAt, now())) {
    throw new CartError(
      409,
      "Jeszcze nie w sprzedaży",
      releaseMessages.notYet(label, formatDateTime(releaseAt ?? new Date())),
      undefined,
      product.id,
    );
  }
  return { product, label, available: effectiveStock(product, variant ? [variant] : []) };
}

/** Units of the product in the cart, every size together: what a per-customer limit counts. */
async function productUnitsInCart(tx: Executor, cartId: string, productId: string) {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
  return row?.units ?? 0;
}

export function perCustomerLimitMessage(name: string, limit: number) {
  return `${name}: limit to ${limit} szt. na klienta.`;
}

/** Room the per-customer limit leaves for the product in this cart (Infinity without a limit). */
async function roomUnderLimit(tx: Executor, cartId: string, product: typeof products.$inferSelect) {
  if (product.maxPerCustomer === null) return Number.POSITIVE_INFINITY;
  return product.maxPerCustomer - (await productUnitsInCart(tx, cartId, product.id));
}

/**
 * Adds products (one, or the bundle's few) within the stock and the cart's limits. All or nothing: a
 * refused product leaves the whole cart as it was. Returns how many units of each were added (fewer
 * than asked when the stock ends first).
 */
export async function addToCart(
  executor: Executor,
  owner: CartOwner,
  lines: readonly NewLine[],
): Promise<{ cart: CartRecord; added: { name: string; asked: number; added: number }[] }> {
  const added: { name: string; asked: number; added: number }[] = [];
  const cart = await changeCart(
    executor,
    owner,
    async (tx, row) => {
      for (const line of lines) {
        const { product, label, available } = await productForLine(tx, line);
        if (available <= 0) {
          throw new CartError(409, "Produkt niedostępny", `${label} jest wyprzedany.`, undefined, product.id);
        }
        const existing = await findLine(tx, row.id, line);
        const inCart = existing?.quantity ?? 0;
        const underLimit = await roomUnderLimit(tx, row.id, product);
        if (underLimit <= 0) {
          throw new CartError(
            409,
            "Limit na klienta",
            perCustomerLimitMessage(product.name, product.maxPerCustomer ?? 0),
            undefined,
            product.id,
          );
        }
        const room = Math.min(Math.min(available, MAX_LINE_QUANTITY) - inCart, underLimit);
        if (room <= 0) {
          throw new CartError(
            409,
            "Brak kolejnych sztuk",
            `W koszyku masz już ${inCart} szt. — to cały dostępny zapas.`,
            undefined,
            product.id,
          );
        }
        if (!existing) {
          const [{ value: lineCount }] = await tx
            .select({ value: count() })
            .from(cartLines)
            .where(eq(cartLines.cartId, row.id));
          if (lineCount >= MAX_CART_LINES) {
            throw new CartError(
              409,
              "Koszyk jest pełny",
              `Koszyk może mieć najwyżej ${MAX_CART_LINES} pozycji.`,
              undefined,
              product.id,
            );
          }
        }
        const adding = Math.min(line.quantity, room);
        await addLines(tx, row.id, [{ ...line, quantity: adding }], { clampToLimits: false });
        added.push({ name: product.name, asked: line.quantity, added: adding });
      }
    },
    { create: true },
  );
  if (!cart) throw new Error("cart could not be created");
  return { cart, added };
}

const NO_SUCH_LINE = new CartError(
  400,
  "Nie zmieniono koszyka",
  "Tej pozycji nie ma już w koszyku. Odśwież stronę.",
  "line",
);

/** Sets a line's quantity (1–99, within the stock); a line of another cart is unknown here. */
export async function setLineQuantity(
  executor: Executor,
  owner: CartOwner,
  lineId: string,
  quantity: number,
) {
  return changeCart(executor, owner, async (tx, cart) => {
    if (!isUuid(lineId)) throw NO_SUCH_LINE;
    const [line] = await tx
      .select()
      .from(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)));
    if (!line) throw NO_SUCH_LINE;
    if (quantity > line.quantity) {
      // Only raising asks the stock: lowering a line that is short of stock must stay possible.
      const { label, available, product } = await productForLine(tx, line);
      const underLimit = await roomUnderLimit(tx, cart.id, product);
      if (quantity - line.quantity > underLimit) {
        throw new CartError(
          409,
          "Limit na klienta",
          perCustomerLimitMessage(product.name, product.maxPerCustomer ?? 0),
          "quantity",
          product.id,
        );
      }
      if (quantity > available) {
        throw new CartError(
          409,
          "Brak kolejnych sztuk",
          available > 0
            ? `${label}: w magazynie zostało tylko ${available} szt.`
            : `${label} jest wyprzedany.`,
          "quantity",
          product.id,
        );
      }
    }
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, line.id));
  });
}

export async function removeLine(executor: Executor, owner: CartOwner, lineId: string) {
  return changeCart(executor, owner, async (tx, cart) => {
    if (!isUuid(lineId)) throw NO_SUCH_LINE;
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cart.id)))
      .returning({ id: cartLines.id });
    if (removed.length === 0) throw NO_SUCH_LINE;
  });
}

/** Delivery method; the courier clears the locker (SPEC §4). */
export async function setDelivery(
  executor: Executor,
  owner: CartOwner,
  method: DeliveryMethod,
  locker?: ParcelLocker | null,
) {
  return changeCart(executor, owner, async (tx, cart) => {
    const nextLocker = method === "courier" ? null : locker === undefined ? cart.locker : locker;
    await tx.update(carts).set({ deliveryMethod: method, locker: nextLocker }).where(eq(carts.id, cart.id));
  });
}

export async function setDiscountCode(executor: Executor, owner: CartOwner, code: string | null) {
  return changeCart(executor, owner, async (tx, cart) => {
    await tx.update(carts).set({ discountCode: code }).where(eq(carts.id, cart.id));
  });
}

export async function setCartEmail(executor: Executor, owner: CartOwner, email: string | null) {
  return changeCart(executor, owner, async (tx, cart) => {
    await tx.update(carts).set({ email }).where(eq(carts.id, cart.id));
  });
}

/**
 * Takes over a cart stored the old way (local storage, decision 026): its lines are added as they
 * are, unknown products and sizes left out, quantities and line counts held to the limits.
 */
export async function takeOverLines(executor: Executor, owner: CartOwner, lines: readonly NewLine[]) {
  const result = await changeCart(
    executor,
    owner,
    async (tx, cart) => {
      const kept: NewLine[] = [];
      for (const line of lines) {
        try {
          await productForLine(tx, line);
          kept.push(line);
        } catch (error) {
          if (!(error instanceof CartError)) throw error;
        }
      }
      await addLines(tx, cart.id, kept, { clampToLimits: true });
    },
    { create: lines.length > 0 },
  );
  return result;
}

/** Empties a cart once its order exists (called by the order's creation, in its transaction). */
export async function emptyCart(executor: Executor, cartId: string) {
  await executor.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await executor
    .update(carts)
    .set({ discountCode: null, email: null, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** Units in a cart, the badge's number. */
export function unitCount(cart: Pick<CartRecord, "lines"> | null) {
  return cart ? cart.lines.reduce((sum, line) => sum + line.quantity, 0) : 0;
}

/** Guest carts untouched this long are gone (their cookie has expired too). */
export const ABANDONED_CART_DAYS = 30;

/**
 * Deletes guest carts nobody has touched for ABANDONED_CART_DAYS (an account's cart stays with the
 * account), a batch at a time, so the table holds live carts only.
 */
export async function sweepAbandonedCarts(executor: Executor, now = new Date()) {
  const cutoff = new Date(now.getTime() - ABANDONED_CART_DAYS * 24 * 60 * 60_000);
  const deleted = await executor
    .delete(carts)
    .where(
      sql`${carts.id} in (select id from ${carts} where ${carts.userId} is null and ${carts.updatedAt} < ${cutoff} limit 500)`,
    )
    .returning({ id: carts.id });
  return deleted.length;
}
