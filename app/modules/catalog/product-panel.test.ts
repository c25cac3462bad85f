/** The panel's product rules that need no database: list filters, stock badges, inline stock, the form's schema. */
import { describe, expect, it } from "vitest";
import { parseProductFilters, stockBadge } from "./product-filters";
import { productFormSchema } from "./product-form.schema";
import { parseInlineStock, productListActionSchema } from "./product-list.schema";

describe("URL state", () => {
  it("parses product filters, ignoring unknown values", () => {
    expect(
      parseProductFilters(
        new URLSearchParams("q=%20bluza%20&category=clothing&status=inactive&stock=low_stock"),
      ),
    ).toEqual({
      q: "bluza",
      category: "clothing",
      status: "inactive",
      stock: "low_stock",
    });
    expect(parseProductFilters(new URLSearchParams("category=x&status=y&stock=z"))).toEqual({
      q: "",
      category: null,
      status: null,
      stock: null,
    });
  });
});

describe("stock", () => {
  it("badges follow SPEC: 0 sold out, up to 10 low, above 10 in stock", () => {
    expect(stockBadge(0).label).toBe("Wyprzedane");
    expect(stockBadge(1).label).toBe("Niski stan");
    expect(stockBadge(10).label).toBe("Niski stan");
    expect(stockBadge(11).label).toBe("W magazynie");
  });

  it("inline stock accepts whole numbers from 0 only", () => {
    expect(parseInlineStock("0")).toBe(0);
    expect(parseInlineStock(" 12 ")).toBe(12);
    for (const bad of ["", "-1", "1.5", "1,5", "abc", "1e3"]) expect(parseInlineStock(bad)).toBeNull();
  });

  it("the quick actions' schema answers SPEC's message for a bad stock value", () => {
    const result = productListActionSchema.safeParse({
      intent: "set-stock",
      productId: "9b2f0c5e-8d1a-4f3e-9c7b-2a6d4e8f1b3c",
      stockQuantity: "-4",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe("Nieprawidłowa wartość");
  });
});

describe("product form schema", () => {
  const base = {
    name: "Koszulka",
    slug: "koszulka",
    description: "Opis koszulki testowej.",
    price: "129,90",
    stockQuantity: "3",
    category: "clothing",
    featured: false,
    isActive: true,
  };

  it("turns typed prices into grosze and checks the minimum", () => {
    expect(productFormSchema.parse(base).price).toBe(12990);
    expect(productFormSchema.parse({ ...base, price: "1" }).price).toBe(100);
    const low = productFormSchema.safeParse({ ...base, price: "0,99" });
    expect(low.error?.issues[0].message).toBe("Cena musi być dodatnia");
  });

  it("refuses a slug with capitals, spaces or edge hyphens", () => {
    for (const slug of ["Koszulka", "moja koszulka", "-koszulka", "koszulka-", "kosz--ulka"]) {
      const result = productFormSchema.safeParse({ ...base, slug });
      expect(result.error?.issues[0].message, slug).toBe(
        "Slug może zawierać tylko małe litery, cyfry i myślniki",
      );
    }
  });
});
