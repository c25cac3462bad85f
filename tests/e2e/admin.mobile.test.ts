/**
 * The panel on a phone (390 px wide): nothing sticks out sideways (the tabs and the table scroll in
 * their own boxes), and the quick actions still work with touch.
 */
import { createProduct, expect, openAdmin, productRow, test, unique } from "./admin-support";

test.describe.configure({ timeout: 90_000 });

async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("orders, products and the product form fit a phone; stock edits by touch", async ({ page }) => {
  await openAdmin(page, "/admin?tab=orders");
  await expect(page.getByTestId("orders-summary")).toBeVisible();
  await expectNoSidewaysScroll(page);

  const name = unique("Telefon");
  await createProduct(page, { name, stock: 12 });
  await openAdmin(page, `/admin/products?q=${encodeURIComponent(name)}`);
  await expectNoSidewaysScroll(page);
  const row = productRow(page, name);
  await row.getByRole("button", { name: /Zmień stan magazynowy/ }).tap();
  await row.getByRole("textbox", { name: `Stan magazynowy: ${name}` }).fill("4");
  await row.getByRole("button", { name: "Zapisz stan" }).tap();
  await expect(row.getByTestId("stock-badge")).toHaveText("Niski stan");

  await openAdmin(page, "/admin/products/new");
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("button", { name: "Dodaj produkt" })).toBeVisible();
});
