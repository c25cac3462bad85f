import { describe, expect, it } from "vitest";
import {
  addItem,
  type CartItem,
  cartItemsCount,
  cartTotal,
  parseStoredCart,
  removeItem,
  updateQuantity,
} from "./cart";

const tee = {
  productId: "p1",
  variantId: "v-m",
  slug: "tee",
  name: "Koszulka",
  price: 12900,
  size: "M",
  image: null,
};
const stickers = {
  productId: "p2",
  variantId: null,
  slug: "stickers",
  name: "Naklejki",
  price: 1900,
  size: null,
  image: null,
};

describe("cart operations", () => {
  it("appends a new line and raises the quantity of the same product and variant", () => {
    let items: CartItem[] = [];
    items = addItem(items, tee, "a");
    items = addItem(items, stickers, "b");
    items = addItem(items, { ...tee, quantity: 2 }, "c");
    expect(items.map((line) => [line.id, line.quantity])).toEqual([
      ["a", 3],
      ["b", 1],
    ]);
  });

  it("keeps another variant of the same product as its own line", () => {
    const items = addItem(addItem([], tee, "a"), { ...tee, variantId: "v-l", size: "L" }, "b");
    expect(items).toHaveLength(2);
  });

  it("removes a line when its quantity drops to 0 or less", () => {
    const items = addItem(addItem([], tee, "a"), stickers, "b");
    expect(updateQuantity(items, "a", 0).map((l) => l.id)).toEqual(["b"]);
    expect(updateQuantity(items, "a", -3).map((l) => l.id)).toEqual(["b"]);
    expect(updateQuantity(items, "a", 4).find((l) => l.id === "a")?.quantity).toBe(4);
    expect(removeItem(items, "b").map((l) => l.id)).toEqual(["a"]);
  });

  it("totals price × quantity and counts quantities", () => {
    const items = addItem(addItem([], { ...tee, quantity: 2 }, "a"), { ...stickers, quantity: 3 }, "b");
    expect(cartTotal(items)).toBe(2 * 12900 + 3 * 1900);
    expect(cartItemsCount(items)).toBe(5);
    expect(cartTotal([])).toBe(0);
  });

  it("reads stored carts defensively", () => {
    const stored = JSON.stringify([
      { id: "a", productId: "p1", variantId: null, name: "X", price: 100, quantity: 1 },
      { id: "b", productId: "p2", price: "free", quantity: 1 },
      "garbage",
    ]);
    expect(parseStoredCart(stored).map((l) => l.id)).toEqual(["a"]);
    expect(parseStoredCart("{not json")).toEqual([]);
    expect(parseStoredCart(null)).toEqual([]);
    expect(parseStoredCart('{"a":1}')).toEqual([]);
  });
});
