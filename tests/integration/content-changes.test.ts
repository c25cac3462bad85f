/**
 * Writes to what public pages show notify 'content_changed' when they commit — and only then — so
 * every instance can drop its page cache (migration 0003, server/page-cache.ts). Runs on PGlite and,
 * with TEST_DATABASE_URL, on PostgreSQL through a separate listening connection.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "../../db/schema";
import { demoProductId, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
let heard = 0;
let stop: () => Promise<void>;

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

async function heardAfter(write: () => Promise<unknown>) {
  await settle();
  const before = heard;
  await write();
  await settle();
  return heard - before;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  stop = await database.listen("content_changed", () => {
    heard += 1;
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
    ).toBeGreaterThanOrEqual(1);
  });

  it("galleries, events, ambassadors and artists are heard too", async () => {
    for (const table of [s.galleries, s.events, s.ambassadors, s.artists]) {
      expect(
        await heardAfter(() => database.db.execute(sql`update ${table} set id = id`)),
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
    expect(rolledBack).toBe(0);
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
    expect(many).toBe(1);
  });

  it("writes that public pages do not show are not heard", async () => {
    expect(await heardAfter(() => database.db.execute(sql`update ${s.discountCodes} set id = id`))).toBe(0);
    expect(await heardAfter(() => database.db.execute(sql`update ${s.orders} set id = id`))).toBe(0);
  });
});
