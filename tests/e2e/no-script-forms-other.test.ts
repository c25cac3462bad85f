/**
 * The storefront's other forms with JavaScript off (issue #38): each is a plain HTML form, and its
 * answer is in the page the server sends back, in the same words as the toast of the enhanced form
 * (a flash after a 303, or the page's own status box). The enhanced paths and their toasts:
 * shop-reviews.test.ts, 3-drops.clock.test.ts, contact.test.ts, money-back.test.ts; the same message
 * both ways is checked in tests/integration (product-reviews, stock-alerts, contact-action,
 * withdrawals).
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { demoProductId } from "../../db/seed";
import { checkoutThroughCart, postWithPage } from "../support/cart-checkout";
import { signedIn, waitForHydration } from "../support/fixtures";
import { payOnTestPage } from "../support/test-payment";

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 90_000 });

const flash = (page: Page) => page.getByTestId("flash-notice");

test.describe("a signed-in customer", () => {
  test.use({ storageState: signedIn("customer") });

  test("reviews a product: back to the reviews with the thanks (or the edit's notice)", async ({ page }) => {
    await page.goto("/merch/czapka-nokturn-beanie#reviews");
    const form = page.getByTestId("review-form-plain");
    await form.getByLabel("Twoja ocena").selectOption("4");
    const text = `Opinia bez skryptów ${Date.now()}.`;
    await form.getByLabel("Twoja opinia").fill(text);
    await form.getByRole("button", { name: "Dodaj opinię" }).click();
    await expect(page).toHaveURL(/\/merch\/czapka-nokturn-beanie#reviews$/);
    // The first review of the account, or a rerun's edit of it: the enhanced form's toast words.
    await expect(flash(page)).toContainText(/Dziękujemy za opinię!|Opinia zaktualizowana/);
    await expect(page.getByTestId("review").filter({ hasText: text })).toHaveCount(1);
  });

  test("a too short review is refused in the page, keeping what was typed", async ({ page }) => {
    await page.goto("/merch/czapka-nokturn-beanie#reviews");
    const form = page.getByTestId("review-form-plain");
    await form.getByLabel("Twoja opinia").fill("za krótko");
    await form.getByRole("button", { name: "Dodaj opinię" }).click();
    await expect(flash(page)).toHaveText("Opinia musi mieć minimum 10 znaków");
    await expect(page.getByTestId("review-form-plain").getByLabel("Twoja opinia")).toHaveValue("za krótko");
  });
});

test("a guest's review post goes back to the reviews with the sign-in message", async ({ page }) => {
  // No form is shown to a guest; a post from a stale page or a script-less client gets the message.
  // (From another page: the redirect's target differs from it only by its #fragment otherwise.)
  await page.goto("/");
  const response = await page.request.post("/merch/czapka-nokturn-beanie", {
    form: { intent: "review", rating: "5", comment: "Opinia gościa bez konta." },
    // As a browser marks its own form submission (no script): what tells the server a plain form.
    headers: {
      origin: new URL(page.url()).origin,
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
  await page.goto(response.headers().location ?? "/");
  await expect(flash(page)).toContainText("Musisz być zalogowany");
  await expect(flash(page)).toContainText("Zaloguj się, aby dodać opinię");
});

test("'Powiadom mnie' for a sold-out size goes back to the product with the flash", async ({ page }) => {
  await page.goto("/merch/koszulka-nokturn-logo");
  const details = page.getByTestId("notify-size");
  await details.locator("summary").click();
  const form = details.getByTestId("notify-me-form");
  // A textbox: the consent's label speaks of an e-mail too.
  await form.getByRole("textbox", { name: "E-mail" }).fill(`bez-skryptow-${Date.now()}@example.com`);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Powiadom mnie" }).click();
  await expect(page).toHaveURL(/\/merch\/koszulka-nokturn-logo$/);
  await expect(flash(page)).toHaveText(
    "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.",
  );
});

test("'Powiadom mnie' with a wrong address: its page shows the form again, keeping what was typed", async ({
  page,
}) => {
  await page.goto("/merch/koszulka-nokturn-logo");
  const details = page.getByTestId("notify-size");
  await details.locator("summary").click();
  const sent = details.getByTestId("notify-me-form");
  await sent.getByRole("textbox", { name: "E-mail" }).fill("bez-skryptow@");
  await sent.getByRole("checkbox").check();
  await sent.getByRole("button", { name: "Powiadom mnie" }).click();

  await expect(page).toHaveURL(/\/powiadom-mnie$/);
  const refused = page.getByTestId("notify-me-refused");
  await expect(refused).toContainText("„Koszulka");
  await expect(refused).toContainText("rozmiar");
  const form = refused.getByTestId("notify-me-form");
  // The field's own words, the same the script's check shows beside it.
  await expect(form).toContainText("Podaj poprawny adres e-mail");
  await expect(form.getByRole("textbox", { name: "E-mail" })).toHaveValue("bez-skryptow@");
  await expect(form.getByRole("checkbox")).toBeChecked();

  // Corrected there, it goes back to the product with the flash.
  await form.getByRole("textbox", { name: "E-mail" }).fill(`bez-skryptow-${Date.now()}@example.com`);
  await form.getByRole("button", { name: "Powiadom mnie" }).click();
  await expect(page).toHaveURL(/\/merch\/koszulka-nokturn-logo$/);
  await expect(flash(page)).toHaveText(
    "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.",
  );
});

test("the contact form confirms in the page, and a refusal keeps what was typed", async ({ page }) => {
  await page.goto("/contact");
  await page.getByLabel("Imię").fill("A");
  await page.getByLabel("E-mail").fill("ola@example.com");
  await page.getByLabel("Temat").selectOption("order");
  await page.getByRole("textbox", { name: "Wiadomość" }).fill("Czy mogę zmienić rozmiar bluzy?");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(flash(page)).toHaveText("Nie udało się wysłać wiadomości. Popraw zaznaczone pola.");
  await expect(page.getByRole("textbox", { name: "Wiadomość" })).toHaveValue(
    "Czy mogę zmienić rozmiar bluzy?",
  );

  await page.getByLabel("Imię").fill(`Ola Bez Skryptów ${Date.now()}`);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Wyślij wiadomość" }).click();
  await expect(flash(page)).toContainText("Wiadomość wysłana!");
  await expect(flash(page)).toContainText("Odpowiemy najszybciej jak to możliwe.");
});

/** A started test checkout of one tote (through the cart's forms), its payment page's path. */
async function startCheckout(page: Page) {
  const started = await checkoutThroughCart(postWithPage(page.request), {
    lines: [{ productId: demoProductId("torba-nokturn-tote") }],
    deliveryMethod: "courier",
  });
  expect(started.status, started.text).toBe(200);
  return new URL(started.url as string, "http://localhost").pathname;
}

function fillPayment(page: Page, postalCode: string) {
  return payOnTestPage(page, { email: "bez-skryptow@example.com", name: "Klient Bez Skryptów", postalCode });
}

test("the test payment refuses in the page keeping the fields, and pays to the order page", async ({
  page,
}) => {
  await page.goto("/");
  await page.goto(await startCheckout(page));
  await fillPayment(page, "50066");
  await expect(page.getByText("Kod pocztowy w formacie 00-000")).toBeVisible();
  await expect(page.getByLabel("Imię i nazwisko")).toHaveValue("Klient Bez Skryptów");
  await page.getByLabel("Kod pocztowy").fill("50-066");
  await page.getByRole("button", { name: "Zapłać" }).click();
  await expect(page.getByTestId("order-created")).toBeVisible();
});

/** Marks an order completed in the panel (the 14 days start); the panel's select needs its script. */
async function completeOrder(browser: Browser, orderNumber: string) {
  const context = await browser.newContext({ storageState: signedIn("admin"), javaScriptEnabled: true });
  const admin = await context.newPage();
  await admin.goto("/admin/orders");
  await waitForHydration(admin);
  const status = admin
    .getByTestId("order-card")
    .filter({ hasText: `#${orderNumber}` })
    .getByLabel("Status");
  await Promise.all([
    admin.waitForResponse((response) => response.request().method() === "POST" && response.ok()),
    status.selectOption("completed"),
  ]);
  await context.close();
}

test.describe("a customer's order", () => {
  test.use({ storageState: signedIn("customer") });

  test("a withdrawal from the order page is confirmed in the page", async ({ page, browser }) => {
    await page.goto("/");
    await page.goto(await startCheckout(page));
    await payOnTestPage(page);
    await expect(page.getByTestId("order-created")).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "").trim();
    await completeOrder(browser, orderNumber);

    await page.goto("/account/orders");
    // The order's own page, where its details link points (the account's dialog needs scripts).
    const details = page.getByRole("link", { name: `Zobacz szczegóły zamówienia #${orderNumber}` });
    const orderId = new URL((await details.getAttribute("href")) ?? "", "http://localhost").searchParams.get(
      "order",
    );
    await page.goto(`/zamowienie/${orderId}`);
    // The disclosure is a <details>: it opens without scripts.
    await page.getByText("Odstąp od umowy", { exact: true }).click();
    await page.getByLabel(/Torba NOKTURN Tote/).fill("1");
    await page.getByLabel(/Oświadczam/).check();
    await page.getByRole("button", { name: "Wyślij oświadczenie" }).click();
    await expect(page.getByTestId("withdrawal-confirmation")).toContainText(
      "Oświadczenie o odstąpieniu od umowy zostało przyjęte",
    );
  });
});
