/**
 * One cart, on the server (issue #26, decision 031): every cart control is a plain form that works
 * without JavaScript and before hydration; once the page has hydrated the same forms run as fetchers.
 * A cart stored the old way (local storage) is taken over once; a customer's cart follows the account.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { demoProductId, demoVariantId } from "../../db/seed";
import { CART_KEY, waitForHydration } from "../support/fixtures";
import { login, signUp, uniqueEmail } from "./accounts-support";

test.describe.configure({ timeout: 90_000 });

const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

/** Adds a product from its page with scripts running, and waits for the badge to count it. */
async function addProduct(page: Page, slug: string, badge: string) {
  await page.goto(`/merch/${slug}`);
  await waitForHydration(page);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-badge")).toHaveText(badge);
  // The badge counts the add at once; the form is idle again once the cart has answered.
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("aria-busy", "false");
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a guest buys with forms only: size, add, +, code and e-mail, parcel locker, payment, order", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/merch/koszulka-nokturn-logo");
    await page.getByTestId("size-picker").getByText("L", { exact: true }).click();
    await page.getByTestId("add-to-cart").click();

    // The form's answer is this page again (post/redirect/get) with the enhanced form's toast as a box.
    await expect(page).toHaveURL(/\/merch\/koszulka-nokturn-logo$/);
    await expect(page.getByTestId("flash-notice")).toContainText("Dodano do koszyka");
    await expect(page.getByTestId("flash-notice")).toContainText(
      "Koszulka NOKTURN Logo został dodany do koszyka",
    );
    // The cart page is private to this visitor.
    const cartPage = await page.goto("/cart");
    expect(cartPage?.headers()["cache-control"]).toBe("private, no-store");
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText("Rozmiar: L");
    await line.getByRole("button", { name: /Zwiększ ilość/ }).click();
    await expect(line.getByTestId("line-quantity-value")).toHaveText("2");
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("258,00 zł"));

    // A first-order code: the server upper-cases it and then asks for the buyer's e-mail.
    await page.getByLabel("Kod rabatowy").fill("pierwsze15");
    await page.getByTestId("discount-apply").click();
    await expect(page.getByTestId("discount-applied")).toContainText("PIERWSZE15");
    await expect(page.getByTestId("totals-discount")).toHaveText(money("−38,70 zł"));

    await page.getByTestId("delivery-inpost").check();
    await page.getByRole("button", { name: "Wybierz", exact: true }).click();
    await expect(page.getByTestId("delivery-inpost")).toBeChecked();
    await expect(page.getByTestId("locker-missing")).toBeVisible();
    await page.getByLabel("Kod Paczkomatu (np. WRO01M)").fill("wro01m");
    await page.getByTestId("locker-code-submit").click();
    await expect(page.getByTestId("selected-locker")).toContainText("Paczkomat WRO01M");
    await expect(page.getByTestId("totals-delivery")).toHaveText("Gratis");
    await expect(page.getByTestId("totals-total")).toHaveText(money("219,30 zł"));

    const email = `bez-js-${randomBytes(4).toString("hex")}@example.pl`;
    await page.getByLabel("E-mail do zamówienia").fill(email);
    await page.getByTestId("checkout-button").click();

    await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("test-payment-total")).toHaveText(money("219,30 zł"));
    await expect(page.getByText("Dostawa (Paczkomat InPost)")).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await page.getByLabel("Imię i nazwisko").fill("Bez Skryptów");
    await page.getByLabel("Adres").fill("ul. Ruska 46");
    await page.getByLabel("Kod pocztowy").fill("50-079");
    await page.getByLabel("Miasto").fill("Wrocław");
    await page.getByRole("button", { name: "Zapłać" }).click();

    await expect(page).toHaveURL(/\/order-success\?session_id=test_cs_/);
    // On a busy machine the order may take longer than the page waits: it then reloads itself.
    await expect(page.getByTestId("order-created")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("order-number")).toHaveText(/^#[0-9A-F]{8}$/);
    // The server emptied the cart when it created the order.
    const cart = await page.goto("/cart");
    expect(cart?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByTestId("empty-cart")).toBeVisible();
  });
});

test("taps before the scripts run are not lost: add on the product page, '+' in the cart", async ({
  page,
}) => {
  // Every script of the app arrives 5 s late; the page is painted (and tapped) before that.
  await page.route(/\/assets\/.+\.js(?:\?.*)?$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await route.continue();
  });
  const notHydrated = () => expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  await page.goto("/merch/torba-nokturn-tote", { waitUntil: "commit" });
  await expect(page.getByTestId("add-to-cart")).toBeEnabled();
  await notHydrated();
  await page.getByTestId("add-to-cart").click();

  // A plain form's answer: back on the product page, the toast's words in a box until the scripts run.
  await expect(page).toHaveURL(/\/merch\/torba-nokturn-tote$/);
  await expect(page.getByTestId("flash-notice")).toContainText("Dodano do koszyka");
  await expect(page.getByTestId("flash-notice")).toContainText("Torba NOKTURN Tote został dodany do koszyka");
  await notHydrated();

  await page.goto("/cart", { waitUntil: "commit" });
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await notHydrated();
  await line.getByRole("button", { name: /Zwiększ ilość/ }).click();
  await expect(line.getByTestId("line-quantity-value")).toHaveText("2");
  await notHydrated();

  // Once the scripts have run, the page is the same cart, and the next tap runs in place.
  await waitForHydration(page);
  await expect(line.getByTestId("line-quantity-value")).toHaveText("2");
  await expect(page.getByTestId("totals-subtotal")).toHaveText(money("138,00 zł"));
  await expect(page.getByTestId("cart-badge")).toHaveText("2");
  const url = page.url();
  await line.getByRole("button", { name: /Zwiększ ilość/ }).click();
  await expect(line.getByTestId("line-quantity-value")).toHaveText("3");
  await expect(page.getByTestId("totals-subtotal")).toHaveText(money("207,00 zł"));
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
  expect(page.url()).toBe(url);
  // The server's HTML and the hydrated page agree.
  expect(problems).toEqual([]);
});

test("what is typed before the scripts start is kept by them: the product's quantity, the cart's code", async ({
  page,
}) => {
  // The scripts start on `load` (decision 044); here they are held until the fields have been typed in.
  let release = () => {};
  const holdScripts = async () => {
    await page.unrouteAll({ behavior: "wait" });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/.+\.js(?:\?.*)?$/, async (route) => {
      await held;
      await route.continue();
    });
  };
  const notHydrated = () => expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  await holdScripts();
  await page.goto("/merch/torba-nokturn-tote");
  const quantity = page.getByTestId("product-quantity").getByRole("spinbutton");
  await quantity.fill("3");
  await notHydrated();
  release();
  await waitForHydration(page);
  await expect(quantity).toHaveValue("3");
  // The script's add (a fetcher: the badge changes in place) sends the 3 typed before it ran.
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("aria-busy", "false");

  await holdScripts();
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("line-quantity-value")).toHaveText("3");
  const code = page.getByLabel("Kod rabatowy");
  await code.fill("nokturn10");
  await notHydrated();
  release();
  await waitForHydration(page);
  await expect(code).toHaveValue("NOKTURN10");
  await expect(page.getByTestId("discount-apply")).toBeEnabled();
  await page.getByTestId("discount-apply").click();
  await expect(page.getByText("Kod NOKTURN10 został zastosowany")).toBeVisible();
  await expect(page.getByTestId("discount-applied")).toContainText("NOKTURN10");
});

test("a cart stored the old way (local storage) is taken over once", async ({ page }) => {
  const tee = demoProductId("koszulka-nokturn-logo");
  const stored = [
    // Prices and names as the browser kept them: the server prices every line itself.
    {
      id: "1",
      productId: tee,
      variantId: demoVariantId("koszulka-nokturn-logo", "M"),
      name: "X",
      price: 1,
      quantity: 2,
    },
    {
      id: "2",
      productId: demoProductId("torba-nokturn-tote"),
      variantId: null,
      name: "Y",
      price: 1,
      quantity: 1,
    },
    {
      id: "3",
      productId: "00000000-0000-4000-8000-000000000000",
      variantId: null,
      name: "Z",
      price: 1,
      quantity: 1,
    },
  ];
  // Stored from a page of the site without the app, so nothing takes it over before the next page.
  await page.goto("/robots.txt");
  await page.evaluate(
    ({ key, lines }) => {
      localStorage.setItem(key, JSON.stringify(lines));
      sessionStorage.setItem("deliveryChoice", JSON.stringify({ method: "courier", locker: null }));
      sessionStorage.setItem("appliedDiscount", JSON.stringify({ code: "NOKTURN10" }));
    },
    { key: CART_KEY, lines: stored },
  );

  await page.goto("/merch");
  await waitForHydration(page);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
  await expect
    .poll(() =>
      page.evaluate(
        (key) => [
          localStorage.getItem(key),
          sessionStorage.getItem("deliveryChoice"),
          sessionStorage.getItem("appliedDiscount"),
        ],
        CART_KEY,
      ),
    )
    .toEqual([null, null, null]);

  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("totals-subtotal")).toHaveText(money("327,00 zł"));
  // Once only: another page and a reload do not add the lines again.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByTestId("cart-count")).toHaveText("3 produkty");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-badge")).toHaveText("3");
});

test("a signed-in customer's cart follows the account to another browser, merged on login", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("koszyk");
  const password = "sekret6";
  await signUp(page, email, password);
  await login(page, email, password);
  await addProduct(page, "torba-nokturn-tote", "1");

  // Another browser: a guest's sticker pack first, then the login brings the account's cart.
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "pl-PL" });
  try {
    const second = await other.newPage();
    await addProduct(second, "naklejki-pack-vol-1", "1");
    await login(second, email, password, "/cart");
    await expect(second).toHaveURL(/\/cart$/);
    await expect(second.getByTestId("cart-line")).toHaveCount(2);
    await expect(second.getByTestId("cart-lines")).toContainText("Torba NOKTURN Tote");
    await expect(second.getByTestId("cart-lines")).toContainText("Naklejki Pack Vol. 1");
    await expect(second.getByTestId("cart-badge")).toHaveText("2");
  } finally {
    await other.close();
  }
  // The first browser shows the same cart.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-count")).toHaveText("2 produkty");
});
