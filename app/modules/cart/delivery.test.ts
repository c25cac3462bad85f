import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carts, deliveryMethodEnum } from "../../../db/schema";
import { formatPrice } from "../../lib/money";
import {
  amountToFreeDelivery,
  cheapestDeliveryPrice,
  deliveryCost,
  deliveryOptionList,
  deliveryOptions,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  isDeliveryMethod,
  qualifiesForFreeDelivery,
  SHIPPING_TIME_TEXT,
} from "./delivery";

// Intl uses a non-breaking space before "zł".
const price = (grosze: number) => formatPrice(grosze).replace(/[\u00a0\u202f]/g, " ");

describe("delivery options", () => {
  it("has the decided prices and times (ARCHITECTURE)", () => {
    expect(price(deliveryOptions.courier.price)).toBe("16,99 zł");
    expect(price(deliveryOptions.inpost.price)).toBe("13,99 zł");
    expect(price(FREE_DELIVERY_THRESHOLD)).toBe("200,00 zł");
    expect(formatDeliveryTime(deliveryOptions.courier)).toBe("1–2 dni robocze");
    expect(formatDeliveryTime(deliveryOptions.inpost)).toBe("1–2 dni robocze");
    // Courier is preselected (SPEC §4): a new cart starts with it.
    expect(carts.deliveryMethod.default).toBe("courier");
    expect(deliveryOptionList.map((option) => option.id)).toEqual(["courier", "inpost"]);
  });

  it("covers exactly the delivery methods the database knows", () => {
    expect(Object.keys(deliveryOptions).sort()).toEqual([...deliveryMethodEnum.enumValues].sort());
    for (const method of deliveryMethodEnum.enumValues) expect(isDeliveryMethod(method)).toBe(true);
    for (const other of ["", "dpd", "toString", "__proto__", null, 1])
      expect(isDeliveryMethod(other)).toBe(false);
  });

  it("states the one shipping-time text", () => {
    expect(SHIPPING_TIME_TEXT).toBe(
      "Wysyłka w ciągu 24 godzin w dni robocze dla produktów dostępnych w magazynie " +
        "(zamówienia złożone po 14:00 wysyłamy następnego dnia roboczego).",
    );
  });

  it("formats Polish working-day plurals", () => {
    expect(formatDeliveryTime({ workingDays: { min: 1, max: 1 } })).toBe("1 dzień roboczy");
    expect(formatDeliveryTime({ workingDays: { min: 2, max: 3 } })).toBe("2–3 dni robocze");
    expect(formatDeliveryTime({ workingDays: { min: 3, max: 5 } })).toBe("3–5 dni roboczych");
    expect(formatDeliveryTime({ workingDays: { min: 12, max: 12 } })).toBe("12 dni roboczych");
    expect(formatDeliveryTime({ workingDays: { min: 22, max: 22 } })).toBe("22 dni robocze");
  });
});

describe("deliveryCost", () => {
  it("charges the method's price below 200,00 zł and nothing from 200,00 zł", () => {
    expect(deliveryCost("courier", 0)).toBe(1699);
    expect(deliveryCost("inpost", 19_999)).toBe(1399);
    expect(deliveryCost("courier", 20_000)).toBe(0);
    expect(deliveryCost("inpost", 20_000)).toBe(0);
    expect(deliveryCost("courier", 150_000)).toBe(0);
  });

  it("is free with a free-shipping code whatever the total", () => {
    expect(deliveryCost("courier", 100, true)).toBe(0);
    expect(deliveryCost("inpost", 0, true)).toBe(0);
  });

  it("refuses amounts that are not whole, non-negative grosze and unknown methods", () => {
    expect(() => deliveryCost("courier", 19.99)).toThrow(TypeError);
    expect(() => deliveryCost("courier", -1)).toThrow(RangeError);
    expect(() => deliveryCost("courier", Number.NaN)).toThrow(TypeError);
    expect(() => deliveryCost("pigeon" as never, 100)).toThrow(RangeError);
  });

  it("is either the method's price or zero, and zero exactly when free delivery applies", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...deliveryOptionList.map((option) => option.id)),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (method, products, code) => {
          const cost = deliveryCost(method, products, code);
          const free = qualifiesForFreeDelivery(products, code);
          expect(cost).toBe(free ? 0 : deliveryOptions[method].price);
          expect(free).toBe(code || amountToFreeDelivery(products) === 0);
        },
      ),
    );
  });
});

describe("free-delivery helpers", () => {
  it("says how much is missing for free delivery", () => {
    expect(amountToFreeDelivery(0)).toBe(20_000);
    expect(amountToFreeDelivery(15_001)).toBe(4_999);
    expect(amountToFreeDelivery(20_000)).toBe(0);
    expect(amountToFreeDelivery(25_000)).toBe(0);
  });

  it("knows the cheapest delivery price (refunded after a withdrawal)", () => {
    expect(cheapestDeliveryPrice()).toBe(1399);
  });
});
