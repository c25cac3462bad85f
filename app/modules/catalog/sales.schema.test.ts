import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { type SaleFormValue, saleEndSchema, saleFormSchema, saleMessages } from "./sales.schema";

const PRODUCT = "11111111-1111-4111-8111-111111111111";
const SIZE_M = "22222222-2222-4222-8222-222222222222";
const SIZE_L = "33333333-3333-4333-8333-333333333333";

/** The form as the browser posts it (Conform reads it as the action does). */
function parse(fields: Record<string, string | string[]>) {
  const formData = new FormData();
  const all: Record<string, string | string[]> = {
    name: "Black Friday",
    scope: "product",
    productId: PRODUCT,
    reductionType: "percent",
    reduction: "20",
    startsAt: "2026-11-27T00:00",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) {
    for (const one of Array.isArray(value) ? value : [value]) formData.append(name, one);
  }
  return parseWithZod(formData, { schema: saleFormSchema });
}

function value(fields: Record<string, string | string[]>): SaleFormValue {
  const submission = parse(fields);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

function errors(fields: Record<string, string | string[]>) {
  const submission = parse(fields);
  if (submission.status !== "error") throw new Error(`expected a refusal, got ${submission.status}`);
  return submission.error ?? {};
}

describe("the sale form", () => {
  it("reads a percentage sale of one product, its start in Warsaw time, no end", () => {
    expect(value({})).toEqual({
      id: null,
      version: null,
      name: "Black Friday",
      scope: "product",
      productId: PRODUCT,
      variantIds: [],
      category: null,
      reductionType: "percent",
      reduction: 20,
      // 27 November is winter time: UTC+1.
      startsAt: new Date("2026-11-26T23:00:00Z"),
      endsAt: null,
    });
  });

  it("accepts 1% and 99%, refuses 0%, 100% and 150% with a Polish message", () => {
    expect(value({ reduction: "1" }).reduction).toBe(1);
    expect(value({ reduction: "99" }).reduction).toBe(99);
    expect(value({ reduction: "15 %" }).reduction).toBe(15);
    for (const reduction of ["0", "100", "150", "12,5", "-5", "dużo"]) {
      expect(errors({ reduction }).reduction, reduction).toEqual([saleMessages.percent]);
    }
    expect(saleMessages.percent).toBe("Obniżka procentowa musi wynosić od 1 do 99%");
  });

  it("reads an amount off in zł as grosze ('12,50' → 1250) and refuses nothing off", () => {
    expect(value({ reductionType: "amount", reduction: "12,50" }).reduction).toBe(1250);
    expect(value({ reductionType: "amount", reduction: "15" }).reduction).toBe(1500);
    expect(value({ reductionType: "amount", reduction: "0,99" }).reduction).toBe(99);
    for (const reduction of ["0", "0,00", "-5", "12,505", "abc"]) {
      expect(errors({ reductionType: "amount", reduction }).reduction, reduction).toEqual([
        saleMessages.amount,
      ]);
    }
    expect(errors({ reductionType: "amount", reduction: "100000,01" }).reduction).toEqual([
      saleMessages.amountMax,
    ]);
  });

  it("refuses an end before (or at) the start, and dates that are not dates", () => {
    expect(errors({ endsAt: "2026-11-26T23:59" }).endsAt).toEqual([saleMessages.endsBeforeStart]);
    expect(errors({ endsAt: "2026-11-27T00:00" }).endsAt).toEqual([saleMessages.endsBeforeStart]);
    expect(saleMessages.endsBeforeStart).toBe("Koniec promocji musi być po jej początku");
    expect(value({ endsAt: "2026-11-30T23:59" }).endsAt).toEqual(new Date("2026-11-30T22:59:00Z"));
    expect(errors({ startsAt: "" }).startsAt).toEqual([saleMessages.startsAtRequired]);
    expect(errors({ startsAt: "2026-02-30T10:00" }).startsAt).toEqual([saleMessages.startsAt]);
    expect(errors({ endsAt: "jutro" }).endsAt).toEqual([saleMessages.endsAt]);
  });

  it("a category sale needs a known category; everything else is 'Nieznana kategoria'", () => {
    const sale = value({ scope: "category", category: "clothing", productId: PRODUCT });
    expect(sale).toMatchObject({ scope: "category", category: "clothing", productId: null, variantIds: [] });
    expect(errors({ scope: "category", category: "shoes" }).category).toEqual(["Nieznana kategoria"]);
    expect(errors({ scope: "category", category: "__proto__" }).category).toEqual(["Nieznana kategoria"]);
    expect(errors({ scope: "category" }).category).toEqual([saleMessages.categoryRequired]);
  });

  it("a sizes sale needs its product and at least one size; the product sale ignores sizes", () => {
    expect(value({ scope: "variants", variantIds: [SIZE_M, SIZE_L, SIZE_M] }).variantIds).toEqual([
      SIZE_M,
      SIZE_L,
    ]);
    expect(value({ scope: "variants", variantIds: SIZE_M }).variantIds).toEqual([SIZE_M]);
    expect(errors({ scope: "variants" }).variantIds).toEqual([saleMessages.variantsRequired]);
    expect(errors({ scope: "variants", variantIds: ["nie-uuid"] }).variantIds).toEqual([
      saleMessages.variantUnknown,
    ]);
    expect(errors({ scope: "variants", productId: "", variantIds: SIZE_M }).productId).toEqual([
      saleMessages.productRequired,
    ]);
    expect(value({ variantIds: SIZE_M }).variantIds).toEqual([]);
  });

  it("says every mistake at once, in Polish", () => {
    const all = errors({
      name: "  ",
      scope: "wszystko",
      reductionType: "percent",
      reduction: "150",
      startsAt: "2026-11-27T00:00",
      endsAt: "2026-11-01T00:00",
    });
    expect(all).toMatchObject({
      name: [saleMessages.nameRequired],
      scope: [saleMessages.scope],
      reduction: [saleMessages.percent],
      endsAt: [saleMessages.endsBeforeStart],
    });
    expect(errors({ name: "x".repeat(81) }).name).toEqual([saleMessages.nameMax]);
    expect(errors({ reductionType: "gratis" }).reductionType).toEqual([saleMessages.reductionType]);
  });

  it("an edit carries the sale's id and the version it was opened with", () => {
    const id = "44444444-4444-4444-8444-444444444444";
    expect(value({ id, version: "3" })).toMatchObject({ id, version: 3 });
    expect(errors({ id, version: "" }).version).toEqual([saleMessages.stale]);
    expect(errors({ id: "nie-uuid", version: "1" }).id).toEqual([saleMessages.notFound]);
    expect(saleEndSchema.safeParse({ saleId: id, version: "2" }).data).toEqual({ saleId: id, version: 2 });
    expect(saleEndSchema.safeParse({ saleId: "x", version: "2" }).success).toBe(false);
  });
});
