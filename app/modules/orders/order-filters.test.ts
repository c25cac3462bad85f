import { describe, expect, it } from "vitest";
import { ordersExportHref, ordersHref, parseOrderFilters } from "./order-filters";

describe("orders tab URL state", () => {
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

  it("links the filter and page on the tab's own URL, and the export with the same filter", () => {
    expect(ordersHref(null)).toBe("/admin/orders");
    expect(ordersHref("pending", 2)).toBe("/admin/orders?status=pending&page=2");
    expect(ordersHref(null, 3)).toBe("/admin/orders?page=3");
    expect(ordersExportHref("cancelled")).toBe("/admin/orders/export.csv?status=cancelled");
  });
});
