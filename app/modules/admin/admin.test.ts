import { describe, expect, it } from "vitest";
import { activeAdminTab, adminTabHref, parseAdminTab, tabsFor } from "./admin-tabs";

describe("URL state", () => {
  it("reads the tab of an old ?tab= link, null for a missing or unknown one", () => {
    expect(parseAdminTab("products")).toBe("products");
    expect(parseAdminTab("discounts")).toBe("discounts");
    expect(parseAdminTab("<script>")).toBeNull();
    expect(parseAdminTab(null)).toBeNull();
  });

  it("links every tab by its own path and reads it back", () => {
    expect(adminTabHref("orders")).toBe("/admin/orders");
    expect(adminTabHref("products")).toBe("/admin/products");
    expect(adminTabHref("galleries")).toBe("/admin/galleries");
    expect(activeAdminTab("/admin/orders")).toBe("orders");
    expect(activeAdminTab("/admin/products/new")).toBe("products");
    expect(activeAdminTab("/admin/events")).toBe("events");
    expect(activeAdminTab("/admin/sales")).toBe("sales");
    expect(activeAdminTab("/admin")).toBeNull();
  });

  it("gives moderators the galleries and ambassadors tabs only, admins all (Pulpit first), users and door staff none", () => {
    expect(tabsFor(["moderator"])).toEqual(["galleries", "ambassadors"]);
    expect(tabsFor(["admin", "user"])).toHaveLength(11);
    expect(tabsFor(["admin"])[0]).toBe("dashboard");
    expect(tabsFor(["user"])).toEqual([]);
    expect(tabsFor(["door"])).toEqual([]);
  });
});
