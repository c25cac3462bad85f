import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import {
  checkDiscountCode,
  type DiscountCodeRecord,
  discountEffect,
  firstOrderEmailKey,
  isDiscountExpired,
  normalizeDiscountCode,
} from "./discount";
import { discountCodeFormSchema } from "./discount-codes.schema";

const now = new Date("2026-01-10T12:00:00Z");
const base: DiscountCodeRecord = {
  id: "id-1",
  code: "KOD",
  type: "percentage",
  value: 10,
  minOrderValue: null,
  maxUses: null,
  currentUses: 0,
  validUntil: null,
  includesFreeShipping: false,
  firstOrderOnly: false,
  active: true,
};
const context = { subtotal: 25800, now, hasPreviousOrder: false };

describe("discount amounts", () => {
  it("fixed_amount takes off its value in grosze, at most the subtotal", () => {
    expect(discountEffect({ ...base, type: "fixed_amount", value: 2000 }, 12900)).toEqual({
      discountAmount: 2000,
      freeShipping: false,
    });
    expect(discountEffect({ ...base, type: "fixed_amount", value: 2000 }, 900).discountAmount).toBe(900);
  });

  it("percentage takes off value % rounded to the grosz", () => {
    expect(discountEffect({ ...base, value: 10 }, 25800).discountAmount).toBe(2580);
    expect(discountEffect({ ...base, value: 15 }, 8900).discountAmount).toBe(1335);
    expect(discountEffect({ ...base, value: 10 }, 1905).discountAmount).toBe(191);
    expect(discountEffect({ ...base, value: 100 }, 8900).discountAmount).toBe(8900);
    expect(discountEffect({ ...base, value: 250 }, 8900).discountAmount).toBe(8900);
  });

  it("free_shipping only frees the delivery", () => {
    expect(discountEffect({ ...base, type: "free_shipping", value: 0 }, 8900)).toEqual({
      discountAmount: 0,
      freeShipping: true,
    });
  });

  it("combo takes off its amount and frees the delivery when it includes it", () => {
    expect(discountEffect({ ...base, type: "combo", value: 1500, includesFreeShipping: true }, 8900)).toEqual(
      {
        discountAmount: 1500,
        freeShipping: true,
      },
    );
    expect(
      discountEffect({ ...base, type: "combo", value: 1500, includesFreeShipping: false }, 8900).freeShipping,
    ).toBe(false);
  });

  it("never exceeds the subtotal nor goes negative, whatever the code", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("fixed_amount", "percentage", "free_shipping", "combo" as const),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (type, value, subtotal, includesFreeShipping) => {
          const { discountAmount } = discountEffect({ type, value, includesFreeShipping }, subtotal);
          return Number.isSafeInteger(discountAmount) && discountAmount >= 0 && discountAmount <= subtotal;
        },
      ),
    );
  });
});

describe("discount rules", () => {
  it("accepts a valid code with the amount and the success message", () => {
    expect(checkDiscountCode(base, context)).toEqual({
      valid: true,
      code: "KOD",
      type: "percentage",
      discountCodeId: "id-1",
      discountAmount: 2580,
      freeShipping: false,
      message: "Kod KOD został zastosowany",
      firstOrderOnly: false,
      combinesWithSales: true,
    });
  });

  it("refuses unknown and inactive codes as 'Kod nieprawidłowy'", () => {
    expect(checkDiscountCode(null, context)).toMatchObject({ valid: false, message: "Kod nieprawidłowy" });
    expect(checkDiscountCode({ ...base, active: false }, context)).toMatchObject({
      valid: false,
      reason: "inactive",
      message: "Kod nieprawidłowy",
    });
  });

  it("refuses a code after its valid-until moment", () => {
    expect(
      checkDiscountCode({ ...base, validUntil: new Date("2026-01-10T11:59:59Z") }, context),
    ).toMatchObject({
      valid: false,
      reason: "expired",
    });
    expect(checkDiscountCode({ ...base, validUntil: new Date("2026-01-10T12:00:01Z") }, context).valid).toBe(
      true,
    );
  });

  it("refuses a code with no uses left; null max uses is unlimited", () => {
    expect(checkDiscountCode({ ...base, maxUses: 1, currentUses: 1 }, context)).toMatchObject({
      reason: "used_up",
    });
    expect(checkDiscountCode({ ...base, maxUses: 2, currentUses: 1 }, context).valid).toBe(true);
    expect(checkDiscountCode({ ...base, maxUses: null, currentUses: 999 }, context).valid).toBe(true);
  });

  it("refuses a cart below the minimum order value, naming it", () => {
    const min150 = {
      ...base,
      code: "MIN150",
      type: "fixed_amount" as const,
      value: 3000,
      minOrderValue: 15000,
    };
    expect(checkDiscountCode(min150, { ...context, subtotal: 14999 })).toEqual({
      valid: false,
      reason: "below_minimum",
      message: `Kod MIN150 działa przy zamówieniu od ${formatPrice(15000)}`,
    });
    expect(checkDiscountCode(min150, { ...context, subtotal: 15000 })).toMatchObject({
      valid: true,
      discountAmount: 3000,
    });
  });

  it("refuses first-order-only codes to buyers who already ordered", () => {
    const first = { ...base, firstOrderOnly: true };
    expect(checkDiscountCode(first, { ...context, hasPreviousOrder: true })).toMatchObject({
      valid: false,
      reason: "first_order_only",
    });
    expect(checkDiscountCode(first, context)).toMatchObject({ valid: true, firstOrderOnly: true });
  });

  it("keys a first-order buyer by the e-mail trimmed, in lower case and without a +tag", () => {
    expect(firstOrderEmailKey("  Ola.Nowak+promo@Example.PL ")).toBe("ola.nowak@example.pl");
    expect(firstOrderEmailKey("ola@example.pl")).toBe("ola@example.pl");
    expect(firstOrderEmailKey("+tag@example.pl")).toBe("+tag@example.pl");
    expect(firstOrderEmailKey("a+b+c@x.pl")).toBe("a@x.pl");
  });

  it("refuses an empty cart", () => {
    expect(checkDiscountCode(base, { ...context, subtotal: 0 })).toMatchObject({ reason: "empty_cart" });
  });

  it("normalises typed codes to the stored form", () => {
    expect(normalizeDiscountCode("  nokturn10 ")).toBe("NOKTURN10");
    expect(normalizeDiscountCode("rave 20")).toBe("RAVE20");
  });
});

describe("one rule for validity and one for normalisation (checkout and panel alike)", () => {
  it("a code is valid through its valid-until instant and expired from the next millisecond", () => {
    const until = new Date("2026-01-17T22:59:59.999Z");
    expect(isDiscountExpired(until, until)).toBe(false);
    expect(isDiscountExpired(until.toISOString(), new Date(until.getTime() + 1))).toBe(true);
    expect(checkDiscountCode({ ...base, validUntil: until }, { ...context, now: until }).valid).toBe(true);
    expect(
      checkDiscountCode({ ...base, validUntil: until }, { ...context, now: new Date(until.getTime() + 1) }),
    ).toMatchObject({ valid: false, reason: "expired" });
  });

  it("the panel saves a code exactly as checkout looks it up", () => {
    for (const typed of ["lato 2026", " rave20\t", "Ab-c_1", "x y\nz"]) {
      const saved = discountCodeFormSchema.parse({ code: typed, type: "free_shipping" });
      expect(saved.code).toBe(normalizeDiscountCode(typed));
    }
  });
});

describe("codes and sales", () => {
  const saleContext = { ...context, subtotal: 20_000, saleFreeSubtotal: 5_000 };

  it("a code that combines takes its percent off the whole subtotal, sale prices included", () => {
    const check = checkDiscountCode({ ...base, type: "percentage", value: 10 }, saleContext);
    expect(check).toMatchObject({ valid: true, discountAmount: 2_000, combinesWithSales: true });
  });

  it("a code that does not combine reduces only what is bought at regular prices", () => {
    const percent = checkDiscountCode(
      { ...base, type: "percentage", value: 10, combinesWithSales: false },
      saleContext,
    );
    expect(percent).toMatchObject({ valid: true, discountAmount: 500, combinesWithSales: false });
    const fixed = checkDiscountCode(
      { ...base, type: "fixed_amount", value: 8_000, combinesWithSales: false },
      saleContext,
    );
    expect(fixed).toMatchObject({ valid: true, discountAmount: 5_000 });
  });

  it("with everything reduced it has nothing to take off and says why; free delivery still applies", () => {
    const allReduced = { ...saleContext, saleFreeSubtotal: 0 };
    expect(
      checkDiscountCode({ ...base, type: "percentage", value: 10, combinesWithSales: false }, allReduced),
    ).toEqual({
      valid: false,
      reason: "sale_items_only",
      message: `Kod ${base.code} nie łączy się z promocjami, a wszystkie produkty w koszyku są przecenione`,
    });
    expect(
      checkDiscountCode({ ...base, type: "free_shipping", value: 0, combinesWithSales: false }, allReduced),
    ).toMatchObject({ valid: true, freeShipping: true, discountAmount: 0 });
  });
});
