/**
 * Who gets into /admin (SPEC §4 Admin access, §6): a guest is sent to /auth with the origin kept; a
 * signed-in customer sees the checking screen, 'Brak uprawnień administratora' and lands on /; direct
 * requests without the role get 401/403 and change nothing. The admin gets the panel with its tabs in
 * the URL, each a route of its own (`/admin` and old `?tab=` links redirect there).
 */
import { test as base, expect } from "@playwright/test";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { test as adminTest, availableStock, signInWith } from "./admin-support";

const tote = demoProductId("torba-nokturn-tote");

base.describe("without the admin role", () => {
  base("a guest is sent to /auth with the page they wanted", async ({ page }) => {
    await page.goto("/admin?tab=products");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%3Ftab%3Dproducts$/);
    await page.goto("/admin/products/new");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fproducts%2Fnew$/);
  });

  base("a signed-in customer is told 'Brak uprawnień administratora' and sent home", async ({ page }) => {
    await signInWith(page.request, DEMO_CUSTOMER);
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("Brak uprawnień administratora")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  base("direct requests get 401 / 403 and change nothing", async ({ page, playwright }) => {
    const guest = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    const deleteTote = { form: { intent: "delete", productId: tote } };
    expect((await guest.post("/admin/products", deleteTote)).status()).toBe(401);
    expect(
      (
        await guest.post("/admin/orders", {
          form: { intent: "set-status", orderId: tote, status: "cancelled" },
        })
      ).status(),
    ).toBe(401);
    const exportAsGuest = await guest.get("/admin/orders/export.csv", { maxRedirects: 0 });
    expect(exportAsGuest.status()).toBe(302);
    expect(exportAsGuest.headers().location).toMatch(/^\/auth\?redirect=/);
    await guest.dispose();

    await signInWith(page.request, DEMO_CUSTOMER);
    const stockBefore = await availableStock(page, tote);
    expect((await page.request.post("/admin/products", deleteTote)).status()).toBe(403);
    expect(
      (
        await page.request.post("/admin/products", {
          form: { intent: "set-stock", productId: tote, stockQuantity: "0" },
        })
      ).status(),
    ).toBe(403);
    const csv = await page.request.get("/admin/orders/export.csv");
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain("Numer;Data");
    const upload = await page.request.post("/admin/products/images?name=x.jpg", {
      multipart: {
        file: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
      },
    });
    expect(upload.status()).toBe(403);
    expect((await page.request.get(`/admin/products/${tote}/edit`)).status()).toBe(403);
    expect(await availableStock(page, tote)).toBe(stockBefore);
    expect((await page.request.get("/merch/torba-nokturn-tote")).status()).toBe(200);
  });
});

adminTest.describe("as the admin", () => {
  adminTest("the panel with its tabs in the URL", async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/orders$/);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "PANEL ADMINA" })).toBeVisible();
    const tabs = page.getByRole("navigation", { name: "Sekcje panelu" });
    for (const label of [
      "Zamówienia",
      "Produkty",
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
