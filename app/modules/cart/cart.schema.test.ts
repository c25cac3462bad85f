import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  addedLines,
  addToCartFormSchema,
  discountCodeFormSchema,
  INVALID_FORM_MESSAGE,
  LOCKER_CODE_MESSAGE,
  lockerFormSchema,
  QUANTITY_MESSAGE,
  quantityFormSchema,
  takeoverFormSchema,
} from "./cart.schema";
import { readCartCount } from "./cart-view";

/** A form as the browser sends it, read as the cart's action reads it. */
function parse<Schema extends z.ZodType>(schema: Schema, fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  const submission = parseWithZod(data, { schema });
  return submission.status === "success"
    ? { value: submission.value as z.output<Schema> }
    : { errors: Object.values(submission.error ?? {}).flat() };
}

const ID = "0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

describe("cart forms", () => {
  it("takes quantities 1–99 written as plain digits", () => {
    expect(
      parse(quantityFormSchema, [
        ["line", ID],
        ["quantity", " 99 "],
      ]).value?.quantity,
    ).toBe(99);
    for (const bad of ["0", "-1", "100", "1000000000", "1e3", "1.5", "0x10", "", "٣"]) {
      expect(
        parse(quantityFormSchema, [
          ["line", ID],
          ["quantity", bad],
        ]),
      ).toEqual({ errors: [QUANTITY_MESSAGE] });
    }
  });

  it("reads one product or a bundle's few, aligned; refuses what no form of ours sends", () => {
    const lines = (fields: [string, string][]) => {
      const parsed = parse(addToCartFormSchema, fields);
      return parsed.value ? addedLines(parsed.value) : parsed;
    };
    expect(
      lines([
        ["productId", ID],
        ["variantId", ""],
        ["quantity", "2"],
      ]),
    ).toEqual([{ productId: ID, variantId: null, quantity: 2 }]);
    expect(
      lines([
        ["productId", ID],
        ["variantId", ID],
        ["productId", ID],
        ["variantId", ""],
      ]),
    ).toEqual([
      { productId: ID, variantId: ID, quantity: 1 },
      { productId: ID, variantId: null, quantity: 1 },
    ]);
    expect(lines([])).toEqual({ errors: [INVALID_FORM_MESSAGE] });
    expect(lines(Array.from({ length: 6 }, () => ["productId", ID] as [string, string]))).toEqual({
      errors: [INVALID_FORM_MESSAGE],
    });
    expect(lines([["productId", `${ID}\u0000`]])).toEqual({ errors: [INVALID_FORM_MESSAGE] });
    expect(
      lines([
        ["productId", ID],
        ["quantity", "0"],
      ]),
    ).toEqual({ errors: [QUANTITY_MESSAGE] });
    expect(
      lines([
        ["productId", ID],
        ["variantId", ID],
        ["variantId", ID],
      ]),
    ).toEqual({
      errors: [INVALID_FORM_MESSAGE],
    });
  });

  it("takes a typed locker code without scripts, the map's locker with them", () => {
    expect(parse(lockerFormSchema, [["lockerCode", " wro01m "]]).value).toEqual({
      id: "WRO01M",
      name: "WRO01M",
      address: { line1: "Paczkomat InPost WRO01M", line2: "" },
    });
    for (const bad of ["", "<b>", "WRO 01", "A".repeat(17)]) {
      expect(parse(lockerFormSchema, [["lockerCode", bad]]).value, bad).toBeUndefined();
    }
    expect(
      parse(lockerFormSchema, [
        ["lockerId", "WRO01M"],
        ["lockerName", "WRO01M"],
        ["lockerLine1", "ul. Ruska 46"],
        ["lockerLine2", "50-079 Wrocław"],
      ]).value,
    ).toEqual({ id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } });
    expect(parse(lockerFormSchema, [["lockerId", "WRO01M"]]).value).toBeUndefined();
    // The route answers every locker refusal with one message.
    expect(LOCKER_CODE_MESSAGE).toMatch(/kod Paczkomatu/);
  });

  it("upper-cases a code and refuses one no shop would print", () => {
    expect(parse(discountCodeFormSchema, [["code", " nokturn10 "]]).value).toEqual({ code: "NOKTURN10" });
    expect(parse(discountCodeFormSchema, [["code", ""]])).toEqual({ errors: ["Wpisz kod rabatowy."] });
    expect(parse(discountCodeFormSchema, [["code", "<b>"]])).toEqual({
      errors: ["Nieprawidłowy kod rabatowy"],
    });
  });

  it("takes the old cart's lines as they were, leaving out what is not a line", () => {
    const lines = JSON.stringify([
      { productId: ID, variantId: null, quantity: 2 },
      { productId: ID, variantId: ID, quantity: 10 ** 9 },
      { productId: ID, variantId: null, quantity: -1 },
      { productId: 5, quantity: 1 },
      null,
      "x",
    ]);
    expect(parse(takeoverFormSchema, [["lines", lines]]).value?.lines).toEqual([
      { productId: ID, variantId: null, quantity: 2 },
      { productId: ID, variantId: ID, quantity: 99 },
    ]);
    expect(parse(takeoverFormSchema, [["lines", "{"]])).toEqual({ errors: [INVALID_FORM_MESSAGE] });
    expect(parse(takeoverFormSchema, [["lines", "x".repeat(70_000)]])).toEqual({
      errors: [INVALID_FORM_MESSAGE],
    });
    expect(parse(takeoverFormSchema, [])).toEqual({ errors: [INVALID_FORM_MESSAGE] });
  });

  it("reads the badge's count from the cookie, 0 when absent or odd", () => {
    const headers: [header: string | null, count: number][] = [
      ["a=1; nokturn_cart_count=12; b=2", 12],
      ["nokturn_cart_count=12", 12],
      ["xnokturn_cart_count=12", 0],
      ["nokturn_cart_count=-1", 0],
      ["nokturn_cart_count=123456", 0],
      [null, 0],
    ];
    for (const [header, count] of headers) expect(readCartCount(header), String(header)).toBe(count);
  });
});
