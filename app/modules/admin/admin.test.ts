import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "~/lib/csv";
import { activeAdminTab, adminTabHref, parseAdminTab, tabsFor } from "./admin-tabs";
import { readAdminFlash } from "./flash";
import { parseOrderFilters } from "./order-filters";
import { ordersCsvFilename } from "./orders-csv";

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

describe("flash", () => {
  it("shows only the known messages", () => {
    expect(readAdminFlash("a=b; nokturn_admin_flash=product-created")).toBe("product-created");
    expect(readAdminFlash("nokturn_admin_flash=<b>hi</b>")).toBeNull();
    expect(readAdminFlash(null)).toBeNull();
  });
});
