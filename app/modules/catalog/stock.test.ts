import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as s from "../../../db/schema";
import { productBadges, stockStatus } from "./catalog";
import { stockBadge } from "./product-filters";
import {
  effectiveStock,
  effectiveStockSql,
  LAST_ITEMS_BADGE_BELOW,
  PANEL_LOW_STOCK_AT_MOST,
  STOCK_BAR_BELOW,
} from "./stock";

describe("effective stock", () => {
  it("is the product's own stock without variants, the variants' sum with them", () => {
    expect(effectiveStock({ stockQuantity: 8 }, [])).toBe(8);
    expect(effectiveStock({ stockQuantity: 100 }, [{ stockQuantity: 3 }, { stockQuantity: 4 }])).toBe(7);
    // A variant product's own number is not on sale, even when its variants are all sold out.
    expect(effectiveStock({ stockQuantity: 9 }, [{ stockQuantity: 0 }, { stockQuantity: 0 }])).toBe(0);
    // A cart line passes the one variant it draws from.
    expect(effectiveStock({ stockQuantity: 9 }, [{ stockQuantity: 2 }])).toBe(2);
  });

  it("in SQL: the variants' sum, falling back to the product's own when it has none", () => {
    const query = new PgDialect().sqlToQuery(effectiveStockSql(s.products, s.productVariants));
    expect(query.sql.replace(/\s+/g, " ")).toBe(
      'coalesce( (select sum("product_variants"."stock_quantity") from "product_variants" where "product_variants"."product_id" = "products"."id"), "products"."stock_quantity" )::int',
    );
  });
});

describe("the stock thresholds of SPEC §4", () => {
  it("'Ostatnie sztuki' on the product page from 1 to LAST_ITEMS_BADGE_BELOW - 1 units", () => {
    const old = { createdAt: new Date("2020-01-01"), featured: false };
    const badge = (stock: number) => productBadges(old, stock).some((b) => b.kind === "last-pieces");
    expect(LAST_ITEMS_BADGE_BELOW).toBe(5);
    expect(badge(LAST_ITEMS_BADGE_BELOW - 1)).toBe(true);
    expect(badge(LAST_ITEMS_BADGE_BELOW)).toBe(false);
    expect(stockStatus(LAST_ITEMS_BADGE_BELOW - 1).level).toBe("low");
    expect(stockStatus(LAST_ITEMS_BADGE_BELOW).level).toBe("limited");
    expect(stockStatus(STOCK_BAR_BELOW).showBar).toBe(false);
  });

  it("'Niski stan' in the panel up to PANEL_LOW_STOCK_AT_MOST units, that number included", () => {
    expect(PANEL_LOW_STOCK_AT_MOST).toBe(10);
    expect(stockBadge(PANEL_LOW_STOCK_AT_MOST).label).toBe("Niski stan");
    expect(stockBadge(PANEL_LOW_STOCK_AT_MOST + 1).label).toBe("W magazynie");
  });
});
