/**
 * Who gets into /admin (SPEC §4 Admin access, §6): a guest is sent to /auth with the origin kept; a
 * signed-in customer sees the checking screen, 'Brak uprawnień administratora' and lands on /. The
 * admin gets the panel with its tabs in the URL, each a route of its own (`/admin` and old `?tab=`
 * links redirect there). What the server answers without a browser (the guest's redirect, the panel's
 * tabs as rendered, the old links) is in tests/http/account-pages.test.ts. Direct requests without the
 * role (401/403, nothing changed) are sent to every admin loader and action in
 * tests/integration/admin-authorization.test.ts.
 */
import { test as base, expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, signedIn } from "../support/fixtures";
import { test as adminTest } from "./admin-support";

base.describe("without the admin role", () => {
  base.describe("signed in as a customer", () => {
    base.use({ storageState: signedIn("customer") });

    base("a signed-in customer is told 'Brak uprawnień administratora' and sent home", async ({ page }) => {
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(403);
      await expect(page.getByText("Brak uprawnień administratora")).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });
  });
});

adminTest.describe("as the admin", () => {
  // The panel as the server renders it (/admin → /admin/dashboard, the heading, every tab, the current tab of
  // each tab's own URL, old ?tab= links) is in tests/http/account-pages.test.ts; here the tabs as links in
  // the browser.
  adminTest("the panel's tabs switch the page and the URL", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const tabs = page.getByRole("navigation", { name: "Sekcje panelu" });
    await expect(tabs.getByRole("link", { name: "Pulpit" })).toHaveAttribute("aria-current", "page");
    await tabs.getByRole("link", { name: "Zamówienia" }).click();
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByTestId("orders-summary")).toBeVisible();

    await tabs.getByRole("link", { name: "Produkty" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(tabs.getByRole("link", { name: "Produkty" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);

    await tabs.getByRole("link", { name: "Kody rabatowe" }).click();
    await expect(page).toHaveURL(/\/admin\/discounts$/);
    await expect(tabs.getByRole("link", { name: "Kody rabatowe" })).toHaveAttribute("aria-current", "page");
  });
});
