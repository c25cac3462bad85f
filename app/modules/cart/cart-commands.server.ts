/**
 * The changes a visitor makes to their cart (decision 031): adding products within the stock and the
 * limits, a line's quantity, removing a line, the delivery, the code, the e-mail, and taking over a
 * cart stored the old way. Each runs on the owner's locked cart (`changeCart`); below them, one
 * command per form of `/cart`, which the cart route's intent table calls.
 */
import { and, eq, sql } from "drizzle-orm";
import { now } from "~/lib/clock.server";
import { formatDateTime } from "~/lib/dates";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { env } from "~/lib/env.server";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";
import { isReleased, releaseInstant, releaseMessages } from "~/modules/catalog/release";
import { effectiveStock } from "~/modules/catalog/stock";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import { cartLines, carts, type ParcelLocker, products, productVariants } from "../../../db/schema";
import { linesWithinLimits, putLines } from "./cart-limits.server";
import {
  addLines,
  type CartOwner,
  type CartRecord,
  cartRefusal,
  findLine,
  isUuid,
  lineCount,
  type NewLine,
} from "./cart-store.server";
import type { DeliveryMethod } from "./delivery";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";
import { changeCart, findCart } from "./owner-cart.server";
import { quoteCart } from "./pricing.server";
import type { Visitor } from "./visitor";

/** What one product line may hold: the product must be on sale and the size must be its own. */
async function productForLine(tx: Executor, line: Pick<NewLine, "productId" | "variantId">) {
  const missing = cartRefusal(400, "Nie dodano do koszyka", "Ten produkt nie jest dostępny w sklepie.");
  if (!isUuid(line.productId)) throw missing;
  if (line.variantId !== null && !isUuid(line.variantId)) {
    throw cartRefusal(400, "Nie dodano do koszyka", "Wybrany rozmiar nie jest dostępny.", "variantId");
  }
  const [product] = await tx.select().from(products).where(eq(products.id, line.productId));
  if (!product?.isActive) throw missing;
  const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, product.id));
  if (variants.length > 0 && line.variantId === null) {
    throw cartRefusal(400, "Wybierz rozmiar", `Wybierz rozmiar produktu ${product.name}.`, "variantId");
  }
  const variant = line.variantId ? variants.find((candidate) => candidate.id === line.variantId) : undefined;
  if (line.variantId !== null && !variant) {
    throw cartRefusal(
      400,
      "Nie dodano do koszyka",
      `Wybrany rozmiar produktu ${product.name} nie jest dostępny.`,
      "variantId",
    );
  }
  const label = variant?.size ? `${product.name} (rozmiar ${variant.size})` : product.name;
  const releaseAt = releaseInstant(product, variant);
  if (!isReleased(releaseAt, now())) {
    throw cartRefusal(
      409,
      "Jeszcze nie w sprzedaży",
      releaseMessages.notYet(label, formatDateTime(releaseAt ?? new Date())),
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

/** A product added: how many units were asked for and how many went in. */
export type AddedLine = { name: string; asked: number; added: number };
/** Why fewer units went in than were asked for: the stock, the per-customer limit or a line's 99. */
export type Shortfall = { by: "stock" } | { by: "limit"; limit: number } | { by: "line" };

/**
 * Adds products (one, or the bundle's few) within the stock and the cart's limits. All or nothing: a
 * refused product leaves the whole cart as it was. Returns how many units of each were added (fewer
 * than asked when the stock, the per-customer limit or a line's maximum ends first).
 */
export async function addToCart(
  executor: Executor,
  owner: CartOwner,
  lines: readonly NewLine[],
): Promise<{ cart: CartRecord; added: AddedLine[]; shortfalls: (Shortfall | null)[] }> {
  const added: AddedLine[] = [];
  const shortfalls: (Shortfall | null)[] = [];
  const cart = await changeCart(
    executor,
    owner,
    async (tx, row) => {
      for (const line of lines) {
        const { product, label, available } = await productForLine(tx, line);
        if (available <= 0) {
          throw cartRefusal(409, "Produkt niedostępny", `${label} jest wyprzedany.`);
        }
        const existing = await findLine(tx, row.id, line);
        const inCart = existing?.quantity ?? 0;
        const underLimit = await roomUnderLimit(tx, row.id, product);
        if (underLimit <= 0) {
          throw cartRefusal(
            409,
            "Limit na klienta",
            perCustomerLimitMessage(product.name, product.maxPerCustomer ?? 0),
          );
        }
        const room = Math.min(Math.min(available, MAX_LINE_QUANTITY) - inCart, underLimit);
        if (room <= 0) {
          throw cartRefusal(
            409,
            "Brak kolejnych sztuk",
            `W koszyku masz już ${inCart} szt. — to cały dostępny zapas.`,
          );
        }
        if (!existing && (await lineCount(tx, row.id)) >= MAX_CART_LINES) {
          throw cartRefusal(409, "Koszyk jest pełny", `Koszyk może mieć najwyżej ${MAX_CART_LINES} pozycji.`);
        }
        const adding = Math.min(line.quantity, room);
        await addLines(tx, row.id, [{ ...line, quantity: adding }]);
        added.push({ name: product.name, asked: line.quantity, added: adding });
        shortfalls.push(
          adding >= line.quantity
            ? null
            : room === underLimit
              ? { by: "limit", limit: product.maxPerCustomer ?? 0 }
              : { by: available <= MAX_LINE_QUANTITY ? "stock" : "line" },
        );
      }
    },
    { create: true },
  );
  if (!cart) throw new Error("cart could not be created");
  return { cart, added, shortfalls };
}

const NO_SUCH_LINE = cartRefusal(
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
        throw cartRefusal(
          409,
          "Limit na klienta",
          perCustomerLimitMessage(product.name, product.maxPerCustomer ?? 0),
          "quantity",
        );
      }
      if (quantity > available) {
        throw cartRefusal(
          409,
          "Brak kolejnych sztuk",
          available > 0
            ? `${label}: w magazynie zostało tylko ${available} szt.`
            : `${label} jest wyprzedany.`,
          "quantity",
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
 * Takes over a cart stored the old way (local storage, decision 026): its lines are added as adding
 * would allow them (stock, release, per-customer limit, 99 a line, 50 lines), what is not on sale
 * left out, in one read for all the lines (issue #42).
 */
export async function takeOverLines(executor: Executor, owner: CartOwner, lines: readonly NewLine[]) {
  return changeCart(
    executor,
    owner,
    async (tx, cart) => putLines(tx, cart.id, await linesWithinLimits(tx, cart.id, lines)),
    { create: lines.length > 0 },
  );
}

// One command per form of `/cart` (decision 031): what the intent changes, and what the visitor is
// told. Refusals are DomainErrors with a toast's title; the route syncs the cookies with the cart.

const NOT_CHANGED = "Nie zmieniono koszyka";
/** The window of NEW_CARTS_PER_IP (a setting: raise it where many buyers share one address). */
const NEW_CART_WINDOW_MS = 10 * 60_000;

export type CartChange = { cart: CartRecord | null; title?: string; message: string };

const emptyCart = () => cartRefusal(400, NOT_CHANGED, "Koszyk jest pusty.");

function mustHaveCart(cart: CartRecord | null): CartRecord {
  if (!cart) throw emptyCart();
  return cart;
}

/** A guest's first cart counts against a per-IP limit (a script cannot fill the table). */
export async function limitNewCart(visitor: Visitor, ip: string) {
  if (visitor.user || (await findCart(db(), visitor.owner))) return;
  const limit = await checkRateLimit(`cart-new:${clientKey(ip)}`, {
    limit: env().NEW_CARTS_PER_IP,
    windowMs: NEW_CART_WINDOW_MS,
  });
  if (!limit.allowed) {
    throw new DomainError(
      "Zbyt wiele nowych koszyków z tego adresu. Spróbuj ponownie za kilka minut.",
      429,
      undefined,
      { title: "Zbyt wiele prób", retryAfterSeconds: limit.retryAfterSeconds },
    );
  }
}

export async function addProducts(visitor: Visitor, lines: NewLine[], ip: string): Promise<CartChange> {
  await limitNewCart(visitor, ip);
  const { cart, added, shortfalls } = await addToCart(db(), visitor.owner, lines);
  const names = added.map((line) => line.name).join(", ");
  return {
    cart,
    title: "Dodano do koszyka",
    message:
      added.length === 1
        ? `${names} został dodany do koszyka${shortReason(added[0].added, shortfalls[0])}`
        : `${names} — dodano do koszyka`,
  };
}

/** Why fewer units went in than were asked for, the true reason (issue #42); "" when all did. */
function shortReason(added: number, shortfall: Shortfall | null) {
  switch (shortfall?.by) {
    case "stock":
      return ` (${added} szt. — tyle zostało w magazynie)`;
    case "limit":
      return ` (${added} szt. — limit to ${shortfall.limit} szt. na klienta)`;
    case "line":
      return ` (${added} szt. — w jednej pozycji koszyka mieści się najwyżej ${MAX_LINE_QUANTITY} szt.)`;
    default:
      return "";
  }
}

export async function changeQuantity(
  visitor: Visitor,
  lineId: string,
  quantity: number,
): Promise<CartChange> {
  const cart = mustHaveCart(await setLineQuantity(db(), visitor.owner, lineId, quantity));
  // The page shows the new quantity; no message, scripts or not.
  return { cart, message: "" };
}

export async function removeFromCart(visitor: Visitor, lineId: string): Promise<CartChange> {
  const cart = mustHaveCart(await removeLine(db(), visitor.owner, lineId));
  return { cart, title: "Usunięto z koszyka", message: "Produkt został usunięty z koszyka" };
}

export async function chooseDelivery(visitor: Visitor, method: DeliveryMethod): Promise<CartChange> {
  const cart = mustHaveCart(await setDelivery(db(), visitor.owner, method));
  return { cart, message: "" };
}

export async function chooseLocker(visitor: Visitor, locker: ParcelLocker): Promise<CartChange> {
  const cart = mustHaveCart(await setDelivery(db(), visitor.owner, "inpost", locker));
  // As the map's choice is toasted with scripts.
  return { cart, title: "Wybrano Paczkomat", message: `${locker.name}, ${locker.address.line1}` };
}

/** A code the cart's lines qualify for is stored; every check counts against the client's limit. */
export async function applyCode(visitor: Visitor, code: string, ip: string): Promise<CartChange> {
  const cart = await findCart(db(), visitor.owner);
  if (!cart || cart.lines.length === 0) throw emptyCart();
  const check = await codeCheckFor(ip, code);
  const quote = await quoteCart(db(), {
    lines: cart.lines,
    deliveryMethod: cart.deliveryMethod,
    discountCode: code,
    userId: visitor.user?.id ?? null,
    email: visitor.user?.email ?? cart.email,
  });
  await check.settle(quote.discount?.valid === true);
  if (!quote.discount?.valid) {
    // SPEC §8: the server's message alone.
    throw new DomainError(quote.discount?.message ?? "Nieprawidłowy kod rabatowy", 400, "code");
  }
  const changed = await setDiscountCode(db(), visitor.owner, code);
  // SPEC §8: 'Sukces!' / 'Kod {code} został zastosowany'.
  return { cart: changed, title: "Sukces!", message: quote.discount.message };
}

export async function removeCode(visitor: Visitor): Promise<CartChange> {
  return { cart: mustHaveCart(await setDiscountCode(db(), visitor.owner, null)), message: "Kod usunięty" };
}

export async function saveCartEmail(visitor: Visitor, email: string): Promise<CartChange> {
  const cart = mustHaveCart(await setCartEmail(db(), visitor.owner, email));
  return { cart, message: "" };
}

/** Takeovers one cart may ask for in NEW_CART_WINDOW_MS (a browser hands its old cart over once). */
export const TAKEOVERS_PER_CART = 3;

function tooManyTakeovers(retryAfterSeconds: number) {
  return new DomainError(
    "Zbyt wiele prób przeniesienia koszyka. Spróbuj ponownie za kilka minut.",
    429,
    undefined,
    { title: "Zbyt wiele prób", retryAfterSeconds },
  );
}

/**
 * A takeover reads the catalogue for up to 50 lines, so repeats are limited (issue #42): per cart
 * (the account's, or the guest's cookie) and per address, the address as many as it may open new
 * carts (NEW_CARTS_PER_IP, raised together for a venue's shared Wi-Fi).
 */
async function limitTakeover(visitor: Visitor, ip: string) {
  const cart = visitor.user?.id ?? (isUuid(visitor.owner.cookieCartId) ? visitor.owner.cookieCartId : null);
  if (cart) {
    const perCart = await checkRateLimit(`cart-takeover-cart:${cart}`, {
      limit: TAKEOVERS_PER_CART,
      windowMs: NEW_CART_WINDOW_MS,
    });
    if (!perCart.allowed) throw tooManyTakeovers(perCart.retryAfterSeconds);
  }
  const perAddress = await checkRateLimit(`cart-takeover:${clientKey(ip)}`, {
    limit: env().NEW_CARTS_PER_IP,
    windowMs: NEW_CART_WINDOW_MS,
  });
  if (!perAddress.allowed) throw tooManyTakeovers(perAddress.retryAfterSeconds);
}

/** The old local-storage cart's lines taken over (decision 026): what is not on sale is left out. */
export async function takeOverOldCart(visitor: Visitor, lines: NewLine[], ip: string): Promise<CartChange> {
  if (lines.length > 0) {
    await limitTakeover(visitor, ip);
    await limitNewCart(visitor, ip);
  }
  const cart = (await takeOverLines(db(), visitor.owner, lines)) ?? (await findCart(db(), visitor.owner));
  return { cart, message: "" };
}
