/**
 * The shop's server side against a real (PGlite or PostgreSQL) database with the demo seed: catalogue
 * reads, cart pricing and availability, discount codes, reviews, and the two JSON endpoints.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { formatPrice } from "../../app/lib/money";
import { requestContext } from "../../app/lib/request-context";
import { resetAuth } from "../../app/modules/accounts/auth.server";
import type { CartResult } from "../../app/modules/cart/cart-view";
import { priceCartLines, pricedSubtotal, quoteCart } from "../../app/modules/cart/pricing.server";
import {
  getActiveProductBySlug,
  getProductNeighbours,
  listActiveProducts,
} from "../../app/modules/catalog/catalog.server";
import {
  CODE_CHECK_LIMIT as DISCOUNT_CHECK_LIMIT,
  TOO_MANY_CODE_CHECKS_MESSAGE as TOO_MANY_CHECKS_MESSAGE,
} from "../../app/modules/discounts/code-checks";
import { validateDiscountCode } from "../../app/modules/discounts/discount-codes.server";
import { listProductReviews, saveReview } from "../../app/modules/reviews/reviews.server";
import { action as cartAction } from "../../app/routes/cart";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const origin = "http://localhost:3000";

beforeAll(async () => {
  process.env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
  resetEnvCache();
  resetAuth();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});
afterAll(async () => {
  setDatabase(undefined);
  resetAuth();
  await database?.dispose();
});

async function product(slug: string) {
  const found = await getActiveProductBySlug(database.db, slug);
  if (!found) throw new Error(`no product ${slug}`);
  return found;
}

async function customerId() {
  const [row] = await database.db.select().from(s.user).where(eq(s.user.email, DEMO_CUSTOMER.email));
  return row.id;
}

async function adminId() {
  const [row] = await database.db.select().from(s.user).where(eq(s.user.email, DEMO_ADMIN.email));
  return row.id;
}

describe("catalogue", () => {
  it("lists only active products, newest first, with variant-aware stock", async () => {
    const products = await listActiveProducts(database.db);
    expect(products.map((p) => p.slug)).not.toContain("naklejki-pack-vol-2");
    expect(products).toHaveLength(11);
    expect(products[0].slug).toBe("longsleeve-strobe");
    const dates = products.map((p) => new Date(p.createdAt).getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(products.find((p) => p.slug === "koszulka-nokturn-logo")?.stock).toBe(6 + 14 + 22 + 18 + 9);
    expect(products.find((p) => p.slug === "smycz-nokturn")?.stock).toBe(0);
  });

  it("finds an active product by slug with its sizes in order; inactive and unknown are null", async () => {
    const tee = await product("koszulka-nokturn-logo");
    expect(tee.variants.map((v) => v.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(tee.variants.at(-1)).toMatchObject({ stockQuantity: 0, additionalPrice: 1000 });
    expect(await getActiveProductBySlug(database.db, "naklejki-pack-vol-2")).toBeNull();
    expect(await getActiveProductBySlug(database.db, "nie-ma")).toBeNull();
    expect(await getActiveProductBySlug(database.db, "'; drop table products; --")).toBeNull();
  });

  it("suggests related products (4) and a bundle (2, in stock) of the same category", async () => {
    const hoodie = await product("bluza-nokturn-afterhours");
    const { related } = await getProductNeighbours(database.db, hoodie);
    expect(related.map((p) => p.category)).toEqual(["clothing", "clothing", "clothing"]);
    expect(related.map((p) => p.slug)).not.toContain(hoodie.slug);
    const beanie = await product("czapka-nokturn-beanie");
    const { bundle, related: beanieRelated } = await getProductNeighbours(database.db, beanie);
    expect(bundle).toHaveLength(2);
    expect(bundle.every((p) => p.category === "accessory" && p.stock > 0 && p.id !== beanie.id)).toBe(true);
    expect(beanieRelated.length).toBeLessThanOrEqual(4);
  });
});

describe("cart pricing", () => {
  it("prices lines from the database: product price + variant additional price", async () => {
    const tee = await product("koszulka-nokturn-logo");
    const xxl = tee.variants.find((v) => v.size === "XXL")!;
    const m = tee.variants.find((v) => v.size === "M")!;
    const tote = await product("torba-nokturn-tote");
    const lines = await priceCartLines(database.db, [
      { productId: tee.id, variantId: m.id, quantity: 2 },
      { productId: tote.id, variantId: null, quantity: 1 },
    ]);
    expect(lines.map((l) => [l.name, l.size, l.unitPrice, l.lineTotal, l.status])).toEqual([
      ["Koszulka NOKTURN Logo", "M", 12900, 25800, "ok"],
      ["Torba NOKTURN Tote", null, 6900, 6900, "ok"],
    ]);
    expect(pricedSubtotal(lines)).toBe(32700);
    // A sold-out size is unavailable, whatever the browser believes.
    const [sold] = await priceCartLines(database.db, [{ productId: tee.id, variantId: xxl.id, quantity: 1 }]);
    expect(sold).toMatchObject({ status: "unavailable", unitPrice: 13900, availableStock: 0 });
  });

  it("reports short stock, inactive products, foreign or missing variants and garbage ids", async () => {
    const beanie = await product("czapka-nokturn-beanie");
    const tee = await product("koszulka-nokturn-logo");
    const hoodie = await product("bluza-nokturn-afterhours");
    const [inactive] = await database.db
      .select()
      .from(s.products)
      .where(eq(s.products.slug, "naklejki-pack-vol-2"));
    const lines = await priceCartLines(database.db, [
      { productId: beanie.id, variantId: null, quantity: 5 },
      { productId: inactive.id, variantId: null, quantity: 1 },
      { productId: tee.id, variantId: hoodie.variants[0].id, quantity: 1 },
      { productId: tee.id, variantId: null, quantity: 1 },
      { productId: beanie.id, variantId: tee.variants[0].id, quantity: 1 },
      { productId: "not-a-uuid", variantId: null, quantity: 1 },
      { productId: "00000000-0000-4000-8000-000000000000", variantId: null, quantity: 1 },
    ]);
    expect(lines.map((l) => l.status)).toEqual([
      "insufficient_stock",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
      "unavailable",
    ]);
    expect(lines[0]).toMatchObject({
      availableStock: 3,
      problem: "Czapka NOKTURN Beanie: w magazynie zostało tylko 3 szt.",
    });
    expect(lines[1].problem).toMatch(/nie jest już dostępny/);
  });

  it("merges repeated lines of one variant before checking stock", async () => {
    const beanie = await product("czapka-nokturn-beanie");
    const lines = await priceCartLines(database.db, [
      { productId: beanie.id, variantId: null, quantity: 2 },
      { productId: beanie.id, variantId: null, quantity: 2 },
    ]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 4, status: "insufficient_stock" });
  });

  it("quotes a cart: discount re-validated on the server's subtotal, delivery and total", async () => {
    const tote = await product("torba-nokturn-tote");
    const one = [{ productId: tote.id, variantId: null, quantity: 1 }];
    const plain = await quoteCart(database.db, { lines: one, deliveryMethod: "courier" });
    expect(plain.totals).toMatchObject({ subtotal: 6900, deliveryCost: 1699, total: 8599 });
    expect(plain.purchasable).toBe(true);
    const inpost = await quoteCart(database.db, {
      lines: one,
      deliveryMethod: "inpost",
      discountCode: "nokturn10",
    });
    expect(inpost.totals).toMatchObject({
      subtotal: 6900,
      discountAmount: 690,
      deliveryCost: 1399,
      total: 7609,
    });
    const three = await quoteCart(database.db, {
      lines: [{ productId: tote.id, variantId: null, quantity: 3 }],
      deliveryMethod: "courier",
    });
    expect(three.totals).toMatchObject({
      subtotal: 20700,
      deliveryCost: 0,
      total: 20700,
      freeDelivery: true,
    });
    const discounted = await quoteCart(database.db, {
      lines: [{ productId: tote.id, variantId: null, quantity: 3 }],
      deliveryMethod: "courier",
      discountCode: "NOKTURN10",
    });
    expect(discounted.totals).toMatchObject({
      productsAfterDiscount: 18630,
      deliveryCost: 1699,
      total: 20329,
    });
    const combo = await quoteCart(database.db, {
      lines: one,
      deliveryMethod: "courier",
      discountCode: "COMBO15",
    });
    expect(combo.totals).toMatchObject({ discountAmount: 1500, deliveryCost: 0, total: 5400 });
    const refused = await quoteCart(database.db, {
      lines: one,
      deliveryMethod: "courier",
      discountCode: "MIN150",
    });
    expect(refused.discount).toMatchObject({ valid: false, reason: "below_minimum" });
    expect(refused.totals.total).toBe(8599);
  });
});

describe("discount codes against the database", () => {
  it("applies each seeded code's rules", async () => {
    const check = (code: string, subtotal = 6900, buyer: { userId?: string; email?: string } = {}) =>
      validateDiscountCode(database.db, { code, subtotal, ...buyer });
    expect(await check("NOKTURN10")).toMatchObject({ valid: true, type: "percentage", discountAmount: 690 });
    expect(await check("rave20")).toMatchObject({ valid: true, type: "fixed_amount", discountAmount: 2000 });
    expect(await check("DOSTAWA0")).toMatchObject({ valid: true, discountAmount: 0, freeShipping: true });
    expect(await check("COMBO15")).toMatchObject({ valid: true, discountAmount: 1500, freeShipping: true });
    expect(await check("MIN150")).toEqual({
      valid: false,
      reason: "below_minimum",
      message: `Kod MIN150 działa przy zamówieniu od ${formatPrice(15000)}`,
    });
    expect(await check("MIN150", 15000)).toMatchObject({ valid: true, discountAmount: 3000 });
    expect(await check("SYLWESTER24")).toMatchObject({ valid: false, reason: "expired" });
    expect(await check("WYKORZYSTANY")).toMatchObject({ valid: false, reason: "used_up" });
    expect(await check("NIEMA")).toEqual({ valid: false, reason: "not_found", message: "Kod nieprawidłowy" });
    expect(await check("")).toMatchObject({ valid: false, reason: "not_found" });
    expect(await check("X".repeat(500))).toMatchObject({ valid: false, reason: "not_found" });
  });

  it("refuses first-order-only codes to a customer with orders, by account and by its verified e-mail", async () => {
    const id = await customerId();
    const check = (buyer: { userId?: string; email?: string }) =>
      validateDiscountCode(database.db, { code: "PIERWSZE15", subtotal: 6900, ...buyer });
    expect(await check({})).toMatchObject({ valid: true, discountAmount: 1035 });
    expect(await check({ userId: id })).toMatchObject({ valid: false, reason: "first_order_only" });
    // The signed-in owner of the verified address is told; a typed address gets what any address gets
    // (issue #42, decision 037: it is decided when the payment arrives).
    expect(await check({ userId: id, email: "KLIENT@nokturn.example" })).toMatchObject({
      valid: false,
      reason: "first_order_only",
    });
    expect(await check({ email: "KLIENT@nokturn.example" })).toEqual(
      await check({ email: "nowy@nokturn.example" }),
    );
    expect(await check({ email: "nowy@nokturn.example" })).toMatchObject({ valid: true });
  });

  it("refuses a deactivated code", async () => {
    await database.db
      .update(s.discountCodes)
      .set({ active: false })
      .where(eq(s.discountCodes.code, "RAVE20"));
    expect(await validateDiscountCode(database.db, { code: "RAVE20", subtotal: 6900 })).toMatchObject({
      valid: false,
      message: "Kod nieprawidłowy",
    });
    await database.db.update(s.discountCodes).set({ active: true }).where(eq(s.discountCodes.code, "RAVE20"));
  });
});

describe("reviews", () => {
  it("marks a review 'Zweryfikowany zakup' only for a product the author bought", async () => {
    const id = await customerId();
    const tote = await product("torba-nokturn-tote");
    const bandana = await product("bandana-nokturn");
    await saveReview(database.db, {
      productId: tote.id,
      userId: id,
      rating: 5,
      comment: "Mocna torba, mieści winyle.",
    });
    await saveReview(database.db, {
      productId: bandana.id,
      userId: id,
      rating: 4,
      comment: "Ładna, ale nie kupiłam.",
    });
    const [toteReview] = await listProductReviews(database.db, tote.id);
    expect(toteReview).toMatchObject({ rating: 5, verifiedPurchase: true, author: "Klient" });
    const [bandanaReview] = await listProductReviews(database.db, bandana.id);
    expect(bandanaReview.verifiedPurchase).toBe(false);
  });

  it("lists reviews newest first", async () => {
    const holo = await product("naklejka-holo-logo");
    await saveReview(database.db, {
      productId: holo.id,
      userId: await adminId(),
      rating: 3,
      comment: "Pierwsza opinia tutaj.",
    });
    await database.db.execute(
      sql`update reviews set created_at = now() - interval '2 days' where product_id = ${holo.id}`,
    );
    await saveReview(database.db, {
      productId: holo.id,
      userId: await customerId(),
      rating: 5,
      comment: "Druga, nowsza opinia.",
    });
    expect((await listProductReviews(database.db, holo.id)).map((r) => r.rating)).toEqual([5, 3]);
  });

  it("keeps one review per account per product: a second one edits the first (issue 14)", async () => {
    const id = await customerId();
    const cap = await product("czapka-nokturn-beanie");
    const saved: { id: string; edited: boolean }[] = [];
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      saved.push(
        await saveReview(database.db, {
          productId: cap.id,
          userId: id,
          rating: attempt % 2 ? 5 : 2,
          comment: `Opinia numer ${attempt}, poprawiona.`,
        }),
      );
    }
    expect(saved[0].edited).toBe(false);
    expect(saved.slice(1).every((review) => review.edited && review.id === saved[0].id)).toBe(true);
    const reviews = await listProductReviews(database.db, cap.id);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ rating: 2, comment: "Opinia numer 12, poprawiona." });
    // The database itself refuses a second row, whatever code path tries.
    await expect(
      database.db
        .insert(s.reviews)
        .values({ productId: cap.id, userId: id, rating: 1, comment: "Obejście przez insert." }),
    ).rejects.toThrow();
  });
  it("the migration keeps only the newest of the duplicates stored before the unique index", async () => {
    const cap = await product("czapka-nokturn-beanie");
    const bandana = await product("bandana-nokturn");
    const [customer, admin] = [await customerId(), await adminId()];
    const migration = fs.readFileSync(path.resolve("db/migrations/0005_review_per_account.sql"), "utf8");
    const statements = migration.split("--> statement-breakpoint").map((statement) => statement.trim());
    try {
      await database.db.execute(sql`drop index reviews_product_user_idx`);
      await database.db.delete(s.reviews).where(eq(s.reviews.productId, bandana.id));
      const rows = [
        { userId: customer, rating: 1, comment: "Najstarsza opinia.", daysAgo: 3 },
        { userId: customer, rating: 3, comment: "Średnia opinia.", daysAgo: 2 },
        { userId: customer, rating: 5, comment: "Najnowsza opinia.", daysAgo: 1 },
        { userId: admin, rating: 4, comment: "Jedyna opinia admina.", daysAgo: 5 },
      ];
      for (const row of rows) {
        await database.db.execute(sql`insert into reviews (product_id, user_id, rating, comment, created_at)
          values (${bandana.id}, ${row.userId}, ${row.rating}, ${row.comment}, now() - make_interval(days => ${row.daysAgo}))`);
      }
      // Twelve identical ones, as the attack review posted, with the same timestamp.
      for (let copy = 0; copy < 12; copy += 1) {
        await database.db.execute(sql`insert into reviews (product_id, user_id, rating, comment, created_at)
          values (${cap.id}, ${admin}, 5, 'Dwanaście razy to samo.', '2026-11-01T12:00:00Z')`);
      }
    } finally {
      for (const statement of statements) await database.db.execute(sql.raw(statement));
    }
    const bandanaReviews = await listProductReviews(database.db, bandana.id);
    expect(bandanaReviews.map((review) => review.comment).sort()).toEqual([
      "Jedyna opinia admina.",
      "Najnowsza opinia.",
    ]);
    const capByAdmin = await database.db
      .select()
      .from(s.reviews)
      .where(sql`${s.reviews.productId} = ${cap.id} and ${s.reviews.userId} = ${admin}`);
    expect(capByAdmin).toHaveLength(1);
  });
});

describe("the cart's code form (the one way a code is checked, issue #38)", () => {
  /** A guest's browser at `ip` posting the cart's forms enhanced (data), its cart cookie kept. */
  function shopper(ip: string) {
    let cookie = "";
    return async (fields: Record<string, string>, enhanced = true) => {
      const body = new URLSearchParams(fields);
      if (enhanced) body.set("_enhanced", "1");
      const request = new Request(`${origin}/cart`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie },
        body,
      });
      const result = (await cartAction({
        request,
        params: {},
        context: requestContext({ clientIp: ip }),
      } as never)) as { data: CartResult; init: ResponseInit | null } | Response;
      const headers = result instanceof Response ? result.headers : new Headers(result.init?.headers);
      const id = headers.getSetCookie().find((value) => value.startsWith("nokturn_cart_id="));
      if (id) cookie = id.split(";")[0];
      return result instanceof Response
        ? { status: result.status, data: null, headers }
        : { status: result.init?.status ?? 200, data: result.data, headers };
    };
  }

  it("checks a code against the cart's own lines, the session's user (never the form's)", async () => {
    const tote = await product("torba-nokturn-tote");
    const post = shopper("203.0.113.31");
    await post({ intent: "add", productId: tote.id });
    const valid = await post({ intent: "code", code: "nokturn10" });
    expect(valid.status).toBe(200);
    expect(valid.data).toMatchObject({
      ok: true,
      title: "Sukces!",
      message: "Kod NOKTURN10 został zastosowany",
    });
    // A guest may use the first-order code; a userId in the form means nothing.
    const guest = await post({ intent: "code", code: "PIERWSZE15", userId: await customerId() });
    expect(guest.data).toMatchObject({ ok: true });
    const invalid = await post({ intent: "code", code: "XYZ" });
    expect(invalid.status).toBe(400);
    expect(invalid.data).toMatchObject({ ok: false, field: "code", message: "Kod nieprawidłowy" });
  });

  it("limits code checks per client, so codes cannot be guessed by trying (429, Polish, Retry-After)", async () => {
    const tote = await product("torba-nokturn-tote");
    const post = shopper("203.0.113.7");
    await post({ intent: "add", productId: tote.id });
    for (let i = 0; i < DISCOUNT_CHECK_LIMIT.limit; i++) {
      expect((await post({ intent: "code", code: `ZGADUJE${i}` })).status).toBe(400);
    }
    const refused = await post({ intent: "code", code: "NOKTURN10" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.data).toMatchObject({ ok: false, message: TOO_MANY_CHECKS_MESSAGE });
    // Another client is not affected.
    const other = shopper("203.0.113.8");
    await other({ intent: "add", productId: tote.id });
    expect((await other({ intent: "code", code: "NOKTURN10" })).data).toMatchObject({ ok: true });
  });

  it("answers 400 with a Polish message for malformed forms, never 500", async () => {
    const post = shopper("203.0.113.32");
    const forms: Record<string, string>[] = [
      { intent: "code" },
      { intent: "code", code: "A".repeat(65) },
      { intent: "add", productId: "x", quantity: "1.5" },
      { intent: "delivery", method: "drone" },
    ];
    for (const fields of forms) {
      const result = await post(fields);
      expect(result.status, JSON.stringify(fields)).toBe(400);
      expect(result.data?.message).toMatch(/[ąćęłńóśźżA-Z]/);
    }
  });
});
