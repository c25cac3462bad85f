import { describe, expect, it } from "vitest";
import { ticketTypeDefaults, typeCounts, windowLabel } from "./ticket-panel";

describe("typeCounts", () => {
  it("held is the quota neither sold nor left", () => {
    expect(typeCounts({ quota: 100, remaining: 60 }, 30, 237_000)).toEqual({
      sold: 30,
      held: 10,
      left: 60,
      revenue: 237_000,
    });
  });

  it("never shows a negative hold (void tickets whose units came back)", () => {
    expect(typeCounts({ quota: 10, remaining: 9 }, 3, 0).held).toBe(0);
  });
});

describe("the panel's labels", () => {
  it("shows the window in Warsaw time, open ends said in words", () => {
    const start = new Date("2026-12-01T09:00:00Z");
    const end = new Date("2026-12-31T22:59:00Z");
    expect(windowLabel(start, end)).toBe("1 grudnia 2026, 10:00 – 31 grudnia 2026, 23:59");
    expect(windowLabel(start, null)).toBe("od 1 grudnia 2026, 10:00");
    expect(windowLabel(null, end)).toBe("do 31 grudnia 2026, 23:59");
    expect(windowLabel(null, null)).toBe("bez ograniczeń");
  });

  it("opens a type's dialog with its price in zł and its window in Warsaw time", () => {
    expect(
      ticketTypeDefaults({
        id: "t",
        name: "Pula 1",
        price: 7900,
        vatRate: 8,
        quota: 100,
        salesStart: new Date("2026-07-01T08:00:00Z"),
        salesEnd: null,
        maxPerOrder: 4,
        opensAfterPrevious: true,
        position: 2,
      }),
    ).toMatchObject({
      price: "79,00",
      vatRate: "8",
      salesStart: "2026-07-01T10:00",
      salesEnd: "",
      position: "2",
    });
  });
});
