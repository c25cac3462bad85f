import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeCartTotals } from "./totals";

describe("cart totals", () => {
  it("adds courier or InPost delivery below 200,00 zł", () => {
    expect(computeCartTotals({ subtotal: 6900, discount: null, deliveryMethod: "courier" })).toMatchObject({
      deliveryCost: 1699,
      total: 8599,
      freeDelivery: false,
      amountToFreeDelivery: 13100,
    });
    expect(computeCartTotals({ subtotal: 6900, discount: null, deliveryMethod: "inpost" }).total).toBe(8299);
  });

  it("makes delivery free from 200,00 zł of products after discount", () => {
    expect(computeCartTotals({ subtotal: 20000, discount: null, deliveryMethod: "courier" })).toMatchObject({
      deliveryCost: 0,
      total: 20000,
      freeDelivery: true,
      amountToFreeDelivery: 0,
    });
    expect(
      computeCartTotals({ subtotal: 19999, discount: null, deliveryMethod: "courier" }).deliveryCost,
    ).toBe(1699);
    // 207,00 zł − 10% = 186,30 zł: under the threshold again.
    const discounted = computeCartTotals({
      subtotal: 20700,
      discount: { discountAmount: 2070, freeShipping: false },
      deliveryMethod: "courier",
    });
    expect(discounted).toMatchObject({ productsAfterDiscount: 18630, deliveryCost: 1699, total: 20329 });
  });

  it("makes delivery free with a free-shipping code whatever the amount", () => {
    expect(
      computeCartTotals({
        subtotal: 900,
        discount: { discountAmount: 0, freeShipping: true },
        deliveryMethod: "inpost",
      }),
    ).toMatchObject({ deliveryCost: 0, total: 900, freeDeliveryByCode: true, amountToFreeDelivery: 0 });
  });

  it("never lets a discount make the total negative", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        fc.constantFrom("courier" as const, "inpost" as const),
        (subtotal, discountAmount, freeShipping, deliveryMethod) => {
          const totals = computeCartTotals({
            subtotal,
            discount: { discountAmount, freeShipping },
            deliveryMethod,
          });
          return (
            totals.total >= 0 &&
            totals.discountAmount <= subtotal &&
            totals.total === totals.productsAfterDiscount + totals.deliveryCost
          );
        },
      ),
    );
  });
});
