/**
 * The orders tab of the admin panel: summary cards and the status filter, a status change (cancelling
 * gives the stock back, re-activating takes it again), the CSV export's content and the shipping
 * notification with its e-mail. Each test buys its own product through the test payment provider.
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { type Page, request } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { mailsTo } from "./accounts-support";
import { availableStock, createProduct, expect, openAdmin, test, unique } from "./admin-support";

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
    const started = await guest.post("/api/checkout", {
      data: {
        lines: [{ productId, variantId: null, quantity, price: 1 }],
        deliveryMethod: "courier",
        locker: null,
        discountCode: null,
        total: 1,
      },
    });
    expect(started.status(), await started.text()).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const paid = await guest.post(new URL(url).pathname, {
      form: {
        email,
        name: "Ewa Testowa",
        address: "ul. Kuźnicza 12/3",
        postalCode: "50-138",
        city: "Wrocław",
      },
      maxRedirects: 0,
    });
    expect(paid.status(), await paid.text()).toBe(302);
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

  await openAdmin(page, "/admin?tab=orders");
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

test("status change: cancelling returns the stock, re-activating takes it again", async ({ page }) => {
  const email = orderEmail();
  const productId = await createProduct(page, { name: unique("Zamówienie status"), stock: 10 });
  await placeOrder(page, productId, 3, email);
  expect(await availableStock(page, productId)).toBe(7);

  await openAdmin(page, "/admin?tab=orders");
  const card = orderCard(page, email);
  const select = card.getByRole("combobox", { name: "Status" });
  await expect(select).toHaveValue("pending");
  await select.selectOption("processing");
  await expect(page.getByText("Status zamówienia został zaktualizowany")).toBeVisible();
  await expect(card).toContainText("W trakcie");

  await select.selectOption("cancelled");
  await expect(card).toContainText("Anulowane");
  await expect(page.getByText("Produkty wróciły do magazynu.")).toBeVisible();
  await expect.poll(() => availableStock(page, productId)).toBe(10);

  await page.reload();
  await expect(orderCard(page, email).getByRole("combobox", { name: "Status" })).toHaveValue("cancelled");
  await orderCard(page, email).getByRole("combobox", { name: "Status" }).selectOption("completed");
  await expect(orderCard(page, email)).toContainText("Ukończone");
  await expect.poll(() => availableStock(page, productId)).toBe(7);
});

test("re-activating a cancelled order whose stock is gone is refused and rolled back", async ({ page }) => {
  const email = orderEmail();
  const name = unique("Zamówienie brak");
  const productId = await createProduct(page, { name, stock: 2 });
  await placeOrder(page, productId, 2, email);
  await openAdmin(page, "/admin?tab=orders&status=pending");
  const select = orderCard(page, email).getByRole("combobox", { name: "Status" });
  await select.selectOption("cancelled");
  await expect(orderCard(page, email)).toContainText("Anulowane");
  // The returned units are sold to someone else meanwhile.
  await placeOrder(page, productId, 2, orderEmail());
  await openAdmin(page, "/admin?tab=orders&status=cancelled");
  const cancelled = orderCard(page, email).getByRole("combobox", { name: "Status" });
  await cancelled.selectOption("processing");
  await expect(page.getByText("Błąd aktualizacji statusu")).toBeVisible();
  await expect(page.getByText(`Za mało sztuk w magazynie, aby przywrócić zamówienie: ${name}`)).toBeVisible();
  await expect(cancelled).toHaveValue("cancelled");
});

test("CSV export of the filtered orders: UTF-8 with BOM, Polish letters, the order's row", async ({
  page,
}) => {
  const email = orderEmail();
  const name = unique("Zamówienie CSV Łódź");
  const productId = await createProduct(page, { name, price: "49,00", stock: 10 });
  await placeOrder(page, productId, 1, email);

  await openAdmin(page, "/admin?tab=orders&status=pending");
  const number = (
    (await orderCard(page, email).getByRole("heading", { level: 3 }).textContent()) ?? ""
  ).replace(/.*#/, "");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Eksport CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^zamowienia-oczekujace-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString("utf8").slice(1);
  const [header, ...rows] = text.trim().split("\r\n");
  expect(header.split(";")).toEqual([
    "Numer",
    "Data",
    "Status",
    "E-mail",
    "Imię i nazwisko",
    "Telefon",
    "Dostawa",
    "Adres dostawy",
    "Produkty",
    "Wartość produktów (zł)",
    "Rabat (zł)",
    "Kod rabatowy",
    "Koszt dostawy (zł)",
    "Razem (zł)",
    "Numer przesyłki",
    "Identyfikator",
  ]);
  const row = rows.find((line) => line.startsWith(`${number};`));
  expect(row, `row of #${number}`).toBeDefined();
  const cells = row!.split(";");
  expect(cells[2]).toBe("Oczekujące");
  expect(cells[3]).toBe(email);
  expect(cells[4]).toBe("Ewa Testowa");
  expect(cells[7]).toBe("Ewa Testowa, ul. Kuźnicza 12/3, 50-138 Wrocław");
  expect(cells[8]).toBe(`${name} × 1 à 49,00`);
  expect(cells[13]).toBe("65,99");
  expect(rows.every((line) => line.includes(";Oczekujące;"))).toBe(true);
});

test("shipping notification: validated, stored on the order and e-mailed to the customer", async ({
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
  await expect(page.getByText("Powiadomienie o wysyłce zostało wysłane")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("order-tracking")).toContainText(tracking);
  await expect(card.getByRole("link", { name: tracking })).toHaveAttribute(
    "href",
    `https://inpost.pl/sledzenie-przesylek?number=${tracking}`,
  );

  await expect
    .poll(() => mailsTo(email, "shipping-notification").length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const [mail] = mailsTo(email, "shipping-notification");
  expect(mail).toContain(tracking);
  expect(mail).toContain("jest w drodze");
});
