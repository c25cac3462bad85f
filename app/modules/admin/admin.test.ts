import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";
import { activeAdminTab, adminTabHref, parseAdminTab, tabsFor } from "./admin-tabs";
import { readAdminFlash } from "./flash";
import { parseOrderFilters } from "./order-filters";
import { ordersCsvFilename } from "./orders-csv";
import { parseProductFilters, stockBadge } from "./product-filters";
import { productFormSchema } from "./product-form.schema";
import { parseInlineStock, productListActionSchema } from "./product-list.schema";

describe("CSV", () => {
  it("quotes separators, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("zwykły tekst")).toBe("zwykły tekst");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('powiedział "tak"')).toBe('"powiedział ""tak"""');
    expect(csvCell("dwie\nlinie")).toBe('"dwie\nlinie"');
    expect(csvCell("=SUM(A1:A9)")).toBe("'=SUM(A1:A9)");
    expect(csvCell("+48 600 000 000")).toBe("'+48 600 000 000");
    expect(csvCell("@cmd")).toBe("'@cmd");
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  it("starts with a BOM and ends lines with CRLF", () => {
    expect(toCsv(["A", "B"], [["ą", "ł"]])).toBe("\uFEFFA;B\r\ną;ł\r\n");
  });

  it("names the file after the filter without Polish letters", () => {
    expect(ordersCsvFilename("Oczekujące", new Date("2026-01-17T12:00:00Z"))).toBe(
      "zamowienia-oczekujace-2026-01-17.csv",
    );
    expect(ordersCsvFilename(null, new Date("2026-01-17T23:30:00Z"))).toBe("zamowienia-2026-01-18.csv");
  });
});

describe("URL state", () => {
  it("parses the tab, falling back to orders", () => {
    expect(parseAdminTab("products")).toBe("products");
    expect(parseAdminTab("discounts")).toBe("discounts");
    expect(parseAdminTab("<script>")).toBe("orders");
    expect(parseAdminTab(null)).toBe("orders");
  });

  it("links part-1 tabs by ?tab= and part-2 tabs by their own path, and reads both back", () => {
    expect(adminTabHref("orders")).toBe("/admin?tab=orders");
    expect(adminTabHref("galleries")).toBe("/admin/galleries");
    expect(activeAdminTab("/admin", "?tab=products")).toBe("products");
    expect(activeAdminTab("/admin/products/new", "")).toBe("products");
    expect(activeAdminTab("/admin/events", "")).toBe("events");
    expect(activeAdminTab("/admin", "")).toBe("orders");
  });

  it("gives moderators the galleries and ambassadors tabs only, admins all, users none", () => {
    expect(tabsFor(["moderator"])).toEqual(["galleries", "ambassadors"]);
    expect(tabsFor(["admin", "user"])).toHaveLength(9);
    expect(tabsFor(["user"])).toEqual([]);
  });

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

  it("parses the order filter and page", () => {
    expect(parseOrderFilters(new URLSearchParams("status=cancelled&page=3"))).toEqual({
      status: "cancelled",
      page: 3,
    });
    expect(parseOrderFilters(new URLSearchParams("status=shipped&page=-1"))).toEqual({
      status: null,
      page: 1,
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

describe("flash", () => {
  it("shows only the known messages", () => {
    expect(readAdminFlash("a=b; nokturn_admin_flash=product-created")).toBe("product-created");
    expect(readAdminFlash("nokturn_admin_flash=<b>hi</b>")).toBeNull();
    expect(readAdminFlash(null)).toBeNull();
  });
});
