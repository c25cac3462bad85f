/**
 * The cart on the server (decision 031), through `/cart`'s loader and action as a browser's forms
 * reach them, against a real (PGlite or PostgreSQL) database with the demo seed: cookies, plain forms
 * (a 303 back with the message as a flash) and enhanced ones (data with the same message), every
 * refusal a Polish 400/409 that leaves the cart as it was, concurrency, the merge on login, the old
 * cart's takeover, and checkout from the stored cart.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieData } from "../../app/lib/cookies";
import { setCookie } from "../../app/lib/cookies.server";
import { setDatabase } from "../../app/lib/db.server";
import type { FlashMessage } from "../../app/lib/flash";
import { requestContext } from "../../app/lib/request-context";
import { cartCookiesOnLogin, OLD_CART_ID, sentCartId } from "../../app/modules/cart/cart-cookies.server";
import { sweepAbandonedCarts } from "../../app/modules/cart/cart-store.server";
import {
  CART_COUNT_COOKIE,
  CART_ID_COOKIE,
  type CartLoaderData,
  type CartResult,
} from "../../app/modules/cart/cart-view";
import { findCart } from "../../app/modules/cart/owner-cart.server";
import { getActiveProductBySlug } from "../../app/modules/catalog/catalog.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { action, loader } from "../../app/routes/cart";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { flashIn } from "../support/flash";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
});

async function product(slug: string) {
  const found = await getActiveProductBySlug(database.db, slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
}

/** A browser: its cookie jar, and forms posted to `/cart` as it would post them. */
function browser(initial: Record<string, string> = {}, clientIp = "203.0.113.50") {
  const jar = new Map(Object.entries(initial));
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const keep = (headers: Headers) => {
    for (const cookie of headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(";");
      const [name, value] = pair.split("=");
      if (attributes.some((attribute) => attribute.trim() === "Max-Age=0")) jar.delete(name);
      else jar.set(name, value);
    }
  };
  return {
    jar,
    cookieHeader,
    /** A request to the site carrying this browser's cookies. */
    request: () => new Request("http://localhost/", { headers: { cookie: cookieHeader() } }),
    /** A cookie's value as the server reads it (its jar holds what was set: React Router's encoding). */
    sent(name: string) {
      const value = cookieData(cookieHeader(), name);
      return typeof value === "string" ? value : undefined;
    },
    async post(fields: Record<string, string | string[]>, { enhanced = false } = {}) {
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(fields)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
      }
      if (enhanced) body.set("_enhanced", "1");
      const request = new Request("http://localhost/cart", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader() },
        body,
      });
      const result = await action({
        request,
        params: {},
        context: requestContext({ clientIp }),
      } as never).catch((thrown: unknown) => thrown);
      if (result instanceof Response) {
        keep(result.headers);
        return {
          status: result.status,
          location: result.headers.get("location"),
          data: null,
          flash: await flashIn(result),
          headers: result.headers,
        };
      }
      const { data, init } = result as { data: CartResult; init: ResponseInit | null };
      const headers = new Headers(init?.headers);
      keep(headers);
      return {
        status: init?.status ?? 200,
        location: null,
        data,
        flash: null as FlashMessage | null,
        headers,
      };
    },
    async load() {
      const request = new Request("http://localhost/cart", { headers: { cookie: cookieHeader() } });
      const { data, init } = (await loader({
        request,
        params: {},
        context: requestContext(),
      } as never)) as unknown as {
        data: CartLoaderData;
        init: ResponseInit | null;
      };
      const headers = new Headers(init?.headers);
      keep(headers);
      return { ...data, headers };
    },
  };
}

/** The cart id this browser's cookie names (signed: issue #42). */
async function cartIdOf(visitor: { request(): Request }) {
  return (await sentCartId(visitor.request().headers.get("cookie"))).cartId;
}

async function teeAndStickers() {
  const tee = await product("koszulka-nokturn-logo");
  const sizeM = tee.variants.find((variant) => variant.size === "M");
  if (!sizeM) throw new Error("no size M");
  const stickers = await product("naklejki-pack-vol-1");
  return { tee, sizeM, stickers };
}

async function cartRows() {
  return database.db.select().from(s.cartLines);
}

describe("new guest carts per address", () => {
  it("lets one address make NEW_CARTS_PER_IP carts in 10 minutes, then refuses the next with 429, Retry-After and its cart unmade", async () => {
    const { stickers } = await teeAndStickers();
    const ip = "198.51.100.77";
    const add = { intent: "add", productId: stickers.id };
    for (let made = 0; made < 30; made++) {
      expect((await browser({}, ip).post(add, { enhanced: true })).status).toBe(200);
    }
    const before = (await cartRows()).length;
    const refused = await browser({}, ip).post(add, { enhanced: true });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({
      ok: false,
      title: "Zbyt wiele prób",
      message: "Zbyt wiele nowych koszyków z tego adresu. Spróbuj ponownie za kilka minut.",
    });
    // The same words after a plain form's redirect, and no cart made for either.
    const plain = await browser({}, ip).post(add);
    expect(plain.flash).toMatchObject({ kind: "error", title: "Zbyt wiele prób" });
    expect((await cartRows()).length).toBe(before);
    // A visitor who already has a cart, and another address, are not held back.
    const other = browser({}, "198.51.100.78");
    expect((await other.post(add, { enhanced: true })).status).toBe(200);
    expect((await other.post(add, { enhanced: true })).status).toBe(200);
  });
});

describe("the cart on the server", () => {
  it("a plain form adds and redirects; the cookies name the cart (httpOnly) and count it (readable)", async () => {
    const { tee, sizeM } = await teeAndStickers();
    const visitor = browser();
    const added = await visitor.post({
      intent: "add",
      productId: tee.id,
      variantId: sizeM.id,
      quantity: "2",
      returnTo: "/merch",
    });
    expect(added.status).toBe(303);
    expect(added.location).toBe("/merch");
    expect(added.flash).toMatchObject({
      kind: "success",
      title: "Dodano do koszyka",
      description: `${tee.name} został dodany do koszyka`,
    });
    const cookies = added.headers.getSetCookie();
    expect(cookies.find((cookie) => cookie.startsWith(`${CART_ID_COOKIE}=`))).toMatch(/HttpOnly/);
    const count = cookies.find((cookie) => cookie.startsWith(`${CART_COUNT_COOKIE}=`));
    expect(cookieData(count?.split(";")[0], CART_COUNT_COOKIE)).toBe("2");
    expect(count).not.toMatch(/HttpOnly/);

    const page = await visitor.load();
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.cart?.lines).toHaveLength(1);
    expect(page.cart?.lines[0]).toMatchObject({
      productId: tee.id,
      variantId: sizeM.id,
      quantity: 2,
      unitPrice: tee.price,
      status: "ok",
    });
    expect(page.cart?.totals.subtotal).toBe(tee.price * 2);
    expect(page.cart?.count).toBe(2);

    // A foreign redirect target is not followed.
    const away = await visitor.post({
      intent: "add",
      productId: tee.id,
      variantId: sizeM.id,
      returnTo: "//evil.example",
    });
    expect(away.location).toBe("/cart");
  });

  it("an enhanced form is answered with data; quantity, remove, delivery, locker, e-mail", async () => {
    const { tee, sizeM, stickers } = await teeAndStickers();
    const visitor = browser();
    const first = await visitor.post(
      { intent: "add", productId: stickers.id, variantId: "" },
      { enhanced: true },
    );
    expect(first.data).toMatchObject({
      ok: true,
      intent: "add",
      count: 1,
      title: "Dodano do koszyka",
      message: `${stickers.name} został dodany do koszyka`,
    });
    await visitor.post({ intent: "add", productId: tee.id, variantId: sizeM.id }, { enhanced: true });
    let page = await visitor.load();
    const [stickerLine, teeLine] = page.cart?.lines ?? [];
    expect(stickerLine.productId).toBe(stickers.id);

    expect(
      (await visitor.post({ intent: "quantity", line: teeLine.id, quantity: "3" }, { enhanced: true })).data,
    ).toMatchObject({ ok: true, count: 4 });
    expect(
      (await visitor.post({ intent: "remove", line: stickerLine.id }, { enhanced: true })).data,
    ).toMatchObject({ ok: true, count: 3 });
    await visitor.post({ intent: "locker", lockerCode: " wro01m " }, { enhanced: true });
    page = await visitor.load();
    expect(page.cart?.delivery).toEqual({
      method: "inpost",
      locker: { id: "WRO01M", name: "WRO01M", address: { line1: "Paczkomat InPost WRO01M", line2: "" } },
    });
    await visitor.post({ intent: "delivery", method: "courier" }, { enhanced: true });
    expect((await visitor.load()).cart?.delivery).toEqual({ method: "courier", locker: null });
    await visitor.post({ intent: "email", email: "kupujacy@example.pl" }, { enhanced: true });
    expect((await visitor.load()).cart?.email).toBe("kupujacy@example.pl");
    expect(visitor.sent(CART_COUNT_COOKIE)).toBe("3");
  });

  it("every cart form tells a plain post (303 + flash) what it tells an enhanced one (data)", async () => {
    const { tee, sizeM, stickers } = await teeAndStickers();
    const plain = browser({}, "203.0.113.61");
    const enhanced = browser({}, "203.0.113.62");
    const both = async (fields: (who: ReturnType<typeof browser>) => Promise<Record<string, string>>) => {
      const data = await enhanced.post(await fields(enhanced), { enhanced: true });
      const redirect = await plain.post(await fields(plain));
      expect(data.data?.ok, JSON.stringify(data.data)).toBe(true);
      expect(redirect.status).toBe(303);
      if (!data.data?.message && !data.data?.title) {
        // A change the page shows by itself (a quantity, a delivery): no message either way.
        expect(redirect.flash).toBeNull();
      } else {
        expect(redirect.flash?.kind).toBe("success");
        expect(redirect.flash?.description ?? redirect.flash?.title).toBe(data.data?.message);
        if (data.data?.title) expect(redirect.flash?.title).toBe(data.data.title);
      }
      return { data: data.data, flash: redirect.flash, location: redirect.location };
    };
    const lineOf = async (who: ReturnType<typeof browser>, productId: string) =>
      (await who.load()).cart?.lines.find((line) => line.productId === productId)?.id ?? "";

    const added = await both(async () => ({
      intent: "add",
      productId: stickers.id,
      returnTo: "/merch/naklejki-pack-vol-1",
    }));
    expect(added.location).toBe("/merch/naklejki-pack-vol-1");
    expect(added.flash).toMatchObject({ title: "Dodano do koszyka" });
    await both(async () => ({ intent: "add", productId: tee.id, variantId: sizeM.id }));
    const quantity = await both(async (who) => ({
      intent: "quantity",
      line: await lineOf(who, tee.id),
      quantity: "2",
    }));
    expect(quantity.location).toBe("/cart");
    expect(quantity.data?.message).toBe("");
    const removed = await both(async (who) => ({ intent: "remove", line: await lineOf(who, tee.id) }));
    expect(removed.flash).toMatchObject({
      title: "Usunięto z koszyka",
      description: "Produkt został usunięty z koszyka",
    });
    await both(async () => ({ intent: "delivery", method: "inpost" }));
    const locker = await both(async () => ({ intent: "locker", lockerCode: "WRO01M" }));
    // The words the map's choice is toasted with, scripts or not.
    expect(locker.flash).toMatchObject({
      title: "Wybrano Paczkomat",
      description: "WRO01M, Paczkomat InPost WRO01M",
    });
    await both(async () => ({ intent: "email", email: "kupujacy@example.pl" }));
    const code = await both(async () => ({ intent: "code", code: "nokturn10" }));
    expect(code.flash?.title).toBe("Sukces!");
    expect((await plain.load()).cart?.discountCode).toBe("NOKTURN10");
    const removedCode = await both(async () => ({ intent: "remove-code" }));
    expect(removedCode.flash?.title).toBe("Kod usunięty");
    const lines = JSON.stringify([{ productId: stickers.id, variantId: null, quantity: 1 }]);
    await both(async () => ({ intent: "takeover", lines }));
    expect((await plain.load()).cart?.lines.map((line) => line.quantity)).toEqual([2]);
  });

  it("too many code checks from one address: 429 with Retry-After, the same words plain", async () => {
    const { stickers } = await teeAndStickers();
    const guesser = browser({}, "203.0.113.77");
    await guesser.post({ intent: "add", productId: stickers.id });
    let refused: Awaited<ReturnType<typeof guesser.post>> | undefined;
    for (let guess = 0; guess < 80 && !refused; guess++) {
      const answer = await guesser.post({ intent: "code", code: `ZGADUJE${guess}` }, { enhanced: true });
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.data).toMatchObject({ ok: false, title: "Zbyt wiele prób", field: "code" });
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
    const plain = await guesser.post({ intent: "code", code: "NOKTURN10" });
    expect(plain.flash).toMatchObject({
      kind: "error",
      title: "Zbyt wiele prób",
      description: refused?.data?.message,
    });
  });

  it("refuses bad input with a Polish 400/409 and leaves the cart as it was", async () => {
    const { tee, sizeM, stickers } = await teeAndStickers();
    const otherProduct = await product("bluza-nokturn-afterhours");
    const visitor = browser();
    await visitor.post({ intent: "add", productId: tee.id, variantId: sizeM.id });
    const before = (await visitor.load()).cart;
    const lineId = before?.lines[0].id ?? "";
    const stranger = browser();
    await stranger.post({ intent: "add", productId: stickers.id });
    const strangersLine = (await stranger.load()).cart?.lines[0].id ?? "";

    const refusals: [Record<string, string>, number, RegExp][] = [
      [{ intent: "add", productId: randomUUID() }, 400, /nie jest dostępny/],
      [{ intent: "add", productId: "not-a-uuid" }, 400, /nie jest dostępny/],
      [{ intent: "add", productId: `${tee.id}\u0000` }, 400, /Nieprawidłowe dane/],
      [{ intent: "add", productId: tee.id, variantId: "" }, 400, /Wybierz rozmiar/],
      [
        { intent: "add", productId: tee.id, variantId: otherProduct.variants[0].id },
        400,
        /rozmiar .* nie jest dostępny/,
      ],
      [{ intent: "add", productId: tee.id, variantId: sizeM.id, quantity: "0" }, 400, /od 1 do 99/],
      [{ intent: "add", productId: tee.id, variantId: sizeM.id, quantity: "-1" }, 400, /od 1 do 99/],
      [{ intent: "add", productId: tee.id, variantId: sizeM.id, quantity: "1000000000" }, 400, /od 1 do 99/],
      [{ intent: "add", productId: tee.id, variantId: sizeM.id, quantity: "1e3" }, 400, /od 1 do 99/],
      [{ intent: "quantity", line: lineId, quantity: "0" }, 400, /od 1 do 99/],
      [{ intent: "quantity", line: lineId, quantity: "-1" }, 400, /od 1 do 99/],
      [{ intent: "quantity", line: lineId, quantity: "1000000000" }, 400, /od 1 do 99/],
      [{ intent: "quantity", line: strangersLine, quantity: "5" }, 400, /Tej pozycji nie ma/],
      [{ intent: "remove", line: strangersLine }, 400, /Tej pozycji nie ma/],
      [{ intent: "remove", line: "x".repeat(5000) }, 400, /Nieprawidłowe dane/],
      [{ intent: "delivery", method: "drone" }, 400, /sposób dostawy/],
      [{ intent: "locker", lockerCode: "<script>" }, 400, /kod Paczkomatu/],
      [{ intent: "email", email: "nie-mail" }, 400, /Nieprawidłowy adres email/],
      [{ intent: "code", code: "NIEMA123" }, 400, /./],
      [{ intent: "takeover", lines: "{not json" }, 400, /Nieprawidłowe dane/],
      [{ intent: "steal" }, 400, /Nieprawidłowe dane/],
    ];
    for (const [fields, status, message] of refusals) {
      // Enhanced: the status and the message as data.
      const enhanced = await visitor.post(fields, { enhanced: true });
      expect(enhanced.status, JSON.stringify(fields)).toBe(status);
      expect(enhanced.data).toMatchObject({ ok: false });
      const said = enhanced.data?.message ?? "";
      expect(said, JSON.stringify(fields)).toMatch(message);
      // Plain: a 303 back to the cart with the same words as an error flash.
      const plain = await visitor.post(fields);
      expect(plain.status, JSON.stringify(fields)).toBe(303);
      expect(plain.location).toBe("/cart");
      const flash = plain.flash;
      expect(flash?.kind, JSON.stringify(fields)).toBe("error");
      expect(flash?.description ?? flash?.title, JSON.stringify(fields)).toBe(said);
      if (enhanced.data?.title) expect(flash?.title).toBe(enhanced.data.title);
    }
    const after = (await visitor.load()).cart;
    expect(after?.lines).toEqual(before?.lines);
    expect(after?.delivery).toEqual(before?.delivery);
    expect(after?.discountCode).toBeNull();
    expect((await stranger.load()).cart?.lines).toHaveLength(1);

    // More than the stock: refused, nothing added beyond it.
    const tooManyFields = {
      intent: "quantity",
      line: lineId,
      quantity: String(Math.min(99, sizeM.stockQuantity + 1)),
    };
    const tooMany = await visitor.post(tooManyFields, { enhanced: true });
    expect(tooMany.status).toBe(409);
    expect(tooMany.data).toMatchObject({ ok: false, title: "Brak kolejnych sztuk" });
    const plainTooMany = await visitor.post(tooManyFields);
    expect(plainTooMany.flash).toMatchObject({
      kind: "error",
      title: "Brak kolejnych sztuk",
      description: tooMany.data?.message,
    });
    expect((await visitor.load()).cart?.lines[0].quantity).toBe(1);
  });

  it("a forged, foreign, huge or malformed cart cookie is no cart, and never opens someone's", async () => {
    const { stickers } = await teeAndStickers();
    const [account] = await database.db
      .insert(s.user)
      .values({
        id: randomUUID(),
        email: `konto-${randomUUID()}@example.pl`,
        name: "Konto",
        emailVerified: true,
      })
      .returning();
    const owner = browser();
    await owner.post({ intent: "add", productId: stickers.id });
    const accountCart = await findCart(database.db, {
      userId: null,
      cookieCartId: await cartIdOf(owner),
    });
    // Make it an account's cart: its id in a guest's cookie must not open it.
    await database.db
      .update(s.carts)
      .set({ userId: account.id })
      .where(eq(s.carts.id, accountCart?.id ?? ""));

    // The account cart's id in the old cookie (still read for a guest: issue #42), and raw as it was
    // before (decision 035).
    const written = new Headers();
    await setCookie(written, OLD_CART_ID, accountCart?.id ?? "");
    const encodedId = written.getSetCookie()[0].split(";")[0].slice(`${CART_ID_COOKIE}=`.length);
    for (const value of [
      encodedId,
      accountCart?.id ?? "",
      randomUUID(),
      "x".repeat(100_000),
      "%00%00",
      "..%2F",
    ]) {
      const intruder = browser({ [CART_ID_COOKIE]: value });
      expect((await intruder.load()).cart).toBeNull();
      const quantity = await intruder.post(
        { intent: "quantity", line: randomUUID(), quantity: "2" },
        { enhanced: true },
      );
      expect(quantity.status).toBe(400);
    }
    const [still] = await database.db
      .select()
      .from(s.cartLines)
      .where(eq(s.cartLines.cartId, accountCart?.id ?? ""));
    expect(still.quantity).toBe(1);
  });

  it("twenty taps at once on one cart add twenty units, one line", async () => {
    const { stickers } = await teeAndStickers();
    const visitor = browser();
    await visitor.post({ intent: "add", productId: stickers.id });
    const taps = Array.from({ length: 20 }, () =>
      visitor.post({ intent: "add", productId: stickers.id }, { enhanced: true }),
    );
    const answers = await Promise.all(taps);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const page = await visitor.load();
    expect(page.cart?.lines).toHaveLength(1);
    expect(page.cart?.lines[0].quantity).toBe(Math.min(21, stickers.stock));
  });

  it("merges a guest cart into the account's on login, and takes an old local-storage cart over once", async () => {
    const { tee, sizeM, stickers } = await teeAndStickers();
    const [account] = await database.db
      .insert(s.user)
      .values({
        id: randomUUID(),
        email: `klient-${randomUUID()}@example.pl`,
        name: "Klient",
        emailVerified: true,
      })
      .returning();
    // The account already has a cart from another device.
    const phone = await findCart(database.db, { userId: account.id, cookieCartId: null });
    expect(phone).toBeNull();
    const laptop = browser();
    await laptop.post({ intent: "add", productId: stickers.id, quantity: "2" });
    await cartCookiesOnLogin(
      { userId: account.id, sent: await sentCartId(laptop.request().headers.get("cookie")) },
      new Headers(),
    );
    const accountCart = await findCart(database.db, { userId: account.id, cookieCartId: null });
    expect(accountCart?.lines).toMatchObject([{ productId: stickers.id, quantity: 2 }]);

    // A second browser shops as a guest, then logs in: both carts are one.
    const second = browser();
    await second.post({ intent: "add", productId: stickers.id });
    await second.post({ intent: "add", productId: tee.id, variantId: sizeM.id });
    const guestId = await cartIdOf(second);
    const loginHeaders = new Headers();
    await cartCookiesOnLogin(
      { userId: account.id, sent: await sentCartId(second.request().headers.get("cookie")) },
      loginHeaders,
    );
    const cookies = loginHeaders.getSetCookie();
    const count = cookies.find((cookie) => cookie.startsWith(`${CART_COUNT_COOKIE}=`));
    expect(cookieData(count?.split(";")[0], CART_COUNT_COOKIE)).toBe("4");
    expect(cookies.some((cookie) => cookie.startsWith(`${CART_ID_COOKIE}=;`))).toBe(true);
    const merged = await findCart(database.db, { userId: account.id, cookieCartId: null });
    expect(merged?.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [stickers.id, 3],
      [tee.id, 1],
    ]);
    expect(
      await database.db
        .select()
        .from(s.carts)
        .where(eq(s.carts.id, guestId ?? "")),
    ).toEqual([]);

    // The old cart: valid lines taken over, unknown ones left out, and only once.
    const old = browser({ nokturn_cart: "legacy" });
    const lines = JSON.stringify([
      { productId: stickers.id, variantId: null, quantity: 2 },
      { productId: randomUUID(), variantId: null, quantity: 1 },
      { productId: tee.id, variantId: sizeM.id, quantity: 10 ** 9 },
      "junk",
    ]);
    const takeover = await old.post({ intent: "takeover", lines }, { enhanced: true });
    // Held to the stock as adding is (issue #42).
    const [size] = await database.db
      .select()
      .from(s.productVariants)
      .where(eq(s.productVariants.id, sizeM.id));
    expect(takeover.data).toMatchObject({ ok: true, count: 2 + Math.min(99, size.stockQuantity) });
    expect(takeover.headers.getSetCookie().some((cookie) => cookie.startsWith("nokturn_cart=;"))).toBe(true);
    const taken = (await old.load()).cart;
    expect(taken?.lines.map((line) => line.productId)).toEqual([stickers.id, tee.id]);
  });

  it("checkout starts from the stored cart, goes to the payment page, and the paid order empties the cart", async () => {
    const { stickers } = await teeAndStickers();
    const visitor = browser();
    const noCart = await visitor.post({ intent: "checkout" }, { enhanced: true });
    expect(noCart.status).toBe(400);
    await visitor.post({ intent: "add", productId: stickers.id });
    await visitor.post({ intent: "delivery", method: "inpost" });
    const noLocker = await visitor.post({ intent: "checkout" }, { enhanced: true });
    expect(noLocker.status).toBe(400);
    expect(noLocker.data).toMatchObject({
      ok: false,
      title: "Wybierz Paczkomat",
      message: "Musisz wybrać Paczkomat InPost przed płatnością",
      field: "lockerCode",
    });
    const plainNoLocker = await visitor.post({ intent: "checkout" });
    expect(plainNoLocker.location).toBe("/cart");
    expect(plainNoLocker.flash).toMatchObject({
      kind: "error",
      title: "Wybierz Paczkomat",
      description: "Musisz wybrać Paczkomat InPost przed płatnością",
    });
    await visitor.post({ intent: "locker", lockerCode: "WRO01M" });

    const started = await visitor.post({ intent: "checkout" }, { enhanced: true });
    expect(started.status).toBe(303);
    expect(started.location).toMatch(/\/platnosc-testowa\//);
    const checkoutId = started.location?.match(/platnosc-testowa\/([0-9a-f-]{36})/)?.[1] ?? "";
    const [checkout] = await database.db.select().from(s.checkouts).where(eq(s.checkouts.id, checkoutId));
    expect(checkout.locker?.name).toBe("WRO01M");
    expect(checkout.lines).toMatchObject([{ productId: stickers.id, quantity: 1 }]);
    expect((await visitor.load()).cart?.lines).toHaveLength(1);

    const paid = await payTestCheckout(checkoutId, {
      email: "gosc@example.pl",
      name: "Gość Testowy",
      address: "ul. Długa 5",
      postalCode: "50-100",
      city: "Wrocław",
    });
    expect(paid?.created).toBe(true);
    const after = await visitor.load();
    expect(after.cart).toBeNull();
    expect(visitor.jar.has(CART_COUNT_COOKIE)).toBe(false);
    expect((await cartRows()).some((row) => row.cartId === checkout.cartId)).toBe(false);
  });

  it("sweeps guest carts untouched for 30 days, never an account's", async () => {
    const { stickers } = await teeAndStickers();
    const [account] = await database.db
      .insert(s.user)
      .values({
        id: randomUUID(),
        email: `stary-${randomUUID()}@example.pl`,
        name: "Stary",
        emailVerified: true,
      })
      .returning();
    const old = browser();
    await old.post({ intent: "add", productId: stickers.id });
    const fresh = browser();
    await fresh.post({ intent: "add", productId: stickers.id });
    const [accountCart] = await database.db.insert(s.carts).values({ userId: account.id }).returning();
    const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    for (const id of [(await cartIdOf(old)) ?? "", accountCart.id]) {
      await database.db.update(s.carts).set({ updatedAt: longAgo }).where(eq(s.carts.id, id));
    }
    expect(await sweepAbandonedCarts(database.db)).toBe(1);
    expect((await old.load()).cart).toBeNull();
    expect((await fresh.load()).cart?.lines).toHaveLength(1);
    expect(await database.db.select().from(s.carts).where(eq(s.carts.id, accountCart.id))).toHaveLength(1);
  });

  it("a visitor without cookies gets the shared, cacheable empty cart", async () => {
    const page = await browser().load();
    expect(page.cart).toBeNull();
    expect(page.headers.get("Cache-Control")).toBeNull();
    expect(page.headers.getSetCookie()).toEqual([]);
  });
});
