/**
 * `/cart`'s loader and action (decision 031): the visitor's cart from the database, and every change
 * to it as a form post. A plain form (no scripts, or a tap before hydration) is answered by a redirect
 * (post/redirect/get); a fetcher's form, which carries `_enhanced`, by data. Refusals are 400/409/429
 * with a Polish message, and the cart stays as it was.
 */
import { data, redirect } from "react-router";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { checkRateLimit, clientKey } from "~/lib/rate-limit.server";
import { clientIp, readCookie } from "~/lib/request.server";
import { codeCheckFor } from "~/modules/discounts/code-checks.server";
import { normalizeDiscountCode } from "~/modules/discounts/discount";
import { lineKey } from "./cart";
import { CHECKOUT_EMAIL_INVALID_MESSAGE, checkoutEmailSchema } from "./cart.schema";
import {
  addToCart,
  removeLine,
  setCartEmail,
  setDelivery,
  setDiscountCode,
  setLineQuantity,
  takeOverLines,
} from "./cart-commands.server";
import {
  INVALID_FORM_MESSAGE,
  parseAddForm,
  parseLineForm,
  parseLockerForm,
  parseQuantity,
  parseTakeoverForm,
  readIntent,
} from "./cart-forms";
import { CartError, type CartOwner, type CartRecord, unitCount } from "./cart-store.server";
import {
  CART_COUNT_COOKIE,
  CART_ID_COOKIE,
  type CartActionData,
  type CartIntent,
  type CartLoaderData,
  type CartNotice,
  type CartView,
  ENHANCED_FIELD,
  LEGACY_CART_COOKIE,
  readCartCount,
} from "./cart-view";
import { DELIVERY_METHODS } from "./delivery-choice";
import { findCart } from "./owner-cart.server";
import { quoteCart } from "./pricing.server";

const CART_MAX_AGE = 60 * 60 * 24 * 30;
/** New guest carts per IP address in 10 minutes: a shopper makes one; a script making thousands is stopped. */
const NEW_CARTS_PER_IP = 30;
const NEW_CART_WINDOW_MS = 10 * 60_000;

export type CartUser = { id: string; email: string } | null;
export type Visitor = { owner: CartOwner; user: CartUser };

/** The cart's visitor: the signed-in customer (read by the route) and the browser's cart cookie. */
export function visitorOf(request: Request, user: CartUser): Visitor {
  return {
    user: user ? { id: user.id, email: user.email } : null,
    owner: { userId: user?.id ?? null, cookieCartId: readCookie(request, CART_ID_COOKIE) },
  };
}

/**
 * Set-Cookie headers that bring the browser's cookies in line with its cart: the id for a guest's
 * cart (an account's cart is found by the session), the count for the badge, and the old
 * local-storage mirror gone.
 */
export function syncCartCookies(
  request: Request,
  visitor: Visitor,
  cart: CartRecord | null,
  headers: Headers,
) {
  const secure = env().siteUrl.startsWith("https:") ? "; Secure" : "";
  const set = (name: string, value: string, httpOnly: boolean) =>
    headers.append(
      "Set-Cookie",
      `${name}=${value}; Path=/; Max-Age=${CART_MAX_AGE}; SameSite=Lax${httpOnly ? "; HttpOnly" : ""}${secure}`,
    );
  const clear = (name: string, httpOnly: boolean) =>
    headers.append(
      "Set-Cookie",
      `${name}=; Path=/; Max-Age=0; SameSite=Lax${httpOnly ? "; HttpOnly" : ""}${secure}`,
    );

  const guestCartId = visitor.user ? null : (cart?.id ?? null);
  const sentId = readCookie(request, CART_ID_COOKIE);
  if (guestCartId) {
    if (sentId !== guestCartId) set(CART_ID_COOKIE, guestCartId, true);
  } else if (sentId !== null) clear(CART_ID_COOKIE, true);

  const count = unitCount(cart);
  const sentCount = readCookie(request, CART_COUNT_COOKIE);
  if (count > 0) {
    if (readCartCount(request.headers.get("cookie")) !== count || sentCount === null) {
      set(CART_COUNT_COOKIE, String(count), false);
    }
  } else if (sentCount !== null) clear(CART_COUNT_COOKIE, false);
  if (readCookie(request, LEGACY_CART_COOKIE) !== null) clear(LEGACY_CART_COOKIE, false);
}

/** The cart as the page shows it: every line priced now, the code re-checked, the totals. */
async function viewOf(
  cart: CartRecord,
  visitor: Visitor,
): Promise<{ view: CartView | null; notice: CartNotice | null }> {
  if (cart.lines.length === 0) return { view: null, notice: null };
  const quoteFor = (discountCode: string | null) =>
    quoteCart(db(), {
      lines: cart.lines,
      deliveryMethod: cart.deliveryMethod,
      discountCode,
      userId: visitor.user?.id ?? null,
      email: visitor.user?.email ?? cart.email,
    });
  let quote = await quoteFor(cart.discountCode);
  let notice: CartNotice | null = null;
  if (cart.discountCode && quote.discount && !quote.discount.valid) {
    // A code that stopped applying (expired, used up, the cart below its minimum) leaves the cart.
    notice = { title: `Kod ${cart.discountCode} usunięty`, message: quote.discount.message };
    await setDiscountCode(db(), visitor.owner, null);
    quote = await quoteFor(null);
  }
  const idByKey = new Map(cart.lines.map((line) => [lineKey(line), line.id]));
  const lines = quote.lines.flatMap((line) => {
    const id = idByKey.get(lineKey(line));
    return id ? [{ ...line, id }] : [];
  });
  const discount = quote.discount;
  const emailReason = visitor.user
    ? null
    : discount?.valid && discount.firstOrderOnly
      ? ("first-order" as const)
      : lines.some((line) => line.limitPerCustomer)
        ? ("limit" as const)
        : null;
  return {
    notice,
    view: {
      lines,
      count: unitCount(cart),
      delivery: {
        method: cart.deliveryMethod,
        locker: cart.deliveryMethod === "inpost" ? cart.locker : null,
      },
      discountCode: discount?.valid ? cart.discountCode : null,
      discount,
      email: cart.email,
      emailRequired: emailReason !== null,
      emailReason,
      totals: quote.totals,
      purchasable: quote.purchasable,
    },
  };
}

export async function cartLoader(request: Request, user: CartUser) {
  const visitor = visitorOf(request, user);
  const personal = Boolean(
    visitor.user ||
      readCookie(request, CART_ID_COOKIE) !== null ||
      readCookie(request, CART_COUNT_COOKIE) !== null ||
      readCookie(request, LEGACY_CART_COOKIE) !== null,
  );
  const headers = new Headers();
  if (personal) headers.set("Cache-Control", "private, no-store");
  if (!personal) return data<CartLoaderData>({ cart: null, notice: null }, { headers });
  const cart = await findCart(db(), visitor.owner);
  const { view, notice } = cart ? await viewOf(cart, visitor) : { view: null, notice: null };
  syncCartCookies(request, visitor, cart, headers);
  return data<CartLoaderData>({ cart: view, notice }, { headers });
}

export function cartRefusal(
  intent: CartIntent | null,
  status: number,
  title: string,
  message: string,
  extra: { field?: string; productId?: string; retryAfter?: number } = {},
  headers = new Headers(),
) {
  headers.set("Cache-Control", "no-store");
  if (extra.retryAfter) headers.set("Retry-After", String(extra.retryAfter));
  const body: CartActionData = {
    ok: false,
    intent,
    title,
    message,
    ...(extra.field ? { field: extra.field } : {}),
    ...(extra.productId ? { productId: extra.productId } : {}),
  };
  return data(body, { status, headers });
}

const NOT_CHANGED = "Nie zmieniono koszyka";

/** The posted form, or the 400 to answer when the body is no form. */
export async function readCartForm(request: Request) {
  try {
    return { form: await request.formData() };
  } catch {
    return { refused: cartRefusal(null, 400, NOT_CHANGED, INVALID_FORM_MESSAGE) };
  }
}

/**
 * Every cart change but checkout (which is the checkout module's, over the same cart). `returnTo` is
 * where a plain add goes, already checked by the route to be a path of ours.
 */
export async function cartAction(
  request: Request,
  { form, user, returnTo }: { form: FormData; user: CartUser; returnTo: string | null },
) {
  const intent = readIntent(form);
  if (!intent || intent === "checkout") return cartRefusal(null, 400, NOT_CHANGED, INVALID_FORM_MESSAGE);
  const enhanced = form.get(ENHANCED_FIELD) === "1";
  const visitor = visitorOf(request, user);
  const headers = new Headers({ "Cache-Control": "no-store" });

  const done = (cart: CartRecord | null, extra: { title?: string; message?: string } = {}) => {
    syncCartCookies(request, visitor, cart, headers);
    if (!enhanced) {
      return redirect((intent === "add" ? returnTo : null) ?? "/cart", { status: 303, headers });
    }
    const body: CartActionData = { ok: true, intent, count: unitCount(cart), ...extra };
    return data(body, { headers });
  };

  try {
    switch (intent) {
      case "add": {
        const parsed = parseAddForm(form);
        if (parsed.refused)
          return cartRefusal(intent, 400, "Nie dodano do koszyka", parsed.refused.message, parsed.refused);
        const limited = await limitNewCart(request, visitor);
        if (limited) return limited;
        const { cart, added } = await addToCart(db(), visitor.owner, parsed.value);
        const short = added.filter((line) => line.added < line.asked);
        const names = added.map((line) => line.name).join(", ");
        return done(cart, {
          title: "Dodano do koszyka",
          message:
            added.length === 1
              ? short.length > 0
                ? `${names} został dodany do koszyka (${added[0].added} szt. — tyle zostało w magazynie)`
                : `${names} został dodany do koszyka`
              : `${names} — dodano do koszyka`,
        });
      }
      case "quantity": {
        const line = parseLineForm(form);
        if (line.refused) return cartRefusal(intent, 400, NOT_CHANGED, line.refused.message, line.refused);
        const quantity = parseQuantity(
          typeof form.get("quantity") === "string" ? (form.get("quantity") as string) : null,
        );
        if (quantity.refused)
          return cartRefusal(intent, 400, NOT_CHANGED, quantity.refused.message, quantity.refused);
        return done(
          await mustHaveCart(await setLineQuantity(db(), visitor.owner, line.value, quantity.value)),
        );
      }
      case "remove": {
        const line = parseLineForm(form);
        if (line.refused) return cartRefusal(intent, 400, NOT_CHANGED, line.refused.message, line.refused);
        return done(await mustHaveCart(await removeLine(db(), visitor.owner, line.value)), {
          title: "Usunięto z koszyka",
          message: "Produkt został usunięty z koszyka",
        });
      }
      case "delivery": {
        const method = DELIVERY_METHODS.find((candidate) => candidate === form.get("method"));
        if (!method)
          return cartRefusal(intent, 400, NOT_CHANGED, "Wybierz sposób dostawy.", { field: "method" });
        return done(await mustHaveCart(await setDelivery(db(), visitor.owner, method)));
      }
      case "locker": {
        const locker = parseLockerForm(form);
        if (locker.refused)
          return cartRefusal(intent, 400, NOT_CHANGED, locker.refused.message, locker.refused);
        return done(await mustHaveCart(await setDelivery(db(), visitor.owner, "inpost", locker.value)));
      }
      case "code":
        return await applyCode(request, form, visitor, done);
      case "remove-code":
        return done(await mustHaveCart(await setDiscountCode(db(), visitor.owner, null)));
      case "email": {
        const email = parseCartEmail(form);
        if (!email.ok) return cartRefusal(intent, 400, NOT_CHANGED, email.message, { field: "email" });
        return done(await mustHaveCart(await setCartEmail(db(), visitor.owner, email.value)));
      }
      case "takeover": {
        const lines = parseTakeoverForm(form);
        if (lines.refused) return cartRefusal(intent, 400, NOT_CHANGED, lines.refused.message);
        if (lines.value.length > 0) {
          const limited = await limitNewCart(request, visitor);
          if (limited) return limited;
        }
        const cart =
          (await takeOverLines(db(), visitor.owner, lines.value)) ?? (await findCart(db(), visitor.owner));
        return done(cart);
      }
    }
  } catch (error) {
    if (error instanceof CartError) {
      return cartRefusal(intent, error.status, error.title, error.message, {
        field: error.field,
        productId: error.productId,
      });
    }
    throw error;
  }
}

export const EMPTY_CART = new CartError(400, NOT_CHANGED, "Koszyk jest pusty.");

async function mustHaveCart(cart: CartRecord | null): Promise<CartRecord> {
  if (!cart) throw EMPTY_CART;
  return cart;
}

/** A guest's first cart counts against a per-IP limit (a script cannot fill the table). */
async function limitNewCart(request: Request, visitor: Visitor) {
  if (visitor.user) return null;
  if (await findCart(db(), visitor.owner)) return null;
  const limit = await checkRateLimit(`cart-new:${clientKey(clientIp(request))}`, {
    limit: NEW_CARTS_PER_IP,
    windowMs: NEW_CART_WINDOW_MS,
  });
  if (limit.allowed) return null;
  return cartRefusal(
    "add",
    429,
    "Zbyt wiele prób",
    "Zbyt wiele nowych koszyków z tego adresu. Spróbuj ponownie za kilka minut.",
    {
      retryAfter: limit.retryAfterSeconds,
    },
  );
}

export function parseCartEmail(form: FormData): { ok: true; value: string } | { ok: false; message: string } {
  const raw = form.get("email");
  const parsed = checkoutEmailSchema.safeParse(typeof raw === "string" ? raw : "");
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: CHECKOUT_EMAIL_INVALID_MESSAGE };
}

async function applyCode(
  request: Request,
  form: FormData,
  visitor: Visitor,
  done: (
    cart: CartRecord | null,
    extra?: { title?: string; message?: string },
  ) => Response | ReturnType<typeof data>,
) {
  const raw = form.get("code");
  const code = typeof raw === "string" ? normalizeDiscountCode(raw) : "";
  if (!code) return cartRefusal("code", 400, "Nieprawidłowy kod", "Wpisz kod rabatowy.", { field: "code" });
  if (code.length > 64 || !/^[\p{L}\p{N}_-]+$/u.test(code)) {
    return cartRefusal("code", 400, "Nieprawidłowy kod", "Nieprawidłowy kod rabatowy", { field: "code" });
  }
  const cart = await findCart(db(), visitor.owner);
  if (!cart || cart.lines.length === 0) throw EMPTY_CART;
  const check = await codeCheckFor(request, code);
  if (check.refused) {
    const body = (await check.refused.json().catch(() => null)) as { message?: string } | null;
    return cartRefusal("code", 429, "Zbyt wiele prób", body?.message ?? INVALID_FORM_MESSAGE, {
      field: "code",
      retryAfter: Number(check.refused.headers.get("Retry-After")) || undefined,
    });
  }
  const quote = await quoteCart(db(), {
    lines: cart.lines,
    deliveryMethod: cart.deliveryMethod,
    discountCode: code,
    userId: visitor.user?.id ?? null,
    email: visitor.user?.email ?? cart.email,
  });
  const valid = quote.discount?.valid === true;
  await check.settle(valid);
  if (!quote.discount?.valid) {
    return cartRefusal(
      "code",
      400,
      "Nieprawidłowy kod",
      quote.discount?.message ?? "Nieprawidłowy kod rabatowy",
      {
        field: "code",
      },
    );
  }
  const changed = await setDiscountCode(db(), visitor.owner, code);
  return done(changed, { title: "Kod rabatowy zastosowany!", message: quote.discount.message });
}

/**
 * After a login: the guest cart of this browser merged into the account's, and the cookies set for the
 * account's cart (the badge shows it at once, in this browser and on any other device). A failure
 * here never fails the login: the cart merges on the next look at it.
 */
export async function cartCookiesOnLogin(request: Request, userId: string): Promise<string[]> {
  const visitor = visitorOf(request, { id: userId, email: "" });
  try {
    const cart = await findCart(db(), visitor.owner);
    const headers = new Headers();
    syncCartCookies(request, visitor, cart, headers);
    return headers.getSetCookie();
  } catch (error) {
    logger.error({ err: error }, "the cart could not follow the login");
    return [];
  }
}

/** Cookies that bring the browser in line with its cart as it is now (after an order emptied it). */
export async function currentCartCookies(request: Request, user: CartUser): Promise<string[]> {
  const visitor = visitorOf(request, user);
  try {
    const headers = new Headers();
    syncCartCookies(request, visitor, await findCart(db(), visitor.owner), headers);
    return headers.getSetCookie();
  } catch (error) {
    logger.error({ err: error }, "the cart's cookies could not be brought in line");
    return [];
  }
}

/** After a logout the badge is empty (the cart stays with the account). */
export function cartCookiesOnLogout(): string[] {
  const secure = env().siteUrl.startsWith("https:") ? "; Secure" : "";
  return [
    `${CART_COUNT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
    `${CART_ID_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly${secure}`,
  ];
}
