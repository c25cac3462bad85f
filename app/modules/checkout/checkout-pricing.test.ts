import { describe, expect, it } from "vitest";
import type { CheckoutLine } from "../../../db/schema";
import { priceCheckout } from "./checkout-pricing";

const line = (unitPrice: number, quantity: number): CheckoutLine => ({
  productId: crypto.randomUUID(),
  variantId: null,
  name: "Produkt",
  slug: "produkt",
  size: null,
  color: null,
  image: null,
  unitPrice,
  quantity,
});

/** A checked code as the checkout receives it. */
function code(name: string, discountAmount: number, freeShipping: boolean) {
  return { discountCodeId: "d", code: name, discountAmount, freeShipping };
}

describe("priceCheckout", () => {
  it("adds delivery below the free threshold", () => {
    const priced = priceCheckout({ lines: [line(12900, 1)], discount: null, deliveryMethod: "courier" });
    expect(priced).toMatchObject({ subtotal: 12900, discountAmount: 0, deliveryCost: 1699, total: 14599 });
    expect(priceCheckout({ lines: [line(12900, 1)], discount: null, deliveryMethod: "inpost" }).total).toBe(
      14299,
    );
  });

  it("delivers free from 200,00 zł of products after discount", () => {
    expect(
      priceCheckout({ lines: [line(10000, 2)], discount: null, deliveryMethod: "courier" }).deliveryCost,
    ).toBe(0);
    const discounted = priceCheckout({
      lines: [line(10000, 2)],
      discount: code("RAVE20", 2000, false),
      deliveryMethod: "courier",
    });
    // 200,00 − 20,00 = 180,00 zł of products: delivery is paid again.
    expect(discounted).toMatchObject({
      subtotal: 20000,
      discountAmount: 2000,
      deliveryCost: 1699,
      total: 19699,
    });
  });

  it("applies a free-shipping code and never lets a discount exceed the products", () => {
    const priced = priceCheckout({
      lines: [line(1900, 1)],
      discount: code("COMBO15", 5000, true),
      deliveryMethod: "inpost",
    });
    expect(priced).toMatchObject({
      subtotal: 1900,
      discountAmount: 1900,
      deliveryCost: 0,
      total: 0,
      discountCode: "COMBO15",
    });
  });
});
