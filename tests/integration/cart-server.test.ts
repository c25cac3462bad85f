/**
 * `/cart` rendered by the server (decision 026): the cart cookie's lines priced by the same
 * `quoteCart` as POST /api/cart/prices, against a real (PGlite or PostgreSQL) database with the demo
 * seed. A cookie is the visitor's own word about ids and quantities only: forged, foreign, unknown or
 * oversized lines are priced by the server or shown unavailable, never a failure.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../../app/lib/db.server";
import { setDatabase } from "../../app/lib/db.server";
import { CART_COOKIE_NAME, encodeCartCookie, packUuid } from "../../app/modules/cart/cart-cookie";
import { MAX_LINE_QUANTITY } from "../../app/modules/cart/limits";
import { quoteCart } from "../../app/modules/cart/pricing.server";
import { loadServerCart } from "../../app/modules/cart/server-cart.server";
import { getActiveProductBySlug } from "../../app/modules/catalog/catalog.server";
import { loader } from "../../app/routes/cart";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
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

function cookie(lines: { productId: string; variantId: string | null; quantity: number }[]) {
  return `nokturn_device=abc.def; ${CART_COOKIE_NAME}=${encodeCartCookie(lines)}`;
}

async function teeAndStickers() {
  const tee = await product("koszulka-nokturn-logo");
  const sizeM = tee.variants.find((variant) => variant.size === "M");
  if (!sizeM) throw new Error("no size M");
  const stickers = await product("naklejki-pack-vol-1");
  return { tee, sizeM, stickers };
}

async function callLoader(cookieHeader: string | null) {
  const headers = new Headers();
  if (cookieHeader) headers.set("cookie", cookieHeader);
  const request = new Request("http://localhost/cart", { headers });
  const result = (await loader({ request, params: {}, context: {} } as unknown as Parameters<
    typeof loader
  >[0])) as unknown as { data: { serverCart: unknown }; init?: ResponseInit | null };
  return { serverCart: result.data.serverCart, headers: new Headers(result.init?.headers) };
}

describe("loadServerCart", () => {
  it("prices the cookie's two products as /api/cart/prices does (courier, no code), in the browser's line shape", async () => {
    const { tee, sizeM, stickers } = await teeAndStickers();
    const lines = [
      { productId: tee.id, variantId: sizeM.id, quantity: 2 },
      { productId: stickers.id, variantId: null, quantity: 1 },
    ];
    const result = await loadServerCart(database.db, cookie(lines));
    expect(result.personal).toBe(true);
    const expected = await quoteCart(database.db, { lines, deliveryMethod: "courier", discountCode: null });
    expect(result.cart?.quote).toEqual(expected);
    expect(result.cart?.items).toEqual([
      expect.objectContaining({
        productId: tee.id,
        variantId: sizeM.id,
        name: "Koszulka NOKTURN Logo",
        slug: "koszulka-nokturn-logo",
        size: "M",
        quantity: 2,
        price: tee.price + sizeM.additionalPrice,
        image: expect.stringMatching(/^\/.+\.(?:avif|webp|jpe?g)$/),
      }),
      expect.objectContaining({
        productId: stickers.id,
        variantId: null,
        name: stickers.name,
        quantity: 1,
        price: stickers.price,
        size: null,
      }),
    ]);
    expect(result.cart?.quote.totals.subtotal).toBe((tee.price + sizeM.additionalPrice) * 2 + stickers.price);
    expect(result.cart?.quote.purchasable).toBe(true);
  });

  it("no cookie: nothing to render and nothing personal; an empty or unreadable cookie: personal, nothing to render", async () => {
    expect(await loadServerCart(database.db, null)).toEqual({ personal: false, cart: null });
    expect(await loadServerCart(database.db, "nokturn_device=abc")).toEqual({ personal: false, cart: null });
    expect(await loadServerCart(database.db, `${CART_COOKIE_NAME}=`)).toEqual({ personal: true, cart: null });
    expect(await loadServerCart(database.db, `${CART_COOKIE_NAME}=%00%00{"price":1}`)).toEqual({
      personal: true,
      cart: null,
    });
    expect(await loadServerCart(database.db, `${CART_COOKIE_NAME}=${"x".repeat(100 * 1024)}`)).toEqual({
      personal: true,
      cart: null,
    });
  });

  it("a forged cookie cannot set a price: a foreign product id is just a product the server prices", async () => {
    const { stickers } = await teeAndStickers();
    // A price-looking field or a name in the value is not part of the format: the line is dropped.
    const forged = `${CART_COOKIE_NAME}=${packUuid(stickers.id)}..1.price=1~${packUuid(stickers.id)}..3`;
    const result = await loadServerCart(database.db, forged);
    expect(result.cart?.items).toEqual([
      expect.objectContaining({ productId: stickers.id, quantity: 3, price: 1900 }),
    ]);
    expect(result.cart?.quote.totals.subtotal).toBe(3 * stickers.price);
  });

  it("unknown ids, inactive products and missing variants come back unavailable, never an error", async () => {
    const { tee, stickers } = await teeAndStickers();
    const [inactive] = await database.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, "naklejki-pack-vol-2"));
    if (!inactive) throw new Error("no inactive product");
    const result = await loadServerCart(
      database.db,
      cookie([
        { productId: randomUUID(), variantId: null, quantity: 1 },
        { productId: inactive.id, variantId: null, quantity: 1 },
        { productId: tee.id, variantId: null, quantity: 1 },
        { productId: tee.id, variantId: randomUUID(), quantity: 1 },
        { productId: stickers.id, variantId: null, quantity: 1 },
      ]),
    );
    expect(result.cart?.quote.lines.map((line) => line.status)).toEqual([
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "ok",
    ]);
    expect(result.cart?.quote.lines[0].problem).toBe("Ten produkt nie jest już dostępny w sklepie.");
    expect(result.cart?.items[1].name).toBe(inactive.name);
    expect(result.cart?.quote.purchasable).toBe(false);
    // Unavailable lines count nothing.
    expect(result.cart?.quote.totals.subtotal).toBe(stickers.price);
  });

  it("quantities over the limit are held to MAX_LINE_QUANTITY and checked against the stock", async () => {
    const { tee, sizeM } = await teeAndStickers();
    const value = `${packUuid(tee.id)}.${packUuid(sizeM.id)}.100000`;
    const result = await loadServerCart(database.db, `${CART_COOKIE_NAME}=${value}`);
    const [line] = result.cart?.quote.lines ?? [];
    expect(line.quantity).toBe(MAX_LINE_QUANTITY);
    expect(line.status).toBe("insufficient_stock");
    expect(line.problem).toMatch(/w magazynie zostało tylko \d+ szt\./);
  });

  it("a database failure leaves the page to the browser (skeleton), never throws", async () => {
    const { stickers } = await teeAndStickers();
    const broken = {
      select() {
        throw new Error("connection lost");
      },
    } as unknown as Executor;
    expect(
      await loadServerCart(broken, cookie([{ productId: stickers.id, variantId: null, quantity: 1 }])),
    ).toEqual({ personal: true, cart: null });
  });
});

describe("the /cart loader", () => {
  it("with the cart cookie: the priced cart and Cache-Control private, no-store", async () => {
    const { stickers } = await teeAndStickers();
    const { serverCart, headers } = await callLoader(
      cookie([{ productId: stickers.id, variantId: null, quantity: 2 }]),
    );
    expect(serverCart).toMatchObject({ items: [{ productId: stickers.id, quantity: 2 }] });
    expect(headers.get("cache-control")).toBe("private, no-store");
  });

  it("without it: no cart, no private header (the anonymous page stays the same for everyone)", async () => {
    const { serverCart, headers } = await callLoader(null);
    expect(serverCart).toBeNull();
    expect(headers.get("cache-control")).toBeNull();
  });
});
