import { describe, expect, it } from "vitest";
import { canWaitFor, maskEmail, sizeLabel, unitsOnSaleNow } from "./stock-alerts";

const NOW = new Date("2026-12-04T17:00:00.000Z");
const LATER = "2026-12-11T17:00:00.000Z";
const EARLIER = "2026-11-01T10:00:00.000Z";

const product = (stockQuantity: number, releaseAt: string | null = null) => ({ stockQuantity, releaseAt });
const size = (stockQuantity: number, releaseAt: string | null = null) => ({ stockQuantity, releaseAt });

describe("when a visitor may wait for a product", () => {
  it("a product without sizes: before its release or when sold out", () => {
    expect(canWaitFor(product(5, LATER), [], null, NOW)).toBe(true);
    expect(canWaitFor(product(0, EARLIER), [], null, NOW)).toBe(true);
    expect(canWaitFor(product(5, EARLIER), [], null, NOW)).toBe(false);
    expect(canWaitFor(product(5), [], null, NOW)).toBe(false);
    // The release instant itself is on sale (catalog/release.ts).
    expect(canWaitFor(product(5, NOW.toISOString()), [], null, NOW)).toBe(false);
  });

  it("the product as a whole with sizes: when no released size has stock", () => {
    expect(canWaitFor(product(9), [size(0), size(0)], null, NOW)).toBe(true);
    expect(canWaitFor(product(0), [size(0), size(2)], null, NOW)).toBe(false);
    // Only a size released later has stock: nothing can be bought yet.
    expect(canWaitFor(product(0), [size(0), size(4, LATER)], null, NOW)).toBe(true);
    expect(canWaitFor(product(0, LATER), [size(3)], null, NOW)).toBe(true);
  });

  it("one size: before its (or its product's) release, or when it is sold out", () => {
    expect(canWaitFor(product(0), [size(0), size(3)], size(0), NOW)).toBe(true);
    expect(canWaitFor(product(0), [size(3)], size(3), NOW)).toBe(false);
    expect(canWaitFor(product(0), [size(3, LATER)], size(3, LATER), NOW)).toBe(true);
    expect(canWaitFor(product(0, LATER), [size(3)], size(3), NOW)).toBe(true);
  });

  it("counts units on sale now", () => {
    expect(unitsOnSaleNow(product(7), [], NOW)).toBe(7);
    expect(unitsOnSaleNow(product(7, LATER), [], NOW)).toBe(0);
    expect(unitsOnSaleNow(product(100), [size(3), size(4, LATER), size(2, EARLIER)], NOW)).toBe(5);
    expect(unitsOnSaleNow(product(100), [size(4, LATER)], NOW)).toBe(0);
  });
});

describe("wording", () => {
  it("names a size with its colour", () => {
    expect(sizeLabel(null)).toBeNull();
    expect(sizeLabel({ size: "M", color: null })).toBe("M");
    expect(sizeLabel({ size: "M", color: "czarny" })).toBe("M, czarny");
  });

  it("masks an address", () => {
    expect(maskEmail("ola.nowak@example.com")).toBe("o***@example.com");
    expect(maskEmail("nie-adres")).toBe("***");
  });
});
