import { describe, expect, it } from "vitest";
import {
  lowestPriorPrice,
  nextSaleChange,
  percentOff,
  reducedPrice,
  type SaleWindow,
  saleAt,
  saleBadge,
} from "./sale-price";

const DAY = 86_400_000;
const T = new Date("2026-11-27T00:00:00+01:00"); // Black Friday, midnight in Warsaw
const day = (offset: number) => new Date(T.getTime() + offset * DAY);

function sale(
  id: string,
  from: number,
  to: number | null,
  reduction: number,
  type: "percent" | "amount" = "percent",
): SaleWindow {
  return { id, startsAt: day(from), endsAt: to === null ? null : day(to), reductionType: type, reduction };
}

describe("reducedPrice and percentOff", () => {
  it("takes a percent off, rounded to the grosz, or an amount", () => {
    expect(reducedPrice(14_999, { reductionType: "percent", reduction: 20 })).toBe(11_999);
    expect(reducedPrice(10_000, { reductionType: "amount", reduction: 2_500 })).toBe(7_500);
    expect(percentOff(10_000, 7_500)).toBe(25);
  });
  it("gives no sale price when the reduction takes everything", () => {
    expect(reducedPrice(1_000, { reductionType: "amount", reduction: 1_000 })).toBeNull();
    expect(reducedPrice(1_000, { reductionType: "amount", reduction: 5_000 })).toBeNull();
  });
});

describe("saleAt", () => {
  it("runs from its start, inclusive, to its end, exclusive", () => {
    const s = sale("a", 0, 3, 20);
    expect(saleAt([s], new Date(T.getTime() - 1))).toBeNull();
    expect(saleAt([s], T)?.id).toBe("a");
    expect(saleAt([s], new Date(day(3).getTime() - 1))?.id).toBe("a");
    expect(saleAt([s], day(3))).toBeNull();
  });
});

describe("the lowest price of the 30 days before a reduction", () => {
  it("a plain reduction: the regular price before it", () => {
    const history = [{ from: day(-200), price: 10_000 }];
    expect(lowestPriorPrice(history, [sale("bf", 0, 4, 30)], day(1))).toBe(10_000);
    expect(saleBadge(10_000, history, [sale("bf", 0, 4, 30)], day(1))).toEqual({
      price: 7_000,
      regular: 10_000,
      percentOff: 30,
      lowestPrior: 10_000,
      endsAt: day(4).toISOString(),
    });
  });

  it("a price raised a week before the sale: the lowest is the earlier one", () => {
    const history = [
      { from: day(-100), price: 10_000 },
      { from: day(-7), price: 12_000 },
    ];
    const badge = saleBadge(12_000, history, [sale("bf", 0, null, 20)], day(2));
    expect(badge?.price).toBe(9_600);
    expect(badge?.lowestPrior).toBe(10_000);
  });

  it("a price lowered more than 30 days before the reduction no longer counts", () => {
    const history = [
      { from: day(-100), price: 8_000 },
      { from: day(-31), price: 10_000 },
    ];
    expect(lowestPriorPrice(history, [sale("bf", 0, null, 10)], day(1))).toBe(10_000);
    // …but one that was still asked 29 days before does.
    const recent = [
      { from: day(-100), price: 8_000 },
      { from: day(-29), price: 10_000 },
    ];
    expect(lowestPriorPrice(recent, [sale("bf", 0, null, 10)], day(1))).toBe(8_000);
  });

  it("a product offered for 10 days: the lowest since it was first offered", () => {
    const history = [
      { from: day(-10), price: 9_000 },
      { from: day(-4), price: 9_900 },
    ];
    expect(lowestPriorPrice(history, [sale("bf", 0, null, 50)], day(0))).toBe(9_000);
  });

  it("a product first offered already reduced shows its sale price", () => {
    const history = [{ from: day(0), price: 10_000 }];
    expect(lowestPriorPrice(history, [sale("new", 0, null, 10)], day(1))).toBe(9_000);
  });

  it("a reduction deepened twice: the lowest before the first reduction", () => {
    const history = [{ from: day(-60), price: 10_000 }];
    // 10% from day 0, deepened to 20% on day 2 and to 40% on day 4: one continuous sale.
    const sales = [sale("a", 0, 2, 10), sale("b", 2, 4, 20), sale("c", 4, null, 40)];
    expect(lowestPriorPrice(history, sales, day(5))).toBe(10_000);
    expect(saleBadge(10_000, history, sales, day(5))?.price).toBe(6_000);
  });

  it("a sale that ended and another that starts 5 days later: the first sale's price counts", () => {
    const history = [{ from: day(-60), price: 10_000 }];
    const sales = [sale("a", -10, -5, 25), sale("b", 0, 7, 20)];
    expect(lowestPriorPrice(history, sales, day(1))).toBe(7_500);
    // Between the two, nothing is reduced and nothing of this shows.
    expect(lowestPriorPrice(history, sales, day(-2))).toBeNull();
    expect(saleBadge(10_000, history, sales, day(-2))).toBeNull();
  });

  it("outside a sale there is no badge", () => {
    const history = [{ from: day(-60), price: 10_000 }];
    expect(saleBadge(10_000, history, [sale("a", 1, 3, 25)], day(0))).toBeNull();
    expect(saleBadge(10_000, history, [sale("a", 1, 3, 25)], day(3))).toBeNull();
  });
});

describe("nextSaleChange", () => {
  it("is the next start or end after now", () => {
    const sales = [sale("a", -3, 2, 10), sale("b", 1, null, 10)];
    expect(nextSaleChange(sales, day(0))?.toISOString()).toBe(day(1).toISOString());
    expect(nextSaleChange(sales, day(1))?.toISOString()).toBe(day(2).toISOString());
    expect(nextSaleChange(sales, day(2))).toBeNull();
  });
});
