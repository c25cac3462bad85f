/**
 * Money back end to end (issue 18), test payment provider, on a server of its own (its embedded
 * database is opened between restarts to move the delivery date): a customer buys, the admin completes
 * the order, the customer withdraws from the order page, the admin refunds the withdrawal; the shop's
 * and the customer's withdrawal e-mails and the refund e-mail leave through the outbox; the order page
 * shows the refund. Fourteen days after delivery the button is gone and the server refuses. A guest
 * withdraws the same way through the private link of the confirmation e-mail.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { waitForHydration } from "../support/fixtures";
import { startServer, type TestServer } from "../support/server";
import { login, mailsTo } from "./accounts-support";

const tote = demoProductId("torba-nokturn-tote");
const SHOP_MAILBOX = "kontakt@nokturn.example";
const STATEMENT = "Oświadczam, że odstępuję od umowy sprzedaży wybranych produktów z tego zamówienia.";

test.describe.configure({ mode: "serial" });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Kept across the restart below; removed at the end.
  server = await startServer({ keepData: true });
});
test.afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function customerContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  return { context, page };
}

async function adminContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  const response = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: DEMO_ADMIN,
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
  return { context, page: await context.newPage() };
}

/**
 * Buys `quantity` totes by courier, paid on the test provider's page with a Wrocław address; `payer`
 * checks or fills the e-mail first. Returns the order's number.
 */
async function buyTotes(page: Page, quantity: number, payer: (page: Page) => Promise<unknown>) {
  const started = await page.request.post("/api/checkout", {
    data: {
      lines: [{ productId: tote, variantId: null, quantity }],
      deliveryMethod: "courier",
      locker: null,
      discountCode: null,
    },
  });
  expect(started.status()).toBe(200);
  await page.goto(new URL(((await started.json()) as { url: string }).url).pathname);
  await waitForHydration(page);
  await payer(page);
  await page.getByLabel("Imię i nazwisko").fill("Klient Testowy");
  await page.getByLabel("Adres").fill("ul. Świdnicka 1");
  await page.getByLabel("Kod pocztowy").fill("50-066");
  await page.getByLabel("Miasto").fill("Wrocław");
  await page.getByRole("button", { name: "Zapłać" }).click();
  await expect(page.getByTestId("order-created")).toBeVisible();
  return (await page.getByTestId("order-number").textContent())!.replace("#", "").trim();
}

let orderId = "";
let orderNumber = "";

test("buy, complete, withdraw from the order page, refund it in the panel; e-mails and the refund shown", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const customer = await customerContext(browser);

  // Buy 2 × tote as the signed-in customer; the account's address is given and read-only.
  orderNumber = await buyTotes(customer.page, 2, async (payment) => {
    await expect(payment.getByLabel("E-mail")).toHaveValue(DEMO_CUSTOMER.email);
  });

  // Before delivery or completion there is nothing to withdraw from.
  await customer.page.goto("/account/orders");
  await waitForHydration(customer.page);
  await customer.page.getByRole("link", { name: `Zobacz szczegóły zamówienia #${orderNumber}` }).click();
  const fullPage = customer.page.getByRole("link", { name: "Pełna strona zamówienia" });
  orderId = /\/zamowienie\/([0-9a-f-]{36})/.exec((await fullPage.getAttribute("href")) ?? "")![1];
  await customer.page.goto(`/zamowienie/${orderId}`);
  await expect(customer.page.getByRole("heading", { name: `#${orderNumber}` })).toBeVisible();
  await expect(customer.page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  // The admin marks the order completed: the 14 days start.
  const admin = await adminContext(browser);
  await admin.page.goto("/admin/orders");
  await waitForHydration(admin.page);
  const card = admin.page.getByTestId("order-card").filter({ hasText: `#${orderNumber}` });
  await card.getByLabel("Status").selectOption("completed");
  await expect(admin.page.getByText("Status zamówienia został zaktualizowany").first()).toBeVisible();

  // The customer withdraws from one of the two totes.
  await customer.page.reload();
  await waitForHydration(customer.page);
  await customer.page.getByText("Odstąp od umowy", { exact: true }).click();
  // Nothing chosen and no statement: refused in the browser, in Polish.
  await customer.page.getByRole("button", { name: "Wyślij oświadczenie" }).click();
  await expect(customer.page.getByTestId("withdrawal-error")).toBeVisible();
  await customer.page.getByLabel(/Torba NOKTURN Tote/).fill("1");
  await customer.page.getByLabel(STATEMENT).check();
  await customer.page.getByLabel("Uwagi (opcjonalnie)").fill("Jedna wystarczy.");
  await customer.page.getByRole("button", { name: "Wyślij oświadczenie" }).click();
  const confirmation = customer.page.getByTestId("withdrawal-confirmation");
  await expect(confirmation).toContainText("Oświadczenie o odstąpieniu od umowy zostało przyjęte");
  await expect(confirmation).toContainText("NOKTURN Events sp. z o.o., ul. Ruska 51, 50-079 Wrocław");
  await expect(confirmation).toContainText("Koszt odesłania paczki pokrywasz Ty.");
  await expect(confirmation).toContainText("Zwrócimy pieniądze w ciągu 14 dni od otrzymania zwrotu");
  await expect(customer.page.getByTestId("withdrawals-filed")).toContainText("Torba NOKTURN Tote × 1");

  // Both withdrawal e-mails leave through the outbox.
  await expect
    .poll(() => mailsTo(SHOP_MAILBOX, "withdrawal-received", server.dataDir).length, { timeout: 25_000 })
    .toBe(1);
  const [toShop] = mailsTo(SHOP_MAILBOX, "withdrawal-received", server.dataDir);
  expect(toShop).toContain(`#${orderNumber}`);
  expect(toShop).toContain("Jedna wystarczy.");
  await expect
    .poll(() => mailsTo(DEMO_CUSTOMER.email, "withdrawal-confirmation", server.dataDir).length, {
      timeout: 25_000,
    })
    .toBe(1);
  const [toCustomer] = mailsTo(DEMO_CUSTOMER.email, "withdrawal-confirmation", server.dataDir);
  expect(toCustomer).toContain("ul. Ruska 51");
  expect(toCustomer).toContain(`#${orderNumber}`);

  // The admin sees the open withdrawal and refunds it; the goods came back.
  await admin.page.reload();
  await waitForHydration(admin.page);
  const open = admin.page.getByTestId("open-withdrawal").filter({ hasText: `#${orderNumber}` });
  await expect(open).toContainText("Torba NOKTURN Tote × 1");
  await expect(open).toContainText("Jedna wystarczy.");
  await open.getByRole("button", { name: "Zwróć pieniądze" }).click();
  const dialog = admin.page.getByRole("dialog");
  await dialog.getByLabel(/Produkty wróciły do sklepu/).check();
  await dialog.getByRole("button", { name: "Zwróć pieniądze" }).click();
  // The refund goes through the provider and the outbox first: on a loaded machine that took over 7 s.
  await expect(
    admin.page.getByText(/Pieniądze zostały zwrócone, odstąpienie zamknięte: 69,00\szł/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(admin.page.getByTestId("open-withdrawal").filter({ hasText: `#${orderNumber}` })).toHaveCount(
    0,
  );

  // The refund e-mail leaves too, and the customer's order page shows the refund.
  await expect
    .poll(() => mailsTo(DEMO_CUSTOMER.email, "refund-issued", server.dataDir).length, { timeout: 25_000 })
    .toBe(1);
  await customer.page.reload();
  const history = customer.page.getByTestId("refund-history");
  await expect(history.getByTestId("refund-entry")).toHaveCount(1);
  await expect(history.getByTestId("refund-amount")).toContainText("69,00");
  await expect(customer.page.getByTestId("withdrawals-filed")).toHaveCount(0);

  await customer.context.close();
  await admin.context.close();
});

test("fourteen days after delivery the button is gone and the server refuses", async ({ browser }) => {
  test.setTimeout(240_000);
  expect(orderId).not.toBe("");
  // Delivered 15 days ago (in the database, with the server stopped: the embedded database has one owner).
  await server.stop();
  const db = new PGlite(path.join(server.dataDir, "pglite"));
  let itemId = "";
  try {
    const items = await db.query<{ id: string }>("select id from order_items where order_id = $1", [orderId]);
    itemId = items.rows[0].id;
    await db.query(
      "update orders set delivered_at = now() - interval '15 days', completed_at = now() - interval '15 days' where id = $1",
      [orderId],
    );
  } finally {
    await db.close();
  }
  server = await startServer({ dataDir: server.dataDir, keepData: true });

  const customer = await customerContext(browser);
  await customer.page.goto(`/zamowienie/${orderId}`);
  await expect(customer.page.getByRole("heading", { name: `#${orderNumber}` })).toBeVisible();
  await expect(customer.page.getByTestId("refund-history")).toBeVisible();
  await expect(customer.page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  await expect(customer.page.locator('input[name="lines[0].quantity"]')).toHaveCount(0);

  // A hand-made request for the tote still not withdrawn is refused by the server, in Polish.
  const refused = await customer.page.request.post(`/zamowienie/${orderId}`, {
    form: { intent: "withdraw", "lines[0].orderItemId": itemId, "lines[0].quantity": "1", statement: "on" },
    headers: { origin: server.url },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("Termin na odstąpienie od umowy minął");
  await customer.context.close();
});

test("a guest withdraws through the private link from the confirmation e-mail; a repeat and a wrong token are refused", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const email = `gosc-odstapienie-${Date.now()}@example.pl`;
  const guest = await browser.newContext({ baseURL: server.url });
  const page = await guest.newPage();

  // A guest buys one tote, giving the e-mail on the payment page.
  const number = await buyTotes(page, 1, (payment) => payment.getByLabel("E-mail").fill(email));

  // The confirmation e-mail carries the private link to the order.
  await expect
    .poll(() => mailsTo(email, "order-confirmation", server.dataDir).length, { timeout: 25_000 })
    .toBe(1);
  const [confirmationMail] = mailsTo(email, "order-confirmation", server.dataDir);
  const link = /\/zamowienie\/([0-9a-f-]{36})\?token=[A-Za-z0-9_-]+/.exec(confirmationMail);
  expect(link, "private link in the confirmation e-mail").not.toBeNull();
  const [privatePath, guestOrderId] = link!;

  // Not delivered yet: nothing to withdraw from.
  await page.goto(privatePath);
  await expect(page.getByRole("heading", { name: `#${number}` })).toBeVisible();
  await expect(page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  // The admin completes the order.
  const admin = await adminContext(browser);
  await admin.page.goto("/admin/orders");
  await waitForHydration(admin.page);
  await admin.page
    .getByTestId("order-card")
    .filter({ hasText: `#${number}` })
    .getByLabel("Status")
    .selectOption("completed");
  await expect(admin.page.getByText("Status zamówienia został zaktualizowany").first()).toBeVisible();
  await admin.context.close();

  // The guest, with no account, withdraws through the link.
  await page.goto(privatePath);
  await waitForHydration(page);
  await page.getByText("Odstąp od umowy", { exact: true }).click();
  const itemId = await page.locator('input[name="lines[0].orderItemId"]').getAttribute("value");
  expect(itemId).toMatch(/^[0-9a-f-]{36}$/);
  await page.getByLabel(/Torba NOKTURN Tote/).fill("1");
  await page.getByLabel(STATEMENT).check();
  await page.getByRole("button", { name: "Wyślij oświadczenie" }).click();
  await expect(page.getByTestId("withdrawal-confirmation")).toContainText(
    "Oświadczenie o odstąpieniu od umowy zostało przyjęte",
  );
  await expect(page.getByTestId("withdrawals-filed")).toContainText("Torba NOKTURN Tote × 1");
  await expect
    .poll(() => mailsTo(email, "withdrawal-confirmation", server.dataDir).length, { timeout: 25_000 })
    .toBe(1);

  // Every unit is withdrawn: the page offers nothing more, and a hand-made repeat is refused in Polish.
  await page.reload();
  await expect(page.getByTestId("withdrawals-filed")).toContainText("Torba NOKTURN Tote × 1");
  await expect(page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);
  const repeat = await page.request.post(privatePath, {
    form: { intent: "withdraw", "lines[0].orderItemId": itemId!, "lines[0].quantity": "1", statement: "on" },
    headers: { origin: server.url },
  });
  expect(repeat.status()).toBe(409);
  expect(await repeat.text()).toContain("Nie możesz odstąpić od większej liczby sztuk, niż pozostało");

  // The same order with a wrong token is a Polish not-found that shows and offers nothing.
  const wrong = await page.goto(`/zamowienie/${guestOrderId}?token=nieprawidlowy`);
  expect(wrong?.status()).toBe(404);
  await expect(page).toHaveTitle("Nie znaleziono strony | NOKTURN");
  await expect(page.getByText(`#${number}`)).toHaveCount(0);
  await expect(page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);
  await guest.close();
});
