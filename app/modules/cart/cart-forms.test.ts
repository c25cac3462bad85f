import { describe, expect, it } from "vitest";
import {
  INVALID_FORM_MESSAGE,
  LOCKER_CODE_MESSAGE,
  parseAddForm,
  parseLockerForm,
  parseQuantity,
  parseTakeoverForm,
  QUANTITY_MESSAGE,
  readIntent,
} from "./cart-forms";
import { readCartCount } from "./cart-view";

function form(fields: [string, string][]) {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
}

const ID = "0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

describe("cart forms", () => {
  it("reads only known intents", () => {
    expect(readIntent(form([["intent", "add"]]))).toBe("add");
    expect(readIntent(form([["intent", "ADD"]]))).toBeNull();
    expect(readIntent(form([]))).toBeNull();
  });

  it("takes quantities 1–99 written as plain digits", () => {
    expect(parseQuantity("1")).toEqual({ value: 1 });
    expect(parseQuantity(" 99 ")).toEqual({ value: 99 });
    expect(parseQuantity(null, 1)).toEqual({ value: 1 });
    for (const bad of ["0", "-1", "100", "1000000000", "1e3", "1.5", "0x10", "", null, "٣"]) {
      expect(parseQuantity(bad)).toEqual({ refused: { message: QUANTITY_MESSAGE, field: "quantity" } });
    }
  });

  it("reads one product or a bundle's few, aligned; refuses what no form of ours sends", () => {
    expect(
      parseAddForm(
        form([
          ["productId", ID],
          ["variantId", ""],
          ["quantity", "2"],
        ]),
      ),
    ).toEqual({
      value: [{ productId: ID, variantId: null, quantity: 2 }],
    });
    expect(
      parseAddForm(
        form([
          ["productId", ID],
          ["variantId", ID],
          ["productId", ID],
          ["variantId", ""],
        ]),
      ),
    ).toEqual({
      value: [
        { productId: ID, variantId: ID, quantity: 1 },
        { productId: ID, variantId: null, quantity: 1 },
      ],
    });
    expect(parseAddForm(form([]))).toMatchObject({ refused: { message: INVALID_FORM_MESSAGE } });
    expect(
      parseAddForm(form(Array.from({ length: 6 }, () => ["productId", ID] as [string, string]))),
    ).toMatchObject({
      refused: { message: INVALID_FORM_MESSAGE },
    });
    expect(parseAddForm(form([["productId", `${ID}\u0000`]]))).toMatchObject({ refused: {} });
    expect(
      parseAddForm(
        form([
          ["productId", ID],
          ["quantity", "0"],
        ]),
      ),
    ).toMatchObject({
      refused: { message: QUANTITY_MESSAGE },
    });
    expect(
      parseAddForm(
        form([
          ["productId", ID],
          ["variantId", ID],
          ["variantId", ID],
        ]),
      ),
    ).toMatchObject({ refused: {} });
  });

  it("takes a typed locker code without scripts, the map's locker with them", () => {
    expect(parseLockerForm(form([["lockerCode", " wro01m "]]))).toEqual({
      value: { id: "WRO01M", name: "WRO01M", address: { line1: "Paczkomat InPost WRO01M", line2: "" } },
    });
    for (const bad of ["", "<b>", "WRO 01", "A".repeat(17)]) {
      expect(parseLockerForm(form([["lockerCode", bad]]))).toEqual({
        refused: { message: LOCKER_CODE_MESSAGE, field: "lockerCode" },
      });
    }
    expect(
      parseLockerForm(
        form([
          ["lockerId", "WRO01M"],
          ["lockerName", "WRO01M"],
          ["lockerLine1", "ul. Ruska 46"],
          ["lockerLine2", "50-079 Wrocław"],
        ]),
      ),
    ).toEqual({
      value: { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } },
    });
    expect(parseLockerForm(form([["lockerId", "WRO01M"]]))).toMatchObject({ refused: {} });
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
    expect(parseTakeoverForm(form([["lines", lines]]))).toEqual({
      value: [
        { productId: ID, variantId: null, quantity: 2 },
        { productId: ID, variantId: ID, quantity: 99 },
      ],
    });
    expect(parseTakeoverForm(form([["lines", "{"]]))).toMatchObject({ refused: {} });
    expect(parseTakeoverForm(form([["lines", "x".repeat(70_000)]]))).toMatchObject({ refused: {} });
    expect(parseTakeoverForm(form([]))).toMatchObject({ refused: {} });
  });

  it("reads the badge's count from the cookie, 0 when absent or odd", () => {
    expect(readCartCount("a=1; nokturn_cart_count=12; b=2")).toBe(12);
    expect(readCartCount("nokturn_cart_count=12")).toBe(12);
    expect(readCartCount("xnokturn_cart_count=12")).toBe(0);
    expect(readCartCount("nokturn_cart_count=-1")).toBe(0);
    expect(readCartCount("nokturn_cart_count=123456")).toBe(0);
    expect(readCartCount(null)).toBe(0);
  });
});
