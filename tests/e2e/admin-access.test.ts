/**
 * Who gets into /admin (SPEC §4 Admin access, §6): a guest is sent to /auth with the origin kept; a
 * signed-in customer sees the checking screen, 'Brak uprawnień administratora' and lands on /. The
 * admin gets the panel with its tabs in the URL, each a route of its own (`/admin` and old `?tab=`
 * links redirect there). Direct requests without the role (401/403, nothing changed) are sent to every
 * admin loader and action in tests/integration/admin-authorization.test.ts.
 */
import { test as base, expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, signedIn } from "../support/fixtures";
import { test as adminTest } from "./admin-support";

base.describe("without the admin role", () => {
  base("a guest is sent to /auth with the page they wanted", async ({ page }) => {
    await page.goto("/admin?tab=products");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%3Ftab%3Dproducts$/);
    await page.goto("/admin/products/new");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fproducts%2Fnew$/);
  });

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
  adminTest("the panel with its tabs in the URL", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await expect(page.getByRole("heading", { level: 1, name: "PANEL ADMINA" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Sekcje panelu" });
    for (const label of [
      "Zamówienia",
      "Produkty",
      "Promocje",
      "Użytkownicy",
      "Zaproszenia",
      "Kody rabatowe",
      "Galerie",
      "Ambasadorzy",
      "Wydarzenia",
      "E-maile",
    ]) {
      await expect(tabs.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(tabs.getByRole("link", { name: "Zamówienia" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("orders-summary")).toBeVisible();

    await tabs.getByRole("link", { name: "Produkty" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.reload();
    await expect(tabs.getByRole("link", { name: "Produkty" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);

    await tabs.getByRole("link", { name: "Kody rabatowe" }).click();
    await expect(page).toHaveURL(/\/admin\/discounts$/);
    await expect(tabs.getByRole("link", { name: "Kody rabatowe" })).toHaveAttribute("aria-current", "page");
    await page.goto("/admin?tab=galleries");
    await expect(page).toHaveURL(/\/admin\/galleries$/);
    await expect(tabs.getByRole("link", { name: "Galerie" })).toHaveAttribute("aria-current", "page");

    await page.goto("/admin?tab=nieznana");
    await expect(page.getByTestId("orders-summary")).toBeVisible();
  });
});
