import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { demoProductId, demoVariantId } from "../../db/seed";
import { type CheckoutRequest, checkoutThroughCart, postWithPage } from "../support/cart-checkout";
import { signedIn, waitForHydration } from "../support/fixtures";
import { unique } from "../support/names";
import { createProduct, stockInPanel } from "./admin-support";

const tote = demoProductId("torba-nokturn-tote");
const longsleeve = demoProductId("longsleeve-strobe");

/** The cart's forms as this tab posts them, up to 'checkout' (the payment page's URL, or the refusal). */
function startCheckout(page: Page, request: CheckoutRequest) {
  return checkoutThroughCart(postWithPage(page.request), request);
}

/**
 * Mail files the server wrote (no SMTP in tests) that mention `text`. Only the `.eml` files: the
 * transport writes each to a temporary file and renames it (app/modules/mail/transport.server.ts), and
 * a temporary one listed here could be gone by the time it was read (ENOENT, once on a loaded machine).
 */
async function mailsContaining(text: string) {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "mail");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((content) => content.includes(text));
}

test.describe("checkout with the test payment provider", () => {
  // The stock this file counts is a product of its own: the demo tote sells in other files at once.
  let ownTote = "";
  // The stock as the admin sees it in the product form.
  let admin: BrowserContext;
  const availableStock = (productId: string, variantId: string | null) =>
    stockInPanel(admin, productId, variantId);
  test.beforeAll(async ({ browser }) => {
    admin = await browser.newContext({
      storageState: signedIn("admin"),
      baseURL: process.env.E2E_BASE_URL,
    });
    ownTote = await createProduct(admin, { name: unique("Torba kasy"), price: "69,00", stock: 40 });
  });
  test.afterAll(async () => {
    await admin.close();
  });

  test("a guest pays by courier: order page, e-mail, stock taken; a reload creates nothing", async ({
    page,
  }) => {
    const stockBefore = await availableStock(ownTote, null);
    const started = await startCheckout(page, {
      lines: [{ productId: ownTote, variantId: null, quantity: 2 }],
      deliveryMethod: "courier",
    });
    expect(started.status).toBe(200);
    expect(started.url).toMatch(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    expect(await availableStock(ownTote, null)).toBe(stockBefore - 2);

    await page.goto(new URL(started.url!).pathname);
    await expect(page.getByText("TRYB TESTOWY")).toBeVisible();
    // 2 × 69,00 zł + 16,99 zł courier — the server's prices, not the browser's.
    await expect(page.getByTestId("test-payment-total")).toHaveText(/154,99\szł/);
    await waitForHydration(page);

    // Every field is validated.
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page.getByText("Nieprawidłowy adres email")).toBeVisible();
    await page.getByLabel("E-mail").fill("gosc@example.pl");
    await page.getByLabel("Imię i nazwisko").fill("Gość Testowy");
    await page.getByLabel("Adres").fill("ul. Świdnicka 1");
    await page.getByLabel("Kod pocztowy").fill("50066");
    await page.getByLabel("Miasto").fill("Wrocław");
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page.getByText("Kod pocztowy w formacie 00-000")).toBeVisible();
    await expect(page.getByLabel("Adres")).toHaveValue("ul. Świdnicka 1");
    await page.getByLabel("Kod pocztowy").fill("50-066");
    await page.getByRole("button", { name: "Zapłać" }).click();

    await expect(page).toHaveURL(/\/order-success\?session_id=test_cs_/);
    await expect(page.getByTestId("order-created")).toBeVisible();
    const orderNumber = (await page.getByTestId("order-number").textContent())!.replace("#", "");
    expect(orderNumber).toMatch(/^[0-9A-F]{8}$/);
    await expect(page.getByText("Zamówienie zostało utworzone pomyślnie!")).toBeVisible();
    await expect(page.getByText("gosc@example.pl")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zaloguj się" }).first()).toBeVisible();
    expect(await availableStock(ownTote, null)).toBe(stockBefore - 2);

    await page.reload();
    await expect(page.getByTestId("order-number")).toHaveText(`#${orderNumber}`);
    expect(await availableStock(ownTote, null)).toBe(stockBefore - 2);

    // The confirmation e-mail leaves through the outbox (file transport in tests).
    await expect.poll(async () => (await mailsContaining(orderNumber)).length, { timeout: 20_000 }).toBe(1);
    const [mail] = await mailsContaining(orderNumber);
    expect(mail).toContain("gosc@example.pl");
    const link = /\/zamowienie\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(
      mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
    );
    expect(link).not.toBeNull();

    // The private link shows the order without an account; a wrong token does not.
    await page.goto(link![0]);
    await expect(page.getByRole("heading", { name: `#${orderNumber}` })).toBeVisible();
    await expect(page.getByTestId("order-status")).toHaveText("Oczekuje");
    await expect(page.getByText("ul. Świdnicka 1")).toBeVisible();
    const wrong = await page.goto(link![0].replace(/token=.*/, "token=nope"));
    expect(wrong?.status()).toBe(404);
  });

  test("cancelling returns to the cart and gives the stock back", async ({ page }) => {
    const variant = demoVariantId("longsleeve-strobe", "L");
    const before = await availableStock(longsleeve, variant);
    const started = await startCheckout(page, {
      lines: [{ productId: longsleeve, variantId: variant, quantity: 3 }],
      deliveryMethod: "courier",
    });
    expect(started.status).toBe(200);
    expect(await availableStock(longsleeve, variant)).toBe(before - 3);
    await page.goto(new URL(started.url!).pathname);
    await page.getByRole("button", { name: "Anuluj" }).click();
    await expect(page).toHaveURL(/\/cart/);
    expect(await availableStock(longsleeve, variant)).toBe(before);
    // The cancelled session cannot be paid any more.
    await page.goto(new URL(started.url!).pathname);
    await expect(page.getByText("Sesja płatności wygasła")).toBeVisible();
  });

  test("refuses what cannot be sold with a Polish message naming the product", async ({ page }) => {
    const soldOut = await startCheckout(page, {
      lines: [{ productId: demoProductId("smycz-nokturn"), variantId: null, quantity: 1 }],
      deliveryMethod: "courier",
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.text).toContain("Smycz NOKTURN jest wyprzedany.");
    const noLocker = await startCheckout(page, {
      lines: [{ productId: tote, variantId: null, quantity: 1 }],
      deliveryMethod: "inpost",
      locker: null,
    });
    expect(noLocker.status).toBe(400);
    expect(noLocker.text).toContain("Musisz wybrać Paczkomat InPost przed płatnością");
    const badCode = await startCheckout(page, {
      lines: [{ productId: tote, variantId: null, quantity: 1 }],
      deliveryMethod: "courier",
      discountCode: "SYLWESTER24",
    });
    expect(badCode.status).toBe(400);
    expect(badCode.text).toContain("Kod SYLWESTER24 wygasł");
    // A body that is no form is refused as bad input, not a server error.
    const garbage = await page.request.post("/cart", {
      data: "{not json",
      headers: { "content-type": "application/json" },
      maxRedirects: 0,
    });
    expect(garbage.status()).toBe(400);
  });

  test("an unknown session's error screen toasts once the page has hydrated", async ({ page }) => {
    // The redirect home without a session and the error screen itself are the server's:
    // tests/http/shop-pages.test.ts.
    await page.goto("/order-success?session_id=test_cs_unknown");
    await waitForHydration(page);
    await expect(page.getByText("Nie udało się utworzyć zamówienia")).toBeVisible();
  });
});
