/**
 * `/cart` rendered by the server from the cart cookie (issue #16, decision 026): adding to the cart
 * writes `nokturn_cart` (ids and quantities only); the page's HTML already holds the lines and the
 * summary, without JavaScript too; hydration keeps that markup (no mismatch, no second quote); such
 * a page is private and never served from the page cache to anyone else.
 */
import { type BrowserContext, type ConsoleMessage, expect, type Page, test } from "@playwright/test";
import { CART_COOKIE_NAME, decodeCartCookie } from "../../app/modules/cart/cart-cookie";
import { CART_KEY, expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { rawGet } from "../support/raw-get";

test.describe.configure({ timeout: 90_000 });

const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

/** Adds a product from its page, like a customer. */
async function addProduct(page: Page, slug: string, size?: string) {
  await page.goto(`/merch/${slug}`);
  await waitForHydration(page);
  if (size) await page.getByTestId("size-picker").getByText(size, { exact: true }).click();
  const count = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, CART_KEY);
  await page.getByTestId("add-to-cart").click();
  await expect
    .poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]").length, CART_KEY))
    .toBe(count + 1);
}

async function cartCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === CART_COOKIE_NAME) ?? null;
}

/** A T-shirt in size M (129,00 zł) and a sticker pack (19,00 zł): 148,00 zł, courier 16,99 zł. */
async function fillCart(page: Page) {
  await addProduct(page, "koszulka-nokturn-logo", "M");
  await addProduct(page, "naklejki-pack-vol-1");
}

function raw(path: string, headers: Record<string, string> = {}) {
  return rawGet(`${process.env.E2E_BASE_URL}${path}`, { "accept-encoding": "identity", ...headers });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor whose cart cookie holds two products sees both lines and the total", async ({
    page,
    browser,
  }) => {
    // The cart was filled earlier, with scripts on (another visit of the same browser).
    const shopping = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      locale: "pl-PL",
      javaScriptEnabled: true,
    });
    const shopper = await shopping.newPage();
    await fillCart(shopper);
    const cookie = await cartCookie(shopping);
    await shopping.close();
    expect(cookie).not.toBeNull();
    await page.context().addCookies([cookie as NonNullable<typeof cookie>]);

    const response = await page.goto("/cart");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("heading", { level: 1, name: "KOSZYK" })).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("2 produkty");
    const lines = page.getByTestId("cart-line");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText("Koszulka NOKTURN Logo");
    await expect(lines.nth(0)).toContainText("Rozmiar: M");
    await expect(lines.nth(0).getByTestId("line-total")).toHaveText(money("129,00 zł"));
    await expect(lines.nth(0).locator("img")).toHaveAttribute("src", /\.(?:avif|webp|jpe?g)$/);
    await expect(lines.nth(1)).toContainText("Naklejki");
    await expect(lines.nth(1).getByTestId("line-total")).toHaveText(money("19,00 zł"));
    await expect(lines.nth(0)).toHaveAttribute("data-status", "ok");
    await expect(page.getByTestId("delivery-courier")).toBeChecked();
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("148,00 zł"));
    await expect(page.getByTestId("totals-delivery")).toHaveText(money("16,99 zł"));
    await expect(page.getByTestId("totals-total")).toHaveText(money("164,99 zł"));
    await expect(page.getByTestId("mobile-total")).toHaveText(money("164,99 zł"));
    await expect(page.getByTestId("checkout-button")).toBeDisabled();
    await expect(page.getByText("Ładowanie koszyka…")).toHaveCount(0);
  });

  test("without the cookie the page is the skeleton, as before", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { level: 1, name: "KOSZYK" })).toBeVisible();
    await expect(page.getByTestId("cart-line")).toHaveCount(0);
    await expect(page.locator("[aria-busy=true]").getByText("Ładowanie koszyka…")).toHaveCount(1);
  });
});

test.describe("with JavaScript", () => {
  test("adding writes the cookie (ids and quantities only); /cart's HTML has the lines; hydration keeps them without a second quote", async ({
    page,
  }) => {
    await fillCart(page);
    const cookie = await cartCookie(page.context());
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.httpOnly).toBe(false);
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
    expect(cookie?.value).not.toMatch(/Koszulka|12900|1900/);
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]"), CART_KEY);
    expect(decodeCartCookie(cookie?.value)).toEqual(
      stored.map((line: { productId: string; variantId: string | null; quantity: number }) => ({
        productId: line.productId,
        variantId: line.variantId,
        quantity: line.quantity,
      })),
    );

    // The server's HTML (the context's cookies, no scripts run): the lines and the summary are in it.
    const html = await (await page.request.get("/cart")).text();
    expect(html.match(/data-testid="cart-line"/g)).toHaveLength(2);
    expect(html).toContain("Koszulka NOKTURN Logo");
    expect(html).toMatch(/data-testid="totals-total"[^>]*>164,99\szł/);

    // In the browser: no hydration warning, no quote request for the cart the server priced.
    const problems: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(message.text());
    };
    page.on("console", onConsole);
    page.on("pageerror", (error) => problems.push(error.message));
    const quotes: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/cart/prices")) quotes.push(request.postData() ?? "");
    });
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await waitForHydration(page);
    await expect(page.getByTestId("checkout-button")).toBeEnabled();
    await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
    await expect(page.getByTestId("totals-total")).toHaveText(money("164,99 zł"));
    expect(quotes).toEqual([]);
    expect(problems).toEqual([]);

    // A change is mirrored at once and re-quoted as before.
    const sticker = page.getByTestId("cart-line").nth(1);
    await sticker.getByRole("button", { name: /Zwiększ ilość/ }).click();
    await expect(page.getByTestId("totals-total")).toHaveText(money("183,99 zł"));
    expect(quotes.length).toBeGreaterThan(0);
    await expect
      .poll(async () =>
        decodeCartCookie((await cartCookie(page.context()))?.value).map((line) => line.quantity),
      )
      .toEqual([1, 2]);

    await expectNoSeriousA11yViolations(page);

    // Emptying the cart deletes the cookie; the next /cart is the anonymous page again.
    for (let i = 0; i < 2; i++) await page.getByTestId("remove-line").first().click();
    await expect(page.getByRole("heading", { name: "TWÓJ KOSZYK JEST PUSTY" })).toBeVisible();
    await expect.poll(() => cartCookie(page.context())).toBeNull();
    expect(problems).toEqual([]);
  });

  test("a cart stored before the cookie existed gets one on the next page", async ({ page }) => {
    await fillCart(page);
    await page.context().clearCookies({ name: CART_COOKIE_NAME });
    expect(await cartCookie(page.context())).toBeNull();
    await page.goto("/merch");
    await waitForHydration(page);
    await expect.poll(async () => decodeCartCookie((await cartCookie(page.context()))?.value).length).toBe(2);
  });
});

test("a /cart rendered for one visitor's cart cookie is never served to another visitor", async ({
  page,
  browser,
}) => {
  await fillCart(page);
  const mine = await cartCookie(page.context());
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const otherPage = await other.newPage();
  await addProduct(otherPage, "torba-nokturn-tote");
  const theirs = await cartCookie(other);
  await other.close();

  // Visitor A's cart: rendered for them, private, not from the cache and not kept.
  for (let i = 0; i < 2; i++) {
    const a = await raw("/cart", { cookie: `${CART_COOKIE_NAME}=${mine?.value}` });
    expect(a.status).toBe(200);
    expect(a.headers["x-cache"]).toBeUndefined();
    expect(a.headers["cache-control"]).toBe("private, no-store");
    expect(a.body.toString()).toContain("Koszulka NOKTURN Logo");
  }
  // Visitor B (another cart) sees only their own.
  const b = await raw("/cart", { cookie: `nokturn_device=x.y; ${CART_COOKIE_NAME}=${theirs?.value}` });
  expect(b.headers["x-cache"]).toBeUndefined();
  expect(b.body.toString()).toContain("Torba");
  expect(b.body.toString()).not.toContain("Koszulka NOKTURN Logo");
  // Anonymous visitors get the one shared page: the skeleton, kept and replayed, nobody's lines.
  const first = await raw("/cart");
  const second = await raw("/cart", { "user-agent": "Mozilla/5.0 (visitor C)" });
  expect(second.headers["x-cache"]).toBe("HIT");
  expect(second.headers["cache-control"] ?? "").not.toMatch(/private|no-store/);
  for (const anonymous of [first, second]) {
    expect(anonymous.body.toString()).not.toContain('data-testid="cart-line"');
    expect(anonymous.body.toString()).not.toContain("Koszulka NOKTURN Logo");
    expect(anonymous.body.toString()).not.toContain("Torba");
  }
  // The client navigation's data follows the same rule.
  const data = await raw("/cart.data", { cookie: `${CART_COOKIE_NAME}=${mine?.value}` });
  expect(data.headers["x-cache"]).toBeUndefined();
  expect(data.body.toString()).toContain("Koszulka NOKTURN Logo");
  const anonymousData = await raw("/cart.data");
  expect(anonymousData.body.toString()).not.toContain("Koszulka NOKTURN Logo");
});
