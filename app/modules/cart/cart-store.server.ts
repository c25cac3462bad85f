/**
 * The cart on the server (decision 031): rows in `carts` and `cart_lines`, found by the browser's
 * httpOnly cookie or by the account. Every change runs in a transaction that locks the cart's row, so
 * two taps at once (or fifty) count as two, and a refused change leaves the cart as it was. Prices are
 * never stored: the cart holds ids and quantities, `quoteCart` prices them when they are shown.
 *
 * Here: the rows themselves (read, upserted, emptied, swept). Finding and locking the visitor's cart,
 * with a guest cart merged into the account's: `owner-cart.server.ts`; the changes a visitor makes:
 * `cart-commands.server.ts`.
 */
import { and, asc, count, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { pickColumns } from "~/lib/table-columns";
import { type Attendee, cartLines, carts, cartTickets } from "../../../db/schema";
import { MAX_LINE_QUANTITY } from "./limits";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** A change the cart refuses: a toast's title over a Polish message, the status, the cart unchanged. */
export function cartRefusal(status: 400 | 409 | 429, title: string, message: string, field?: string) {
  return new DomainError(message, status, field, { title });
}

export type CartOwner = {
  /** The signed-in customer, whose cart follows the account. */
  userId: string | null;
  /** The id in the browser's cookie (may be forged, stale or another's). */
  cookieCartId: string | null;
  /**
   * The cookie is one this server signed when this browser made the cart (`__Host-` on https), not the
   * old unsigned one: only such a guest cart is merged into an account's (issue #42).
   */
  cookieBound?: boolean;
};

/** A cart's line of tickets: one type, how many, and the names given so far (issue #40). */
export type CartTicketRecord = { id: string; ticketTypeId: string; quantity: number; attendees: Attendee[] };

export type CartRecord = typeof carts.$inferSelect & {
  lines: { id: string; productId: string; variantId: string | null; quantity: number }[];
  tickets: CartTicketRecord[];
};

export type NewLine = { productId: string; variantId: string | null; quantity: number };

export async function linesOf(executor: Executor, cartId: string) {
  return executor
    .select(pickColumns(cartLines, "id", "productId", "variantId", "quantity"))
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

/**
 * The lines of the cart in the row, in order, as one JSON value of the same read. The outer column is
 * written out: drizzle leaves a select's own columns unqualified, which inside the subquery would be
 * the line's.
 */
const linesOfRow = sql<CartRecord["lines"]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'productId', l.product_id, 'variantId', l.variant_id,
    'quantity', l.quantity) order by l.created_at, l.id)
  from ${cartLines} l where l.cart_id = "carts"."id"), '[]'::json)`;

const ticketsOfRow = sql<CartRecord["tickets"]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'ticketTypeId', t.ticket_type_id, 'quantity', t.quantity,
    'attendees', t.attendees) order by t.created_at, t.id)
  from ${cartTickets} t where t.cart_id = "carts"."id"), '[]'::json)`;

export async function ticketsOf(executor: Executor, cartId: string): Promise<CartTicketRecord[]> {
  return executor
    .select(pickColumns(cartTickets, "id", "ticketTypeId", "quantity", "attendees"))
    .from(cartTickets)
    .where(eq(cartTickets.cartId, cartId))
    .orderBy(asc(cartTickets.createdAt), asc(cartTickets.id));
}

/** A cart and its lines in one read, unlocked (the cart's page; a change locks the row first). */
export async function cartWhere(executor: Executor, where: SQL): Promise<CartRecord | null> {
  const [row] = await executor
    .select({ ...getTableColumns(carts), lines: linesOfRow, tickets: ticketsOfRow })
    .from(carts)
    .where(where);
  return row ?? null;
}

export async function withLines(executor: Executor, row: typeof carts.$inferSelect | undefined) {
  if (!row) return null;
  const [lines, tickets] = await Promise.all([linesOf(executor, row.id), ticketsOf(executor, row.id)]);
  return { ...row, lines, tickets } satisfies CartRecord;
}

/** Whether the cart holds nothing to buy (no products, no tickets). */
export function isEmptyCart(cart: Pick<CartRecord, "lines" | "tickets"> | null) {
  return !cart || (cart.lines.length === 0 && cart.tickets.length === 0);
}

/** A guest cart named by a cookie: never an account's (a copied cookie does not open someone's cart). */
export async function guestCartRow(executor: Executor, cookieCartId: string | null, lock = false) {
  if (!isUuid(cookieCartId)) return undefined;
  const query = executor
    .select()
    .from(carts)
    .where(and(eq(carts.id, cookieCartId), isNull(carts.userId)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function accountCartRow(executor: Executor, userId: string, lock = false) {
  const query = executor.select().from(carts).where(eq(carts.userId, userId));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** How many lines the cart holds (at most MAX_CART_LINES). */
export async function lineCount(executor: Executor, cartId: string) {
  const [row] = await executor.select({ value: count() }).from(cartLines).where(eq(cartLines.cartId, cartId));
  return row?.value ?? 0;
}

/**
 * Upserts lines the caller has checked against the stock and the cart's limits (`addToCart`; a
 * takeover and a merge: cart-limits.server.ts): the same product and size adds to its line, held to 99.
 */
export async function addLines(tx: Executor, cartId: string, lines: readonly NewLine[]) {
  for (const line of lines) {
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

export async function findLine(tx: Executor, cartId: string, line: Pick<NewLine, "productId" | "variantId">) {
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

/** Empties a cart once its order exists (called by the order's creation, in its transaction). */
export async function emptyCart(executor: Executor, cartId: string) {
  await executor.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await executor.delete(cartTickets).where(eq(cartTickets.cartId, cartId));
  await executor
    .update(carts)
    .set({ discountCode: null, email: null, updatedAt: new Date() })
    .where(eq(carts.id, cartId));
}

/** Units in a cart (products and tickets), the badge's number. */
export function unitCount(cart: Pick<CartRecord, "lines" | "tickets"> | null) {
  if (!cart) return 0;
  const count = (rows: readonly { quantity: number }[]) => rows.reduce((sum, row) => sum + row.quantity, 0);
  return count(cart.lines) + count(cart.tickets);
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

/** A guest cart's ticket lines moved into the account's on sign-in (the account's own line of a type wins). */
export async function mergeTicketLines(tx: Executor, accountCartId: string, guestCartId: string) {
  const guest = await tx.select().from(cartTickets).where(eq(cartTickets.cartId, guestCartId));
  if (guest.length === 0) return;
  const own = await tx
    .select({ ticketTypeId: cartTickets.ticketTypeId })
    .from(cartTickets)
    .where(
      and(
        eq(cartTickets.cartId, accountCartId),
        inArray(
          cartTickets.ticketTypeId,
          guest.map((line) => line.ticketTypeId),
        ),
      ),
    );
  const taken = new Set(own.map((line) => line.ticketTypeId));
  const moving = guest.filter((line) => !taken.has(line.ticketTypeId)).map((line) => line.id);
  if (moving.length > 0) {
    await tx.update(cartTickets).set({ cartId: accountCartId }).where(inArray(cartTickets.id, moving));
  }
}
