import { describe, expect, it } from "vitest";
import { parseAppliedDiscount } from "./applied-discount";
import { addItem, type CartItem, repriceItems } from "./cart";
import { parseDeliveryChoice } from "./delivery-choice";

describe("stored delivery choice", () => {
  const locker = {
    id: "WRO01M",
    name: "WRO01M",
    address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" },
  };
  it("defaults to the courier", () => {
    expect(parseDeliveryChoice(null)).toEqual({ method: "courier", locker: null });
    expect(parseDeliveryChoice({ method: "pigeon" })).toEqual({ method: "courier", locker: null });
  });
  it("keeps the locker only for InPost", () => {
    expect(parseDeliveryChoice({ method: "inpost", locker })).toEqual({ method: "inpost", locker });
    expect(parseDeliveryChoice({ method: "inpost", locker: { id: 1 } })).toEqual({
      method: "inpost",
      locker: null,
    });
    expect(parseDeliveryChoice({ method: "courier", locker })).toEqual({ method: "courier", locker: null });
  });
});

describe("stored discount", () => {
  it("reads SPEC's fields and drops anything malformed", () => {
    const applied = {
      code: "NOKTURN10",
      type: "percentage",
      discountAmount: 690,
      freeShipping: false,
      discountCodeId: "id",
    };
    expect(parseAppliedDiscount(applied)).toEqual(applied);
    expect(parseAppliedDiscount({ ...applied, type: "gift" })).toBeNull();
    expect(parseAppliedDiscount({ ...applied, discountAmount: "690" })).toBeNull();
    expect(parseAppliedDiscount("NOKTURN10")).toBeNull();
  });
});

describe("re-pricing the stored cart", () => {
  const tee = {
    productId: "p1",
    variantId: "v1",
    slug: "t",
    name: "T",
    price: 12900,
    size: "M",
    image: null,
  };
  it("takes the server's unit prices and keeps the array when nothing changed", () => {
    const items: CartItem[] = addItem([], tee, "a");
    expect(repriceItems(items, [{ productId: "p1", variantId: "v1", unitPrice: 12900 }])).toBe(items);
    const next = repriceItems(items, [{ productId: "p1", variantId: "v1", unitPrice: 13900 }]);
    expect(next[0].price).toBe(13900);
    expect(repriceItems(items, [{ productId: "p1", variantId: null, unitPrice: 1 }])).toBe(items);
  });
});
