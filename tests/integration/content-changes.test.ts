/**
 * Writes to what public pages show notify 'content_changed' when they commit — and only then — so
 * every instance can drop its page cache (migration 0003, server/page-cache.ts). A write that only
 * moves stock says so in the payload (migration 0010, decision 032), and an instance then keeps its
 * pages, re-rendering those that show stock. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL
 * through a separate listening connection.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutRequestSchema } from "../../app/modules/cart/cart.schema";
import { releaseCheckout, startCheckout } from "../../app/modules/checkout/checkout.server";
import * as s from "../../db/schema";
import { demoProductId, demoVariantId, seedDemo } from "../../db/seed";
import { contentChanged, type Entry, PageCache } from "../../server/page-cache";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
/** The payload of every notification heard, in order. */
const heard: string[] = [];
let stop: () => Promise<void>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

/** What `write` notified: how many content changes (empty payload), and the stock changes' payloads. */
async function heardAfter(write: () => Promise<unknown>) {
  await settle();
  const from = heard.length;
  await write();
  await settle();
  const payloads = heard.slice(from);
  return {
    content: payloads.filter((payload) => payload === "").length,
    stock: payloads.filter((payload) => payload !== ""),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  stop = await database.listen("content_changed", (payload) => {
    heard.push(payload);
  });
});

afterAll(async () => {
  await stop?.();
  await database?.dispose();
});

describe("content change notifications", () => {
  const tote = demoProductId("torba-nokturn-tote");

  it("a committed price change is heard", async () => {
    expect(
      await heardAfter(() =>
        database.db.update(s.products).set({ price: 7100 }).where(eq(s.products.id, tote)),
      ),
    ).toEqual({ content: 1, stock: [] });
  });

  it("galleries, events, ambassadors and artists are heard too", async () => {
    for (const table of [s.galleries, s.events, s.ambassadors, s.artists]) {
      expect(
        (await heardAfter(() => database.db.execute(sql`update ${table} set id = id`))).content,
      ).toBeGreaterThanOrEqual(1);
    }
  });

  it("a rolled-back change is not heard; a transaction's many writes are heard once", async () => {
    const rolledBack = await heardAfter(() =>
      database.db
        .transaction(async (tx) => {
          await tx.update(s.products).set({ price: 1 }).where(eq(s.products.id, tote));
          throw new Error("rollback");
        })
        .catch(() => {}),
    );
    expect(rolledBack).toEqual({ content: 0, stock: [] });
    const [row] = await database.db
      .select({ price: s.products.price })
      .from(s.products)
      .where(eq(s.products.id, tote));
    expect(row.price).toBe(7100);

    const many = await heardAfter(() =>
      database.db.transaction(async (tx) => {
        await tx.update(s.products).set({ stockQuantity: 39 }).where(eq(s.products.id, tote));
        await tx.update(s.products).set({ stockQuantity: 38 }).where(eq(s.products.id, tote));
        await tx.update(s.galleries).set({ title: sql`title` });
      }),
    );
    expect(many).toEqual({ content: 1, stock: [`stock:${tote}`] });
  });

  it("a sale saved or ended is heard (its prices show on the shop's pages); the price history is not", async () => {
    const saved = await heardAfter(() =>
      database.db.transaction(async (tx) => {
        const [sale] = await tx
          .insert(s.sales)
          .values({
            name: "Test",
            scope: "product",
            reductionType: "percent",
            reduction: 10,
            startsAt: new Date(),
          })
          .returning();
        await tx.insert(s.saleItems).values({ saleId: sale.id, productId: tote });
      }),
    );
    expect(saved).toEqual({ content: 1, stock: [] });
    expect(
      await heardAfter(() => database.db.update(s.sales).set({ endsAt: sql`now() + interval '1 hour'` })),
    ).toEqual({
      content: 1,
      stock: [],
    });
    expect(
      await heardAfter(() =>
        database.db.insert(s.priceHistory).values({ productId: tote, price: 7100, startedAt: new Date() }),
      ),
    ).toEqual({ content: 0, stock: [] });
    await database.db.delete(s.sales);
  });

  it("writes that public pages do not show are not heard", async () => {
    for (const table of [s.discountCodes, s.orders]) {
      expect(await heardAfter(() => database.db.execute(sql`update ${table} set id = id`))).toEqual({
        content: 0,
        stock: [],
      });
    }
  });
});

describe("stock changes keep the cache (decision 032)", () => {
  const tote = demoProductId("torba-nokturn-tote");
  const tee = demoProductId("koszulka-nokturn-logo");
  const teeM = demoVariantId("koszulka-nokturn-logo", "M");

  it("a write that moves only stock is heard as a stock change of its product, once per transaction", async () => {
    const byProduct = await heardAfter(() =>
      database.db
        .update(s.products)
        .set({ stockQuantity: sql`${s.products.stockQuantity} - 1` })
        .where(eq(s.products.id, tote)),
    );
    expect(byProduct).toEqual({ content: 0, stock: [`stock:${tote}`] });
    // A variant's stock is its product's: three units taken one by one in one transaction.
    const byVariant = await heardAfter(() =>
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 3; i++) {
          await tx
            .update(s.productVariants)
            .set({ stockQuantity: sql`${s.productVariants.stockQuantity} - 1` })
            .where(eq(s.productVariants.id, teeM));
        }
      }),
    );
    expect(byVariant).toEqual({ content: 0, stock: [`stock:${tee}`] });
    // The panel's stock field (stock and the timestamp): a stock change too.
    expect(
      await heardAfter(() =>
        database.db
          .update(s.products)
          .set({ stockQuantity: 40, updatedAt: sql`now()` })
          .where(eq(s.products.id, tote)),
      ),
    ).toEqual({ content: 0, stock: [`stock:${tote}`] });
  });

  it("stock changed with anything else, or a variant added or removed, is a content change", async () => {
    expect(
      await heardAfter(() =>
        database.db.update(s.products).set({ stockQuantity: 41, price: 7200 }).where(eq(s.products.id, tote)),
      ),
    ).toEqual({ content: 1, stock: [] });
    const added = await heardAfter(() =>
      database.db.insert(s.productVariants).values({ productId: tee, size: "XXXL", stockQuantity: 1 }),
    );
    expect(added).toEqual({ content: 1, stock: [] });
    const removed = await heardAfter(() =>
      database.db.delete(s.productVariants).where(eq(s.productVariants.size, "XXXL")),
    );
    expect(removed).toEqual({ content: 1, stock: [] });
  });

  it("a checkout start and its release keep the cached pages; the stock pages are re-rendered, a price change empties all", async () => {
    // An instance's cache, listening as server/app.ts does (window 0: stale at once).
    const cache = new PageCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1_000_000, stockFreshMs: 0 });
    const stopCache = await database.listen(
      "content_changed",
      (payload) => contentChanged(cache, payload),
      () => cache.clear(),
    );
    const keep = (path: string) =>
      cache.set(
        path,
        { bytes: 1, storedAt: Date.now(), stock: cache.renderStart(path) } as Entry,
        cache.generation,
      );
    const fill = () => {
      for (const path of ["/", "/shipping", "/artist/x", "/merch/torba-nokturn-tote"]) keep(path);
    };
    const cached = () =>
      ["/", "/shipping", "/artist/x", "/merch/torba-nokturn-tote"].filter(
        (path) => cache.get(path) !== undefined,
      );
    try {
      fill();
      const request = checkoutRequestSchema.parse({
        lines: [{ productId: tote, variantId: null, quantity: 2 }],
        deliveryMethod: "courier",
        locker: null,
        discountCode: null,
        email: "drop@example.pl",
      });
      let checkoutId = "";
      const started = await heardAfter(async () => {
        checkoutId = (await startCheckout(request, null, { database: database.db })).checkoutId;
      });
      expect(started).toEqual({ content: 0, stock: [`stock:${tote}`] });
      // Nothing was dropped: only the pages showing stock are to be re-rendered (their first caller
      // gets undefined): the product's, and the landing's (its hero night's tickets, issue #40).
      expect(cache.size).toBe(4);
      expect(cached()).toEqual(["/shipping", "/artist/x"]);

      fill();
      const released = await heardAfter(() => releaseCheckout(checkoutId, "cancelled", database.db));
      expect(released).toEqual({ content: 0, stock: [`stock:${tote}`] });
      expect(cached()).toEqual(["/shipping", "/artist/x"]);

      fill();
      await heardAfter(() =>
        database.db.update(s.products).set({ price: 7300 }).where(eq(s.products.id, tote)),
      );
      expect(cache.size).toBe(0);
    } finally {
      await stopCache();
    }
  });
});
