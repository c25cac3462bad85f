/**
 * The cart's forms with JavaScript off (issue #38): each is a plain HTML form posting to `/cart`,
 * answered by a 303 back (the product page for an add, else the cart) with a flash box in the words
 * the enhanced form's toast shows. The enhanced paths and their toasts are shop-cart.test.ts's ('Dodano
 * do koszyka', 'Usunięto z koszyka', 'Kod nieprawidłowy', 'Kod NOKTURN10 został zastosowany'); the
 * same message both ways is checked in tests/integration/cart-server.test.ts. The whole purchase
 * without scripts: cart-server.test.ts.
 */
import { expect, type Page, test } from "@playwright/test";
import { demoProductId } from "../../db/seed";
import { postWithPage } from "../support/cart-checkout";

test.use({ javaScriptEnabled: false });

const flash = (page: Page) => page.getByTestId("flash-notice");

/** This tab's cart holds one tote bag (posted as the page's form would be), and the cart is open. */
async function cartWithTote(page: Page) {
  const added = await postWithPage(page.request)({
    intent: "add",
    productId: demoProductId("torba-nokturn-tote"),
    variantId: "",
    quantity: "1",
  });
  expect(added.status).toBe(200);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
}

test("'Dodaj do koszyka' goes back to the product page with the toast's words", async ({ page }) => {
  await page.goto("/merch/torba-nokturn-tote");
  await page.getByTestId("add-to-cart").click();
  await expect(page).toHaveURL(/\/merch\/torba-nokturn-tote$/);
  await expect(flash(page)).toHaveAttribute("data-kind", "success");
  await expect(flash(page)).toContainText("Dodano do koszyka");
  await expect(flash(page)).toContainText("Torba NOKTURN Tote został dodany do koszyka");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toContainText("Torba NOKTURN Tote");
});

test("'+' on a line comes back to the cart with the new quantity, and no message, as with scripts", async ({
  page,
}) => {
  await cartWithTote(page);
  await page.getByRole("button", { name: /Zwiększ ilość/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  // The enhanced form shows the quantity at once and no toast; the plain one the same page, no box.
  await expect(page.getByTestId("line-quantity-value")).toHaveText("2");
  await expect(flash(page)).toHaveCount(0);
});

test("removing a line comes back to the cart with 'Usunięto z koszyka'", async ({ page }) => {
  await cartWithTote(page);
  await page.getByTestId("remove-line").click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(flash(page)).toContainText("Usunięto z koszyka");
  await expect(flash(page)).toContainText("Produkt został usunięty z koszyka");
  await expect(page.getByTestId("empty-cart")).toBeVisible();
});

test("a discount code: a wrong one is refused, NOKTURN10 applied, each in the toast's words", async ({
  page,
}) => {
  await cartWithTote(page);
  await page.getByLabel("Kod rabatowy").fill("XYZ123");
  await page.getByTestId("discount-apply").click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(flash(page)).toHaveAttribute("data-kind", "error");
  await expect(flash(page)).toContainText("Kod nieprawidłowy");
  await expect(page.getByTestId("discount-form")).toBeVisible();

  // Lower case as typed: the server upper-cases it.
  await page.getByLabel("Kod rabatowy").fill("nokturn10");
  await page.getByTestId("discount-apply").click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(flash(page)).toHaveAttribute("data-kind", "success");
  await expect(flash(page)).toContainText("Sukces!");
  await expect(flash(page)).toContainText("Kod NOKTURN10 został zastosowany");
  await expect(page.getByTestId("discount-applied")).toContainText("NOKTURN10");
});
