/**
 * The server cart's takeover, merge and cookie under attack (issue #42, items 6–10), through `/cart`'s
 * action and the login's cart hand-over as a browser reaches them: a takeover and a login merge hold
 * lines to stock, release and the per-customer limit as adding does; a planted cart cookie is never
 * merged at login; takeovers are limited per cart and per address; a checkout started as a guest and
 * paid after logging in empties the cart its lines went to; a short add says its true reason.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setCookie } from "../../app/lib/cookies.server";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { withQueryTally } from "../../app/lib/query-tally.server";
import { requestContext } from "../../app/lib/request-context";
import { cartCookiesOnLogin, OLD_CART_ID, sentCartId } from "../../app/modules/cart/cart-cookies.server";
import type { CartResult } from "../../app/modules/cart/cart-view";
import { findCart } from "../../app/modules/cart/owner-cart.server";
import { getActiveProductBySlug } from "../../app/modules/catalog/catalog.server";
import { payTestCheckout } from "../../app/modules/checkout/test-payment.server";
import { action } from "../../app/routes/cart";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const SITE = "https://sklep.example";
const originalSiteUrl = process.env.SITE_URL;
const originalNewCarts = process.env.NEW_CARTS_PER_IP;

beforeAll(async () => {
  // The site on https, as in production: the cart cookie is `__Host-`.
  process.env.SITE_URL = SITE;
  // Takeovers per address follow the new carts' limit: small here, so the test is quick.
  process.env.NEW_CARTS_PER_IP = "5";
  resetEnvCache();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});
afterAll(async () => {
  setDatabase(undefined);
  await database?.dispose();
  if (originalSiteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = originalSiteUrl;
  if (originalNewCarts === undefined) delete process.env.NEW_CARTS_PER_IP;
  else process.env.NEW_CARTS_PER_IP = originalNewCarts;
  resetEnvCache();
});

async function product(slug: string) {
  const found = await getActiveProductBySlug(database.db, slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
}

let nextIp = 1;
/** A browser on its own address: its cookie jar, and forms posted to `/cart` as it would post them. */
function browser(clientIp = `198.51.100.${nextIp++}`) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    jar,
    cookieHeader,
    request: (path = "/auth") => new Request(`${SITE}${path}`, { headers: { cookie: cookieHeader() } }),
    keep(headers: Headers) {
      for (const cookie of headers.getSetCookie()) {
        const [pair, ...attributes] = cookie.split(";");
        const [name, value] = pair.split("=");
        if (attributes.some((attribute) => attribute.trim() === "Max-Age=0")) jar.delete(name);
        else jar.set(name, value);
      }
    },
    async post(fields: Record<string, string>, ip = clientIp) {
      const body = new URLSearchParams({ ...fields, _enhanced: "1" });
      const request = new Request(`${SITE}/cart`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader() },
        body,
      });
      const result = await action({
        request,
        params: {},
        context: requestContext({ clientIp: ip }),
      } as never).catch((thrown: unknown) => thrown);
      if (result instanceof Response) {
        this.keep(result.headers);
        return {
          status: result.status,
          data: null,
          headers: result.headers,
          location: result.headers.get("location") ?? "",
        };
      }
      const { data, init } = result as { data: CartResult; init: ResponseInit | null };
      const headers = new Headers(init?.headers);
      this.keep(headers);
      return { status: init?.status ?? 200, data, headers, location: "" };
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** The login's cart hand-over (app/routes/auth.tsx) for this browser. */
async function logIn(visitor: Browser, userId: string) {
  const headers = new Headers();
  await cartCookiesOnLogin(
    { userId, sent: await sentCartId(visitor.request().headers.get("cookie")) },
    headers,
  );
  visitor.keep(headers);
  return headers;
}

async function newAccount() {
  const [account] = await database.db
    .insert(s.user)
    .values({
      id: randomUUID(),
      email: `klient-${randomUUID()}@example.pl`,
      name: "Klient",
      emailVerified: true,
    })
    .returning();
  return account;
}

async function accountLines(userId: string) {
  const cart = await findCart(database.db, { userId, cookieCartId: null });
  return cart?.lines.map((line) => [line.productId, line.variantId, line.quantity]) ?? [];
}

/** The tote: limited to 2 per customer, 8 in stock. Stickers vol. 1: no limit, 8 in stock. */
async function fixtures() {
  const tote = await product("torba-nokturn-tote");
  const stickers = await product("naklejki-pack-vol-1");
  const tee = await product("koszulka-nokturn-logo");
  const [soldOut, inStock] = tee.variants;
  await database.db
    .update(s.products)
    .set({ maxPerCustomer: 2, stockQuantity: 8, releaseAt: null })
    .where(eq(s.products.id, tote.id));
  await database.db
    .update(s.products)
    .set({ maxPerCustomer: null, stockQuantity: 8, releaseAt: null })
    .where(eq(s.products.id, stickers.id));
  await database.db
    .update(s.productVariants)
    .set({ stockQuantity: 0 })
    .where(eq(s.productVariants.id, soldOut.id));
  await database.db
    .update(s.productVariants)
    .set({ stockQuantity: 20 })
    .where(eq(s.productVariants.id, inStock.id));
  return { tote, stickers, tee, soldOut, inStock };
}

beforeEach(async () => {
  await database.db.delete(s.rateLimit);
});

describe("item 10: a short add says its true reason", () => {
  it("3 of a product limited to 2 (20 in stock) adds 2 and names the limit, not the stock", async () => {
    const { tote } = await fixtures();
    await database.db.update(s.products).set({ stockQuantity: 20 }).where(eq(s.products.id, tote.id));
    const added = await browser().post({ intent: "add", productId: tote.id, quantity: "3" });
    expect(added.status).toBe(200);
    expect(added.data).toMatchObject({ ok: true, count: 2 });
    expect(added.data?.message).toBe(
      `${tote.name} został dodany do koszyka (2 szt. — limit to 2 szt. na klienta)`,
    );
    expect(added.data?.message).not.toMatch(/magazynie/);
  });

  it("short of stock still says so", async () => {
    const { stickers } = await fixtures();
    const added = await browser().post({ intent: "add", productId: stickers.id, quantity: "12" });
    expect(added.data?.message).toBe(
      `${stickers.name} został dodany do koszyka (8 szt. — tyle zostało w magazynie)`,
    );
  });
});

describe("item 6: takeover and merge hold lines as adding does", () => {
  it("an old cart taken over is held to the per-customer limit and the stock; a sold-out size is left out", async () => {
    const { tote, stickers, tee, soldOut } = await fixtures();
    const visitor = browser();
    const lines = JSON.stringify([
      { productId: tote.id, variantId: null, quantity: 99 },
      { productId: stickers.id, variantId: null, quantity: 99 },
      { productId: tee.id, variantId: soldOut.id, quantity: 1 },
    ]);
    const taken = await visitor.post({ intent: "takeover", lines });
    expect(taken.status).toBe(200);
    expect(taken.data).toMatchObject({ ok: true, count: 2 + 8 });
  });

  it("an unreleased product is left out of a takeover", async () => {
    const { stickers } = await fixtures();
    await database.db
      .update(s.products)
      .set({ releaseAt: new Date(Date.now() + 86_400_000) })
      .where(eq(s.products.id, stickers.id));
    const taken = await browser().post({
      intent: "takeover",
      lines: JSON.stringify([{ productId: stickers.id, variantId: null, quantity: 1 }]),
    });
    expect(taken.data).toMatchObject({ ok: true, count: 0 });
  });

  it("a login merge is held to the limit and the stock, and leaves out what sold out", async () => {
    const { tote, stickers, tee, soldOut, inStock } = await fixtures();
    const account = await newAccount();
    // The account already holds 1 tote and 5 stickers (another device).
    const phone = browser();
    await phone.post({ intent: "add", productId: tote.id, quantity: "1" });
    await phone.post({ intent: "add", productId: stickers.id, quantity: "5" });
    await logIn(phone, account.id);
    // This browser, as a guest: 2 totes, 5 stickers, one tee of each size (then one sold out).
    const laptop = browser();
    await laptop.post({ intent: "add", productId: tote.id, quantity: "2" });
    await laptop.post({ intent: "add", productId: stickers.id, quantity: "5" });
    await laptop.post({ intent: "add", productId: tee.id, variantId: inStock.id, quantity: "1" });
    await database.db
      .update(s.productVariants)
      .set({ stockQuantity: 5 })
      .where(eq(s.productVariants.id, soldOut.id));
    await laptop.post({ intent: "add", productId: tee.id, variantId: soldOut.id, quantity: "1" });
    await database.db
      .update(s.productVariants)
      .set({ stockQuantity: 0 })
      .where(eq(s.productVariants.id, soldOut.id));

    await logIn(laptop, account.id);
    expect(await accountLines(account.id)).toEqual([
      [tote.id, null, 2],
      [stickers.id, null, 8],
      [tee.id, inStock.id, 1],
    ]);
  });
});

describe("item 8: takeovers are limited and cheap", () => {
  const unknown = () =>
    JSON.stringify(
      Array.from({ length: 50 }, () => ({ productId: randomUUID(), variantId: null, quantity: 1 })),
    );

  it("one cart's repeated takeovers, from any address, are refused with a Polish 429 and Retry-After", async () => {
    const { stickers } = await fixtures();
    const visitor = browser();
    await visitor.post({ intent: "add", productId: stickers.id });
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(await visitor.post({ intent: "takeover", lines: unknown() }, `192.0.2.${i + 1}`));
    }
    expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200]);
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.data).toMatchObject({ ok: false, title: "Zbyt wiele prób" });
    expect(refused?.data?.message).toMatch(/koszyk/);
    expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("one address's takeovers from many browsers, each with its cart, are refused with 429", async () => {
    const { stickers } = await fixtures();
    const ip = "203.0.113.99";
    const statuses = [];
    for (let i = 0; i < 7; i++) {
      const visitor = browser();
      await visitor.post({ intent: "add", productId: stickers.id });
      statuses.push((await visitor.post({ intent: "takeover", lines: unknown() }, ip)).status);
    }
    expect(statuses).toContain(429);
    // Another address is not held back.
    expect((await browser().post({ intent: "takeover", lines: unknown() })).status).toBe(200);
  });

  it("costs the same few queries for 50 lines as for one", async () => {
    const { stickers } = await fixtures();
    const queriesFor = async (lines: string) => {
      const visitor = browser();
      await visitor.post({ intent: "add", productId: stickers.id });
      const { result, tally } = withQueryTally(() => visitor.post({ intent: "takeover", lines }));
      expect((await result).status).toBe(200);
      return tally.queries;
    };
    const oneLine = JSON.stringify([{ productId: randomUUID(), variantId: null, quantity: 1 }]);
    // The first takeover also prunes old rate-limit windows: counted apart.
    await queriesFor(oneLine);
    const one = await queriesFor(oneLine);
    expect(await queriesFor(unknown())).toBe(one);
  });
});

describe("item 9: a guest's checkout paid after logging in", () => {
  it("empties the account's cart the guest's lines went to", async () => {
    const { stickers } = await fixtures();
    const account = await newAccount();
    const visitor = browser();
    await visitor.post({ intent: "add", productId: stickers.id, quantity: "2" });
    const started = await visitor.post({ intent: "checkout", email: "gosc@example.pl" });
    const checkoutId = started.location.match(/platnosc-testowa\/([0-9a-f-]{36})/)?.[1] ?? "";
    expect(checkoutId).not.toBe("");

    await logIn(visitor, account.id);
    expect(await accountLines(account.id)).toEqual([[stickers.id, null, 2]]);
    const paid = await payTestCheckout(checkoutId, {
      email: "gosc@example.pl",
      name: "Gość Testowy",
      address: "ul. Długa 5",
      postalCode: "50-100",
      city: "Wrocław",
    });
    expect(paid?.created).toBe(true);
    expect(await accountLines(account.id)).toEqual([]);
  });
});

describe("item 7: a planted cart cookie", () => {
  it("the cart cookie is __Host- on https, HttpOnly, Secure, Path=/ and no Domain", async () => {
    const { stickers } = await fixtures();
    const added = await browser().post({ intent: "add", productId: stickers.id });
    const cookie = added.headers.getSetCookie().find((value) => value.startsWith("__Host-nokturn_cart_id="));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Domain/i);
  });

  it("is never merged at login: neither its lines nor its locker, under either name", async () => {
    const { stickers, tote } = await fixtures();
    const account = await newAccount();
    // The victim's account cart: a tote to their own locker.
    const victimPhone = browser();
    await victimPhone.post({ intent: "add", productId: tote.id });
    await victimPhone.post({ intent: "locker", lockerCode: "WRO01M" });
    await logIn(victimPhone, account.id);

    // The attacker's own cart, with their locker, and its cookie.
    const attacker = browser();
    await attacker.post({ intent: "add", productId: stickers.id, quantity: "3" });
    await attacker.post({ intent: "locker", lockerCode: "KRA99Z" });
    const [name, value] = [...attacker.jar].find(([cookie]) => cookie.includes("nokturn_cart_id")) ?? [];
    expect(name).toBeDefined();

    // Planted in the victim's browser: under the old name (a sibling subdomain or plain HTTP can set
    // it), and under the new name as raw and forged values.
    for (const planted of [
      { nokturn_cart_id: value ?? "" },
      { nokturn_cart_id: (await cartIdOf(attacker)) ?? "" },
      { "__Host-nokturn_cart_id": (await cartIdOf(attacker)) ?? "" },
    ]) {
      const victim = browser();
      for (const [cookie, content] of Object.entries(planted)) victim.jar.set(cookie, content);
      await logIn(victim, account.id);
      const cart = await findCart(database.db, { userId: account.id, cookieCartId: null });
      expect(cart?.lines.map((line) => [line.productId, line.quantity])).toEqual([[tote.id, 1]]);
      expect(cart?.locker?.name).toBe("WRO01M");
    }
    // The attacker's cart is still theirs.
    expect((await attacker.post({ intent: "add", productId: stickers.id })).data).toMatchObject({ count: 4 });
  });

  it("a guest cart made in this browser still follows the login, and the account's locker wins", async () => {
    const { stickers, tote } = await fixtures();
    const account = await newAccount();
    const phone = browser();
    await phone.post({ intent: "add", productId: tote.id });
    await phone.post({ intent: "locker", lockerCode: "WRO01M" });
    await logIn(phone, account.id);
    const laptop = browser();
    await laptop.post({ intent: "add", productId: stickers.id, quantity: "2" });
    await laptop.post({ intent: "locker", lockerCode: "GDA11A" });
    await logIn(laptop, account.id);
    const cart = await findCart(database.db, { userId: account.id, cookieCartId: null });
    expect(cart?.lines.map((line) => [line.productId, line.quantity])).toEqual([
      [tote.id, 1],
      [stickers.id, 2],
    ]);
    expect(cart?.locker?.name).toBe("WRO01M");
  });
});

describe("the cart cookie lives as long as the cart", () => {
  it("every change writes the id again for 30 days (the sweep counts from the last change)", async () => {
    const { stickers } = await fixtures();
    const shopper = browser();
    await shopper.post({ intent: "add", productId: stickers.id });
    const again = await shopper.post({ intent: "add", productId: stickers.id });
    expect(again.data).toMatchObject({ ok: true, count: 2 });
    const cookie = again.headers.getSetCookie().find((value) => value.startsWith("__Host-nokturn_cart_id="));
    expect(cookie).toMatch(/Max-Age=2592000/);
  });
});

describe("item 7: the old cookie", () => {
  it("a guest with the old unsigned cookie keeps their cart, and it is not rewritten as bound", async () => {
    const { stickers } = await fixtures();
    const first = browser();
    await first.post({ intent: "add", productId: stickers.id });
    const written = new Headers();
    await setCookie(written, OLD_CART_ID, (await cartIdOf(first)) ?? "");
    const old = browser();
    const [name, value] = written.getSetCookie()[0].split(";")[0].split("=");
    old.jar.set(name, value);
    const added = await old.post({ intent: "add", productId: stickers.id });
    expect(added.data).toMatchObject({ ok: true, count: 2 });
    expect(added.headers.getSetCookie().some((cookie) => cookie.includes("nokturn_cart_id"))).toBe(false);
  });
});

/** The attacker's cart id (which a planted raw value would carry). */
async function cartIdOf(visitor: Browser) {
  const sent = await sentCartId(visitor.request().headers.get("cookie"));
  return sent.cartId;
}
