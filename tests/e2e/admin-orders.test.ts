/**
 * The orders tab of the admin panel as the admin uses it: summary cards and the status filter, a status
 * change (cancelling a paid order asks first; a refunded order cannot come back), the CSV download, the
 * shipping notification's dialog, and "Zwrot pieniędzy" (part of an order refunded through the test
 * provider, shown in its history; a moderator sees no orders). Each test buys its own product through
 * the test payment provider. What the server does behind the buttons (stock returned once, the CSV's
 * columns and rows, the e-mails queued, the Polish answers, every role refused) is tested in-process in
 * tests/integration/admin-orders.test.ts and admin-authorization.test.ts.
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { type Page, request } from "@playwright/test";
import { checkoutThroughCart, postWithPage } from "../support/cart-checkout";
import { expectNoSeriousA11yViolations, signedIn, waitForHydration } from "../support/fixtures";
import { createProduct, expect, openAdmin, test, unique } from "./admin-support";

test.describe.configure({ timeout: 90_000 });

/**
 * Buys `quantity` of a product as a guest with the test provider. The guest has a request context of
 * its own: the admin's page is signed in, and an account's checkout is paid with the account's e-mail.
 */
async function placeOrder(_page: Page, productId: string, quantity: number, email: string) {
  const guest = await request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const started = await checkoutThroughCart(postWithPage(guest), {
      lines: [{ productId, quantity }],
      deliveryMethod: "courier",
    });
    expect(started.status, started.text).toBe(200);
    const url = started.url!;
    const paid = await guest.post(new URL(url).pathname, {
      form: {
        intent: "pay",
        email,
        name: "Ewa Testowa",
        address: "ul. Kuźnicza 12/3",
        postalCode: "50-138",
        city: "Wrocław",
      },
      maxRedirects: 0,
    });
    expect(paid.status(), await paid.text()).toBe(303);
  } finally {
    await guest.dispose();
  }
}

function orderEmail() {
  return `e2e-admin-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.pl`;
}

function orderCard(page: Page, email: string) {
  return page.getByTestId("order-card").filter({ hasText: email });
}

test("summary cards, the order card and the status filter kept in the URL", async ({ page }) => {
  const email = orderEmail();
  const name = unique("Zamówienie karta");
  const productId = await createProduct(page, { name, price: "49,00", stock: 10 });
  await placeOrder(page, productId, 2, email);

  // Reading the cards and following the filter's links needs no script.
  await page.goto("/admin?tab=orders");
  await expect(page.getByRole("link", { name: "Zamówienia", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  for (const id of ["summary-count", "summary-processing", "summary-completed"]) {
    await expect(page.getByTestId(id)).toHaveText(/^\d+$/);
  }
  await expect(page.getByTestId("summary-total")).toHaveText(/^\d[\d\s\u00a0]*,\d{2}\s*zł$/);

  const card = orderCard(page, email);
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(/#[0-9A-F]{8}$/);
  await expect(card).toContainText("Oczekujące");
  await expect(card.getByTestId("order-address")).toHaveText(
    /Ewa Testowa.*ul\. Kuźnicza 12\/3.*50-138 Wrocław/,
  );
  await expect(card).toContainText(name);
  await expect(card).toContainText("2 × 49,00 zł");
  await expect(card).toContainText("98,00 zł");
  await expect(card.getByTestId("order-total")).toHaveText(/114,99\s*zł/);
  await expect(card.locator("time")).toHaveText(/^\d{1,2} \p{L}+ \d{4}, \d{2}:\d{2}$/u);

  await page
    .getByRole("navigation", { name: "Filtr statusu zamówień" })
    .getByRole("link", { name: /W trakcie/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/orders\?status=processing$/);
  // The URL changes when the navigation starts; the filtered list replaces the old one when its data arrives.
  await expect
    .poll(() =>
      page
        .getByTestId("order-card")
        .getByRole("combobox")
        .evaluateAll((selects) => [...new Set(selects.map((select) => (select as HTMLSelectElement).value))]),
    )
    .toEqual(["processing"]);
  await expect(orderCard(page, email)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("link", { name: /W trakcie/ }).first()).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: /Oczekujące/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(orderCard(page, email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("status change: cancelling a paid order asks and refunds it in full; a refunded order cannot come back", async ({
  page,
}) => {
  const email = orderEmail();
  const productId = await createProduct(page, { name: unique("Zamówienie status"), stock: 10 });
  await placeOrder(page, productId, 3, email);

  // The status select sends its change through the script.
  await openAdmin(page, "/admin?tab=orders");
  const card = orderCard(page, email);
  const select = card.getByRole("combobox", { name: "Status" });
  await expect(select).toHaveValue("pending");
  await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST" && response.ok()),
    select.selectOption("processing"),
  ]);
  // Answered by the server (200): the select shows the saved status, not only the optimistic one.
  await expect(select).toHaveValue("processing");

  // A paid order: the select asks first, and "Nie anuluj" leaves it as it was.
  await select.selectOption("cancelled");
  const confirm = page.getByRole("alertdialog", {
    name: /Anulować zamówienie #[0-9A-F]{8} i zwrócić 163,99\s*zł\?/,
  });
  await expect(confirm).toContainText("produkty wrócą do magazynu");
  await confirm.getByRole("button", { name: "Nie anuluj" }).click();
  await expect(confirm).toBeHidden();
  await expect(select).toHaveValue("processing");

  await select.selectOption("cancelled");
  await confirm.getByRole("button", { name: "Anuluj ze zwrotem" }).click();
  // The refund's row comes from the server once the cancellation is done.
  await expect(card.getByTestId("order-refunded")).toHaveText(/−163,99\s*zł/);
  await expect(card).toContainText("Anulowane");
  await expect(card.getByTestId("refund-entry")).toContainText("Anulowanie zamówienia");

  // The money went back: the order cannot be re-activated.
  await page.reload();
  // The status select is the script's: before hydration a change would not be sent.
  await waitForHydration(page);
  const cancelled = orderCard(page, email).getByRole("combobox", { name: "Status" });
  await expect(cancelled).toHaveValue("cancelled");
  await cancelled.selectOption("completed");
  await expect(page.getByText("Błąd aktualizacji statusu")).toBeVisible();
  await expect(page.getByText(/Pieniądze za to zamówienie zostały zwrócone/)).toBeVisible();
  await expect(cancelled).toHaveValue("cancelled");
});

test("the CSV link downloads the filtered orders as a file named after the filter", async ({ page }) => {
  // A plain link: no script needed. The file's columns and rows are tested on its loader in integration.
  await page.goto("/admin?tab=orders&status=pending");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Eksport CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zamowienia-oczekujace-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString("utf8").slice(1)).toMatch(/^Numer;Data;Status;/);
});

test("shipping notification: validated in the dialog, the tracking link shown on the order", async ({
  page,
}) => {
  const email = orderEmail();
  const productId = await createProduct(page, { name: unique("Zamówienie wysyłka"), stock: 5 });
  await placeOrder(page, productId, 1, email);
  await openAdmin(page, "/admin?tab=orders&status=pending");
  const card = orderCard(page, email);
  await card.getByRole("button", { name: "Wyślij powiadomienie o wysyłce" }).click();
  const dialog = page.getByRole("dialog", { name: "Powiadomienie o wysyłce" });
  await dialog.getByRole("button", { name: "Wyślij powiadomienie" }).click();
  await expect(dialog.getByText("Podaj numer przesyłki")).toBeVisible();
  await dialog.getByLabel(/Numer przesyłki/).fill("ab");
  await dialog.getByLabel(/Link do śledzenia/).fill("javascript:alert(1)");
  await dialog.getByRole("button", { name: "Wyślij powiadomienie" }).click();
  await expect(dialog.getByText(/Numer przesyłki może zawierać tylko/)).toBeVisible();
  await expect(dialog.getByText("Podaj poprawny link (https://…)")).toBeVisible();
  const tracking = `6201${Date.now().toString().slice(-10)}`;
  await dialog.getByLabel(/Numer przesyłki/).fill(tracking);
  await dialog
    .getByLabel(/Link do śledzenia/)
    .fill(`https://inpost.pl/sledzenie-przesylek?number=${tracking}`);
  await dialog.getByRole("button", { name: "Wyślij powiadomienie" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("order-tracking")).toContainText(tracking);
  await expect(card.getByRole("link", { name: tracking })).toHaveAttribute(
    "href",
    `https://inpost.pl/sledzenie-przesylek?number=${tracking}`,
  );
});

test("Zwrot pieniędzy: part of a paid order refunded, shown in its history; a moderator sees no orders", async ({
  page,
  browser,
}) => {
  const email = orderEmail();
  const name = unique("Zamówienie zwrot");
  const productId = await createProduct(page, { name, price: "49,00", stock: 10 });
  await placeOrder(page, productId, 3, email);

  await openAdmin(page, "/admin/orders?status=pending");
  const card = orderCard(page, email);
  await card.getByRole("button", { name: "Zwrot pieniędzy" }).click();
  const dialog = page.getByRole("dialog", { name: "Zwrot pieniędzy" });
  await expect(dialog).toContainText("Można jeszcze zwrócić 163,99");
  const line = dialog.getByTestId("refund-line").filter({ hasText: name });
  await expect(line).toContainText("49,00 zł");
  const quantity = dialog.getByLabel(`Liczba sztuk do zwrotu: ${name}`);
  const preview = dialog.getByTestId("refund-amount-preview");

  // The amount follows the choice as the server would price it, and says why a choice is wrong.
  await quantity.fill("5");
  await expect(preview).toContainText(`Z pozycji „${name}” można zwrócić najwyżej 3 szt.`);
  await quantity.fill("2");
  await expect(preview).toHaveText(/Do zwrotu\s*98,00\s*zł/);
  await dialog.getByLabel(/Zwróć koszt dostawy/).check();
  await expect(preview).toHaveText(/114,99\s*zł/);
  await dialog.getByLabel(/Zwróć koszt dostawy/).uncheck();
  await dialog.getByLabel(/Towar wrócił do magazynu/).check();

  await dialog.getByRole("button", { name: "Zwróć pieniądze" }).click();
  await expect(dialog.getByText("Podaj powód zwrotu").first()).toBeVisible();
  await dialog.getByLabel(/Powód zwrotu/).fill("Klient odesłał dwie sztuki");
  await dialog.getByRole("button", { name: "Zwróć pieniądze" }).click();
  const confirm = page.getByRole("alertdialog", { name: /Czy na pewno zwrócić 98,00\s*zł\?/ });
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: /Zwróć 98,00/ }).click();

  await expect(dialog).toBeHidden();
  const entry = card.getByTestId("refund-entry");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText("Zwrot pieniędzy");
  await expect(entry).toContainText("Zwrócono");
  await expect(entry).toContainText(`${name} × 2`);
  await expect(entry).toContainText("Klient odesłał dwie sztuki");
  await expect(entry).toContainText("Towar wrócił do magazynu");
  await expect(entry.getByTestId("refund-amount")).toHaveText(/98,00\s*zł/);
  await expect(card.getByTestId("order-refunded")).toHaveText(/−98,00\s*zł/);
  await expect(card).toContainText("zwrócono 2 szt.");

  // What is left: one unit and the delivery; the dialog now knows two went back.
  await card.getByRole("button", { name: "Zwrot pieniędzy" }).click();
  await expect(dialog).toContainText("Można jeszcze zwrócić 65,99");
  await expect(dialog.getByLabel(`Liczba sztuk do zwrotu: ${name}`)).toHaveAttribute("max", "1");
  await dialog.getByRole("button", { name: "Anuluj" }).click();

  // A moderator (seeded, signed in): no orders tab and no button. The refund request itself is refused
  // for every role but the admin in tests/integration/admin-authorization.test.ts.
  const context = await browser.newContext({ storageState: signedIn("moderator") });
  try {
    const mod = await context.newPage();
    const opened = await mod.goto("/admin/orders?status=pending");
    expect(opened?.status()).toBe(403);
    await expect(mod.getByText("Brak uprawnień administratora")).toBeVisible();
    await expect(mod.getByRole("button", { name: "Zwrot pieniędzy" })).toHaveCount(0);
  } finally {
    await context.close();
  }
  await page.reload();
  await expect(orderCard(page, email).getByTestId("refund-entry")).toHaveCount(1);
  await expect(orderCard(page, email)).toContainText("Oczekujące");
});
