/** The shop's part of /sitemap.xml: /merch and every active product, never an inactive one. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderSitemap } from "../../app/lib/sitemap";
import { catalogSitemapEntries } from "../../app/modules/catalog/sitemap.server";
import * as s from "../../db/schema";
import { seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemo(database.db);
});
afterAll(async () => {
  await database?.dispose();
});

describe("catalogSitemapEntries", () => {
  it("lists /merch and each active product's page, without inactive products", async () => {
    const products = await database.db
      .select({ slug: s.products.slug })
      .from(s.products)
      .where(eq(s.products.isActive, true));
    expect(products.length).toBeGreaterThan(1);
    const [hidden, ...shown] = products;
    await database.db.update(s.products).set({ isActive: false }).where(eq(s.products.slug, hidden.slug));

    const entries = await catalogSitemapEntries(database.db);
    const paths = entries.map((entry) => entry.path);
    expect(paths[0]).toBe("/merch");
    expect(paths).toEqual(expect.arrayContaining(shown.map((product) => `/merch/${product.slug}`)));
    expect(paths).not.toContain(`/merch/${hidden.slug}`);
    expect(new Set(paths).size).toBe(paths.length);

    const xml = renderSitemap(entries, "https://nokturn.example");
    expect(xml).toContain(`<loc>https://nokturn.example/merch/${shown[0].slug}</loc>`);
  });
});
