import { describe, expect, it } from "vitest";
import {
  firstAvailableVariant,
  instalmentAmount,
  parseCategory,
  pluralizeSztuka,
  productBadges,
  shortSku,
  stockStatus,
} from "./catalog";
import { effectiveStock } from "./stock";

const DAY = 86_400_000;
const now = new Date("2026-01-10T12:00:00Z");

describe("stock indicator", () => {
  it("shows the unavailable box at 0", () => {
    expect(stockStatus(0)).toMatchObject({ level: "out", showBar: false, tone: "red" });
    expect(stockStatus(-3).level).toBe("out");
  });

  it("under 5: 'Tylko N sztuk w magazynie!', red, with the bar", () => {
    expect(stockStatus(1)).toMatchObject({ level: "low", label: "Tylko 1 sztuka w magazynie!", tone: "red" });
    expect(stockStatus(3)).toMatchObject({
      label: "Tylko 3 sztuki w magazynie!",
      showBar: true,
      barPercent: 6,
    });
    expect(stockStatus(4)).toMatchObject({ level: "low", tone: "red", barPercent: 8 });
  });

  it("5 to under 10: 'N sztuk dostępnych', yellow, with the bar (max 50)", () => {
    expect(stockStatus(5)).toMatchObject({ level: "limited", label: "5 sztuk dostępnych", tone: "yellow" });
    expect(stockStatus(9)).toMatchObject({ label: "9 sztuk dostępnych", showBar: true, barPercent: 18 });
  });

  it("10 or more: 'Dostępny' without the bar; yellow at exactly 10, green above", () => {
    expect(stockStatus(10)).toMatchObject({
      level: "available",
      label: "Dostępny",
      tone: "yellow",
      showBar: false,
    });
    expect(stockStatus(11)).toMatchObject({ tone: "green", showBar: false });
    expect(stockStatus(500).barPercent).toBe(100);
  });

  it("declines 'sztuka' as Polish does", () => {
    expect([1, 2, 4, 5, 12, 14, 22, 25].map(pluralizeSztuka)).toEqual([
      "sztuka",
      "sztuki",
      "sztuki",
      "sztuk",
      "sztuk",
      "sztuk",
      "sztuki",
      "sztuk",
    ]);
  });
});

describe("product badges", () => {
  const product = { createdAt: new Date(now.getTime() - 6 * DAY), featured: false };

  it("is new within 30 days only", () => {
    expect(productBadges(product, 20, now).map((b) => b.label)).toEqual(["Nowość"]);
    expect(productBadges({ ...product, createdAt: new Date(now.getTime() - 30 * DAY) }, 20, now)).toEqual([]);
    expect(
      productBadges({ ...product, createdAt: new Date(now.getTime() - 29.9 * DAY) }, 20, now),
    ).toHaveLength(1);
  });

  it("shows Bestseller for featured products and 'Ostatnie sztuki' at 1–4 units", () => {
    const old = { createdAt: new Date(now.getTime() - 90 * DAY), featured: true };
    expect(productBadges(old, 3, now).map((b) => b.label)).toEqual(["Bestseller", "Ostatnie sztuki"]);
    expect(productBadges(old, 1, now).map((b) => b.kind)).toContain("last-pieces");
    expect(productBadges(old, 5, now).map((b) => b.kind)).not.toContain("last-pieces");
    expect(productBadges(old, 0, now).map((b) => b.kind)).not.toContain("last-pieces");
  });
});

describe("catalogue helpers", () => {
  it("reads only known categories from the URL", () => {
    expect(parseCategory("clothing")).toBe("clothing");
    expect(parseCategory("stickers")).toBe("stickers");
    expect(parseCategory("shoes")).toBeNull();
    expect(parseCategory(null)).toBeNull();
  });

  it("makes the short SKU from the first 8 characters of the id", () => {
    expect(shortSku("3f2a1b4c-9d8e-4f00-a1b2-c3d4e5f60718")).toBe("3F2A1B4C");
  });

  it("splits the price into 3 instalments", () => {
    expect(instalmentAmount(12900)).toBe(4300);
    expect(instalmentAmount(8900)).toBe(2967);
  });

  it("sells variant products from their variants' stock", () => {
    expect(effectiveStock({ stockQuantity: 0 }, [{ stockQuantity: 3 }, { stockQuantity: 4 }])).toBe(7);
    expect(effectiveStock({ stockQuantity: 8 }, [])).toBe(8);
    expect(
      firstAvailableVariant([
        { stockQuantity: 0, size: "XS" },
        { stockQuantity: 2, size: "S" },
      ])?.size,
    ).toBe("S");
    expect(firstAvailableVariant([{ stockQuantity: 0 }])).toBeNull();
  });
});
