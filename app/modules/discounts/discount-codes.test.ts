import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import { isDiscountExpired } from "./discount";
import {
  amountInputValue,
  dateInputValue,
  discountUsesLabel,
  discountValidityLabel,
  discountValueLabel,
  endOfDayInWarsaw,
  valueInputValue,
} from "./discount-codes";
import { discountCodeFormSchema } from "./discount-codes.schema";

describe("discount code table labels", () => {
  it("reads the value by type", () => {
    expect(discountValueLabel({ type: "percentage", value: 15, includesFreeShipping: false })).toBe("15%");
    expect(discountValueLabel({ type: "fixed_amount", value: 2000, includesFreeShipping: false })).toBe(
      formatPrice(2000),
    );
    expect(discountValueLabel({ type: "free_shipping", value: 0, includesFreeShipping: false })).toBe(
      "Darmowa wysyłka",
    );
    expect(discountValueLabel({ type: "combo", value: 1500, includesFreeShipping: true })).toBe(
      `${formatPrice(1500)} + darmowa wysyłka`,
    );
  });

  it("shows uses as current/max or ∞, and validity or 'Bez limitu'", () => {
    expect(discountUsesLabel(3, 10)).toBe("3/10");
    expect(discountUsesLabel(0, null)).toBe("0/∞");
    expect(discountValidityLabel(null)).toBe("Bez limitu");
    expect(discountValidityLabel("2026-01-17T22:59:59.999Z")).toBe("do 17.01.2026");
    expect(isDiscountExpired("2026-01-01T00:00:00Z", new Date("2026-01-02T00:00:00Z"))).toBe(true);
    expect(isDiscountExpired(null)).toBe(false);
  });
});

describe("valid-until dates", () => {
  it("ends at the last moment of the day in Warsaw, winter and summer", () => {
    expect(endOfDayInWarsaw("2026-01-17")?.toISOString()).toBe("2026-01-17T22:59:59.999Z");
    expect(endOfDayInWarsaw("2026-07-01")?.toISOString()).toBe("2026-07-01T21:59:59.999Z");
    // The days the clocks change end in the new offset.
    expect(endOfDayInWarsaw("2026-03-29")?.toISOString()).toBe("2026-03-29T21:59:59.999Z");
    expect(endOfDayInWarsaw("2026-10-25")?.toISOString()).toBe("2026-10-25T22:59:59.999Z");
    expect(endOfDayInWarsaw("2026-12-31")?.toISOString()).toBe("2026-12-31T22:59:59.999Z");
    expect(endOfDayInWarsaw("2026-02-30")).toBeNull();
    expect(endOfDayInWarsaw("17.01.2026")).toBeNull();
  });

  it("round-trips through the form's date field", () => {
    const stored = endOfDayInWarsaw("2026-03-29");
    expect(dateInputValue(stored)).toBe("2026-03-29");
    expect(dateInputValue(null)).toBe("");
  });

  it("writes stored values back as the form holds them", () => {
    expect(amountInputValue(1999)).toBe("19,99");
    expect(amountInputValue(null)).toBe("");
    expect(valueInputValue("percentage", 15)).toBe("15");
    expect(valueInputValue("combo", 1500)).toBe("15,00");
    expect(valueInputValue("free_shipping", 0)).toBe("");
  });
});

describe("discount code form schema", () => {
  const parse = (value: Record<string, unknown>) => discountCodeFormSchema.safeParse(value);

  it("upper-cases the code and turns PLN into grosze", () => {
    const result = parse({ code: "zima 26", type: "fixed_amount", value: "12,5" });
    expect(result.success && result.data).toMatchObject({
      code: "ZIMA26",
      value: 1250,
      includesFreeShipping: false,
    });
  });

  it("refuses a percentage above 100 and a missing value, but not for free shipping", () => {
    const tooMuch = parse({ code: "X", type: "percentage", value: "101" });
    expect(tooMuch.error?.issues[0].message).toBe("Rabat procentowy może wynosić maksymalnie 100%");
    const missing = parse({ code: "X", type: "combo" });
    expect(missing.error?.issues[0].message).toBe("Podaj wartość rabatu");
    expect(parse({ code: "X", type: "free_shipping" }).success).toBe(true);
  });
});
