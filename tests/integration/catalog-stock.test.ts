/**
 * One definition of what a product has on sale (catalog/stock.ts), against a real database: the SQL
 * builder agrees with its TypeScript twin on every product of the demo seed and on the edge cases
 * (no variants, variants at 0 beside a non-zero own stock, own stock 0 beside variants in stock), and
 * its three callers — the shop's catalogue, the panel's list and the cart's pricing — all answer it.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceCartLines } from "../../app/modules/cart/pricing.server";
import { listActiveProducts } from "../../app/modules/catalog/catalog.server";
import { listAdminProducts } from "../../app/modules/catalog/panel-products.server";
import { parseProductFilters } from "../../app/modules/catalog/product-filters";
import { effectiveStock, effectiveStockSql, PANEL_LOW_STOCK_AT_MOST } from "../../app/modules/catalog/stock";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;
const db = () => database.db;

/** Edge cases beside the seed: [slug, own stock, variants' stock (none: no variants)]. */
const CASES: [string, number, number[]][] = [
  ["stan-bez-wariantow", 7, []],
  ["stan-warianty-wyprzedane", 9, [0, 0]],
  ["stan-warianty-zamiast-wlasnego", 100, [3, 4]],
  ["stan-wlasny-zero", 0, [2]],
  ["stan-prog-panelu", 0, [PANEL_LOW_STOCK_AT_MOST]],
];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
  for (const [slug, own, variants] of CASES) {
    const [product] = await db()
      .insert(s.products)
      .values({ slug, name: slug, description: "Produkt testowy stanu.", price: 1000, category: "accessory" })
      .returning({ id: s.products.id });
    await db().update(s.products).set({ stockQuantity: own }).where(eq(s.products.id, product.id));
    if (variants.length) {
      await db()
        .insert(s.productVariants)
        .values(
          variants.map((stockQuantity, index) => ({
            productId: product.id,
            size: `R${index}`,
            stockQuantity,
            sortOrder: index,
          })),
        );
    }
  }
});
afterAll(async () => {
  await database?.dispose();
});

/** Every product with its variants, and what the TypeScript rule says it has on sale. */
async function expectedStock() {
  const products = await db().select().from(s.products).orderBy(asc(s.products.slug));
  const variants = await db().select().from(s.productVariants);
  return products.map((product) => {
    const own = variants.filter((variant) => variant.productId === product.id);
    return { product, variants: own, stock: effectiveStock(product, own) };
  });
}

describe("effective stock: one rule in TypeScript and SQL", () => {
  it("the SQL builder gives what the TypeScript rule gives, for every product", async () => {
    const expected = await expectedStock();
    expect(expected.length).toBeGreaterThan(CASES.length);
    const rows = await db()
      .select({ slug: s.products.slug, stock: effectiveStockSql(s.products, s.productVariants) })
      .from(s.products)
      .orderBy(asc(s.products.slug));
    expect(rows).toEqual(expected.map(({ product, stock }) => ({ slug: product.slug, stock })));
    const bySlug = Object.fromEntries(rows.map((row) => [row.slug, row.stock]));
    expect(CASES.map(([slug]) => bySlug[slug])).toEqual([7, 0, 7, 2, PANEL_LOW_STOCK_AT_MOST]);
  });

  it("the shop's catalogue and the panel's list show it", async () => {
    const expected = await expectedStock();
    const shop = await listActiveProducts(db());
    const panel = await listAdminProducts(parseProductFilters(new URLSearchParams()), db());
    for (const { product, stock } of expected) {
      if (product.isActive)
        expect(shop.find((card) => card.id === product.id)?.stock, product.slug).toBe(stock);
      expect(panel.find((row) => row.id === product.id)?.stock, product.slug).toBe(stock);
    }
  });

  it("the panel's stock filters use the same number: the threshold product is low, not in stock", async () => {
    const slugs = async (stock: string) =>
      (await listAdminProducts(parseProductFilters(new URLSearchParams({ stock })), db())).map((p) => p.slug);
    expect(await slugs("low_stock")).toContain("stan-prog-panelu");
    expect(await slugs("in_stock")).not.toContain("stan-prog-panelu");
    expect(await slugs("sold_out")).toContain("stan-warianty-wyprzedane");
    expect(await slugs("in_stock")).not.toContain("stan-warianty-wyprzedane");
  });

  it("a cart line draws from its own variant's stock, or the product's own without variants", async () => {
    for (const { product, variants } of await expectedStock()) {
      if (!product.isActive) continue;
      const lines = variants.length
        ? variants.map((variant) => ({ productId: product.id, variantId: variant.id, quantity: 1 }))
        : [{ productId: product.id, variantId: null, quantity: 1 }];
      const priced = await priceCartLines(db(), lines);
      const wanted = variants.length
        ? variants.map((variant) => variant.stockQuantity)
        : [product.stockQuantity];
      expect(
        priced.map((line) => line.availableStock),
        product.slug,
      ).toEqual(wanted);
    }
  });
});
