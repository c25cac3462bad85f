/**
 * Money back end to end (issue 18), test payment provider, on the suite's server: a customer buys, the
 * admin completes the order, the customer withdraws from the order page, the admin refunds the
 * withdrawal; the order page shows the refund. A guest withdraws the same way through the private link
 * of the confirmation e-mail. The server's side is tested in-process: the e-mails and repeats in
 * tests/integration/withdrawals.test.ts and refunds.test.ts, the fourteen-day window on the order
 * page's loader and action and the panel's answer in tests/integration/money-back-pages.test.ts; the
 * private link with a wrong token in tests/http/no-script-pages.test.ts.
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { checkoutThroughCart, postWithPage } from "../support/cart-checkout";
import { signedIn, waitForHydration } from "../support/fixtures";
import { payOnTestPage } from "../support/test-payment";
import { mailsTo } from "./accounts-support";

const tote = demoProductId("torba-nokturn-tote");
const STATEMENT = "Oświadczam, że odstępuję od umowy sprzedaży wybranych produktów z tego zamówienia.";

test.describe.configure({ timeout: 120_000 });

async function contextOf(
  browser: Browser,
  account: "admin" | "customer" | null,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    account ? { storageState: signedIn(account) } : { storageState: { cookies: [], origins: [] } },
  );
  return { context, page: await context.newPage() };
}

/** Marks the order completed in the panel (the 14 days start) and waits for the server's answer. */
async function completeOrder(browser: Browser, number: string) {
  const admin = await contextOf(browser, "admin");
  await admin.page.goto("/admin/orders");
  // The status select sends its change through the script.
  await waitForHydration(admin.page);
  const status = admin.page
    .getByTestId("order-card")
    .filter({ hasText: `#${number}` })
    .getByLabel("Status");
  await Promise.all([
    admin.page.waitForResponse((response) => response.request().method() === "POST" && response.ok()),
    status.selectOption("completed"),
  ]);
  await expect(status).toHaveValue("completed");
  return admin;
}

/**
 * Buys `quantity` totes by courier, paid on the test provider's page with a Wrocław address; `payer`
 * checks or fills the e-mail first. Returns the order's number.
 */
async function buyTotes(page: Page, quantity: number, payer: (page: Page) => Promise<unknown>) {
  const post = postWithPage(page.request);
  // The demo customer's cart follows the account: what other tests left in it is taken out first.
  const cart = await (await page.request.get("/cart")).text();
  for (const line of new Set([...cart.matchAll(/name="line" value="([0-9a-f-]{36})"/g)].map((m) => m[1]))) {
    expect((await post({ intent: "remove", line })).status).toBe(200);
  }
  const started = await checkoutThroughCart(post, {
    lines: [{ productId: tote, quantity }],
    deliveryMethod: "courier",
  });
  expect(started.status, started.text).toBe(200);
  // The test provider's page is a plain form.
  await page.goto(new URL(started.url!).pathname);
  await payer(page);
  await payOnTestPage(page);
  await expect(page.getByTestId("order-created")).toBeVisible();
  return (await page.getByTestId("order-number").textContent())!.replace("#", "").trim();
}

test("buy, complete, withdraw from the order page, refund it in the panel; the refund shown", async ({
  browser,
}) => {
  const customer = await contextOf(browser, "customer");

  // Buy 2 × tote as the signed-in customer; the account's address is given and read-only.
  const orderNumber = await buyTotes(customer.page, 2, async (payment) => {
    await expect(payment.getByLabel("E-mail")).toHaveValue(DEMO_CUSTOMER.email);
  });

  // Before delivery or completion there is nothing to withdraw from.
  await customer.page.goto("/account/orders");
  await customer.page.getByRole("link", { name: `Zobacz szczegóły zamówienia #${orderNumber}` }).click();
  const fullPage = customer.page.getByRole("link", { name: "Pełna strona zamówienia" });
  const orderId = /\/zamowienie\/([0-9a-f-]{36})/.exec((await fullPage.getAttribute("href")) ?? "")![1];
  await customer.page.goto(`/zamowienie/${orderId}`);
  await expect(customer.page.getByRole("heading", { name: `#${orderNumber}` })).toBeVisible();
  await expect(customer.page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  // The admin marks the order completed: the 14 days start.
  const admin = await completeOrder(browser, orderNumber);

  // The customer withdraws from one of the two totes.
  await customer.page.reload();
  // The browser's own check of the form below is the script's.
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
  // Closed once the provider has paid it back (on a loaded machine that took over 7 s).
  await expect(admin.page.getByTestId("open-withdrawal").filter({ hasText: `#${orderNumber}` })).toHaveCount(
    0,
    { timeout: 20_000 },
  );
  // Said although its row (and here the whole list, the last one closed) left with the reload.
  await expect(admin.page.getByText("Pieniądze zostały zwrócone, odstąpienie zamknięte")).toBeVisible();

  // The customer's order page shows the refund.
  await customer.page.reload();
  const history = customer.page.getByTestId("refund-history");
  await expect(history.getByTestId("refund-entry")).toHaveCount(1);
  await expect(history.getByTestId("refund-amount")).toContainText("69,00");
  await expect(customer.page.getByTestId("withdrawals-filed")).toHaveCount(0);

  await customer.context.close();
  await admin.context.close();
});

// The same link with a wrong token (a 404 that shows nothing): tests/http/no-script-pages.test.ts.
test("a guest withdraws through the private link from the confirmation e-mail", async ({ browser }) => {
  const email = `gosc-odstapienie-${Date.now()}@example.pl`;
  const { context: guest, page } = await contextOf(browser, null);

  // A guest buys one tote, giving the e-mail on the payment page.
  const number = await buyTotes(page, 1, (payment) => payment.getByLabel("E-mail").fill(email));

  // The confirmation e-mail carries the private link to the order.
  await expect.poll(() => mailsTo(email, "order-confirmation").length, { timeout: 25_000 }).toBe(1);
  const [confirmationMail] = mailsTo(email, "order-confirmation");
  const link = /\/zamowienie\/([0-9a-f-]{36})\?token=[A-Za-z0-9_-]+/.exec(confirmationMail);
  expect(link, "private link in the confirmation e-mail").not.toBeNull();
  const [privatePath] = link!;

  // Not delivered yet: nothing to withdraw from.
  await page.goto(privatePath);
  await expect(page.getByRole("heading", { name: `#${number}` })).toBeVisible();
  await expect(page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  // The admin completes the order.
  const admin = await completeOrder(browser, number);
  await admin.context.close();

  // The guest, with no account, withdraws through the link.
  // A plain <details> and form: no script needed.
  await page.goto(privatePath);
  await page.getByText("Odstąp od umowy", { exact: true }).click();
  await page.getByLabel(/Torba NOKTURN Tote/).fill("1");
  await page.getByLabel(STATEMENT).check();
  await page.getByRole("button", { name: "Wyślij oświadczenie" }).click();
  await expect(page.getByTestId("withdrawal-confirmation")).toContainText(
    "Oświadczenie o odstąpieniu od umowy zostało przyjęte",
  );
  await expect(page.getByTestId("withdrawals-filed")).toContainText("Torba NOKTURN Tote × 1");

  // Every unit is withdrawn: the page offers nothing more.
  await page.reload();
  await expect(page.getByTestId("withdrawals-filed")).toContainText("Torba NOKTURN Tote × 1");
  await expect(page.getByText("Odstąp od umowy", { exact: true })).toHaveCount(0);

  await guest.close();
});
