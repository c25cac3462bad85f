import { describe, expect, it } from "vitest";
import { parseStoredCart } from "./legacy-local-cart";
import { lineKey } from "./pricing";

describe("the cart stored the old way", () => {
  it("reads stored carts defensively", () => {
    const stored = JSON.stringify([
      { id: "a", productId: "p1", variantId: null, name: "X", price: 100, quantity: 1 },
      { id: "b", productId: "p2", price: "free", quantity: 1 },
      { id: "c", productId: "p3", variantId: "v", name: "Y", price: 100, quantity: 0 },
      "garbage",
    ]);
    expect(parseStoredCart(stored).map((line) => line.id)).toEqual(["a"]);
    expect(parseStoredCart(stored)[0]).toMatchObject({ slug: "", size: null, image: null });
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
  });

  it("keys a line by product and variant", () => {
    expect(lineKey({ productId: "p1", variantId: null })).toBe("p1|");
    expect(lineKey({ productId: "p1", variantId: "v" })).toBe("p1|v");
  });
});
