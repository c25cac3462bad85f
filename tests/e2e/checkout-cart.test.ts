/**
 * The whole purchase as a signed-in customer sees it, by clicks only: product page → cart → InPost
 * parcel locker chosen on the map → 'Zamawiam z obowiązkiem zapłaty' → the test payment page →
 * order confirmation → the order in /account/orders with the server's prices and the locker. The
 * customer has an account of its own (the cart follows the account: a shared one would mix carts of
 * tests running at once).
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";
import { signUp, uniqueEmail } from "./accounts-support";
import { signInWith } from "./admin-support";

const money = (text: string) => new RegExp(text.replaceAll(" ", "\\s"));

test("a signed-in customer orders to a parcel locker through the cart and finds the order in the account", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("paczkomat");
  await signUp(page, email, "sekret6");
  await signInWith(page.request, { email, password: "sekret6" });

  // A sticker pack (19,00 zł, plenty in stock) from its product page.
  await page.goto("/merch/naklejki-pack-vol-1");
  await waitForHydration(page);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-badge")).toHaveText("1");
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("aria-busy", "false");

  await page.goto("/cart");
  // The locker map is the script's.
  await waitForHydration(page);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByTestId("cart-user")).toContainText(email);

  // InPost: the order button waits for a locker, chosen on the (stand-in) Geowidget map.
  await page.getByTestId("delivery-inpost").check();
  await page.getByTestId("choose-locker").click();
  const dialog = page.getByTestId("locker-dialog");
  await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "ready");
  await dialog.getByRole("button", { name: "Wybierz WRO01M" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("selected-locker")).toContainText("Paczkomat WRO01M");
  await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
  await expect(page.getByTestId("totals-total")).toHaveText(money("32,99 zł"));

  const order = page.getByTestId("checkout-button");
  await expect(order).toHaveText("Zamawiam z obowiązkiem zapłaty");
  await order.click();

  // The built-in test provider's page: the server's amount, the customer's e-mail filled in.
  await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("test-payment-total")).toHaveText(money("32,99 zł"));
  await expect(page.getByText("Dostawa (Paczkomat InPost)")).toBeVisible();
  // A plain form: no script needed.
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await page.getByLabel("Imię i nazwisko").fill("Klient Nokturnu");
  await page.getByLabel("Adres").fill("ul. Ruska 46");
  await page.getByLabel("Kod pocztowy").fill("50-079");
  await page.getByLabel("Miasto").fill("Wrocław");
  await page.getByRole("button", { name: "Zapłać" }).click();

  await expect(page).toHaveURL(/\/order-success\?session_id=test_cs_/);
  await expect(page.getByTestId("order-created")).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())!.replace("#", "");
  expect(number).toMatch(/^[0-9A-F]{8}$/);
  // The paid cart is emptied (by the server, with the order).
  await page.goto("/cart");
  await expect(page.getByTestId("empty-cart")).toBeVisible();

  // The order is in the customer's history, with the server's total and the chosen locker.
  // Plain links from the list to the order's dialog and its full page.
  await page.goto("/account/orders");
  const card = page.getByTestId("order-card").filter({ hasText: `#${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("order-total")).toHaveText(money("32,99 zł"));
  await card.getByRole("link", { name: `Zobacz szczegóły zamówienia #${number}` }).click();
  const details = page.getByTestId("order-dialog");
  await expect(details.getByTestId("order-items")).toContainText("Naklejki");
  await expect(details.getByTestId("order-dialog-total")).toHaveText(money("32,99 zł"));
  await details.getByRole("link", { name: "Pełna strona zamówienia" }).click();
  await expect(page.getByRole("heading", { name: `#${number}` })).toBeVisible();
  await expect(page.getByText("WRO01M").first()).toBeVisible();
});
