/**
 * The one place stock is taken and returned (app/modules/catalog/stock.server.ts), against a real
 * database: a variant line moves its variant's stock and a line without one the product's own; a
 * take is all or nothing; a row deleted since is refused or skipped as the caller asks; and many
 * transactions taking the same rows in opposite orders neither deadlock nor oversell.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  giveStockBack,
  inStockLockOrder,
  type StockLine,
  takeStock,
} from "../../app/modules/catalog/stock.server";
import * as s from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const db = () => database.db;

class Short extends Error {
  constructor(readonly line: StockLine) {
    super("short");
  }
}
const refuse = (line: StockLine) => new Short(line);

async function product(stock: number) {
  const slug = `produkt-${randomUUID().slice(0, 8)}`;
  const [row] = await db()
    .insert(s.products)
    .values({
      slug,
      name: slug,
      description: "Opis",
      price: 1000,
      category: "accessory",
      stockQuantity: stock,
    })
    .returning({ id: s.products.id });
  return row.id;
}

async function variant(productId: string, size: string, stock: number) {
  const [row] = await db()
    .insert(s.productVariants)
    .values({ productId, size, stockQuantity: stock })
    .returning({ id: s.productVariants.id });
  return row.id;
}

async function productStock(id: string) {
  const [row] = await db()
    .select({ stock: s.products.stockQuantity })
    .from(s.products)
    .where(eq(s.products.id, id));
  return row.stock;
}

async function variantStock(id: string) {
  const [row] = await db()
    .select({ stock: s.productVariants.stockQuantity })
    .from(s.productVariants)
    .where(eq(s.productVariants.id, id));
  return row.stock;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

describe("stock", () => {
  it("orders lines by the row they move: the variant's id, else the product's", () => {
    const lines = [
      { productId: "c", variantId: null, quantity: 1 },
      { productId: "z", variantId: "b", quantity: 1 },
      { productId: "a", variantId: null, quantity: 1 },
    ];
    expect(inStockLockOrder(lines).map((line) => line.variantId ?? line.productId)).toEqual(["a", "b", "c"]);
  });

  it("takes from the variant or the product's own stock and gives back to the same row", async () => {
    const tee = await product(50);
    const teeM = await variant(tee, "M", 4);
    const tote = await product(6);
    const lines = [
      { productId: tee, variantId: teeM, quantity: 3 },
      { productId: tote, variantId: null, quantity: 2 },
    ];
    await db().transaction((tx) => takeStock(tx, lines, { refuse }));
    expect([await variantStock(teeM), await productStock(tote), await productStock(tee)]).toEqual([1, 4, 50]);
    await db().transaction((tx) => giveStockBack(tx, lines));
    expect([await variantStock(teeM), await productStock(tote), await productStock(tee)]).toEqual([4, 6, 50]);
  });

  it("takes all lines or none: the first short line is refused and what was taken before it rolls back", async () => {
    const a = await product(5);
    const b = await product(1);
    const lines = [
      { productId: a, variantId: null, quantity: 2 },
      { productId: b, variantId: null, quantity: 2 },
    ];
    const error = await db()
      .transaction((tx) => takeStock(tx, lines, { refuse }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Short);
    expect((error as Short).line.productId).toBe(b);
    expect([await productStock(a), await productStock(b)]).toEqual([5, 1]);
  });

  it("refuses a row that is gone by default; skips it when the caller says so; gives nothing back to it", async () => {
    const kept = await product(3);
    const goneVariant = { productId: kept, variantId: randomUUID(), quantity: 1 };
    const goneProduct = { productId: randomUUID(), variantId: null, quantity: 1 };
    const nowhere = { productId: null, variantId: null, quantity: 1 };
    const keptLine = { productId: kept, variantId: null, quantity: 1 };

    for (const gone of [goneVariant, goneProduct, nowhere]) {
      const error = await db()
        .transaction((tx) => takeStock(tx, [keptLine, gone], { refuse }))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Short);
    }
    expect(await productStock(kept)).toBe(3);

    await db().transaction((tx) =>
      takeStock(tx, [keptLine, goneVariant, goneProduct, nowhere], { refuse, gone: "skip" }),
    );
    expect(await productStock(kept)).toBe(2);
    // A row that exists but is short is still refused when gone rows are skipped.
    const error = await db()
      .transaction((tx) =>
        takeStock(tx, [{ ...keptLine, quantity: 5 }, goneProduct], { refuse, gone: "skip" }),
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Short);
    expect(await productStock(kept)).toBe(2);

    await db().transaction((tx) => giveStockBack(tx, [keptLine, goneVariant, goneProduct, nowhere]));
    expect(await productStock(kept)).toBe(3);
  });

  it("many transactions taking the same rows in opposite orders never deadlock and never oversell", async () => {
    const a = await product(10);
    const sized = await product(0);
    const b = await variant(sized, "L", 10);
    const lineA = { productId: a, variantId: null, quantity: 1 };
    const lineB = { productId: sized, variantId: b, quantity: 1 };
    const results = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        db().transaction(async (tx) => {
          await takeStock(tx, i % 2 ? [lineA, lineB] : [lineB, lineA], { refuse });
          // Hold the locks a moment, so the transactions overlap.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }),
      ),
    );
    const failures = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    expect(failures.every((reason) => reason instanceof Short)).toBe(true);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    expect([await productStock(a), await variantStock(b)]).toEqual([0, 0]);
  });
});
