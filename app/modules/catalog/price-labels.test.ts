import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/money";
import {
  lowestPriorText,
  orderLineSale,
  orderLineSaleNote,
  percentOffText,
  priceNow,
  REGULAR_PRICE_LABEL,
  saleNoteText,
} from "./price-labels";

describe("the words of a sale price", () => {
  it("states the 30-day lowest price as the law words it", () => {
    expect(lowestPriorText(11_999)).toBe("Najniższa cena z 30 dni przed obniżką: 119,99\u00a0zł");
    expect(lowestPriorText(11_999)).toBe(`Najniższa cena z 30 dni przed obniżką: ${formatPrice(11_999)}`);
  });

  it("badges the reduction and names the struck price", () => {
    expect(percentOffText(20)).toBe("-20%");
    expect(REGULAR_PRICE_LABEL).toBe("Cena regularna:");
  });

  it("notes the regular price and the reduction after a unit price", () => {
    expect(saleNoteText({ regular: 11_999, percentOff: 20 })).toBe("(cena regularna 119,99\u00a0zł, -20%)");
  });

  it("charges the sale price while a sale runs, else the price", () => {
    expect(priceNow(11_999, null)).toBe(11_999);
    expect(priceNow(11_999, undefined)).toBe(11_999);
    expect(priceNow(11_999, { price: 9_599 })).toBe(9_599);
  });
});

describe("orderLineSale", () => {
  it("reads a line bought at a sale price from its recorded prices", () => {
    expect(
      orderLineSale({ pricePerUnit: 9_599, regularPricePerUnit: 11_999, lowestPriorPrice: 10_999 }),
    ).toEqual({
      regular: 11_999,
      percentOff: 20,
      lowestPrior: 10_999,
    });
  });

  it("is null for a line paid at its regular price", () => {
    expect(
      orderLineSale({ pricePerUnit: 11_999, regularPricePerUnit: 11_999, lowestPriorPrice: null }),
    ).toBeNull();
    // Recorded before sales existed, or nothing taken off: no sale to show.
    expect(
      orderLineSale({ pricePerUnit: 11_999, regularPricePerUnit: null, lowestPriorPrice: null }),
    ).toBeNull();
    expect(
      orderLineSale({ pricePerUnit: 11_999, regularPricePerUnit: 11_999, lowestPriorPrice: 10_999 }),
    ).toBeNull();
  });
});

describe("orderLineSaleNote", () => {
  it("words a line bought at a sale price, and nothing for one paid in full", () => {
    expect(
      orderLineSaleNote({ pricePerUnit: 1_425, regularPricePerUnit: 1_900, lowestPriorPrice: 1_900 }),
    ).toBe("(cena regularna 19,00\u00a0zł, -25%)");
    expect(
      orderLineSaleNote({ pricePerUnit: 1_900, regularPricePerUnit: 1_900, lowestPriorPrice: null }),
    ).toBeNull();
  });
});
