/**
 * A category sale from the panel to the confirmation e-mail (issue #28), on the suite's test-clock
 * server: the admin schedules 25% off the stickers for Monday 12:00–Tuesday 12:00; before it the shop
 * shows regular prices; at the start the card, the product page, the cart and the e-mail show the sale
 * price, the struck regular price and the 30-day lowest price; at the end everything is back — the
 * server was not restarted and nobody touched the panel in between.
 */
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { clockAdmin, test as onTheClock, setClock } from "../support/clock-server";
import { waitForHydration } from "../support/fixtures";
import { mailsTo } from "./accounts-support";

const PRODUCT = "Naklejki Pack Vol. 1"; // 19,00 zł in the demo data, offered since long before
const LOWEST = "Najniższa cena z 30 dni przed obniżką: 19,00 zł";
const clockData = () => process.env.E2E_CLOCK_DATA_DIR ?? "";
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

const card = (page: Page) => page.getByTestId("product-card").filter({ hasText: PRODUCT });

async function openProduct(page: Page) {
  await page.goto("/merch/naklejki-pack-vol-1");
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT })).toBeVisible();
}

onTheClock(
  "a category sale: regular prices before, sale prices with the 30-day lowest during, regular after",
  async ({ page, browser, baseURL }) => {
    onTheClock.setTimeout(150_000);
    setClock("2026-03-02T09:00:00.000Z"); // Monday 10:00 in Warsaw
    const suffix = randomBytes(3).toString("hex");
    const email = `promo-${suffix}@example.pl`;

    // The admin: 25% off every sticker, Monday 12:00 to Tuesday 12:00, previewed first.
    const admin = await browser.newContext({ storageState: clockAdmin(), baseURL });
    const panel = await admin.newPage();
    await panel.goto("/admin/sales");
    await waitForHydration(panel);
    await panel.getByLabel("Nazwa promocji").fill(`Naklejkowy poniedziałek ${suffix}`);
    await panel.getByRole("radio", { name: "Kategoria" }).check();
    await panel.getByRole("combobox", { name: "Kategoria" }).selectOption({ label: "Naklejki" });
    await panel.getByLabel("Obniżka (%)").fill("25");
    await panel.getByLabel("Początek (czas polski)").fill("2026-03-02T12:00");
    await panel.getByLabel("Koniec (czas polski)").fill("2026-03-03T12:00");
    await panel.getByRole("button", { name: "Podgląd cen" }).click();
    await expect(
      panel.getByTestId("sale-preview").getByRole("row", { name: new RegExp(PRODUCT) }),
    ).toContainText(money("14,25 zł"));
    await panel.getByRole("button", { name: "Zapisz" }).click();
    await expect(panel.getByText("Promocja zapisana").first()).toBeVisible();
    await admin.close();

    // Before the start: regular prices, nothing about a reduction.
    await page.goto("/merch");
    await expect(card(page)).toContainText(money("19,00 zł"));
    await expect(card(page)).not.toContainText("Najniższa cena");
    await openProduct(page);
    await expect(page.getByTestId("product-price")).toHaveText(money("19,00 zł"));
    await expect(page.getByText("Najniższa cena")).toHaveCount(0);

    // The start: the card and the page flip by themselves.
    setClock("2026-03-02T11:00:00.000Z");
    await page.goto("/merch");
    await expect(card(page)).toContainText(money("14,25 zł"));
    await expect(card(page).locator("s")).toHaveText(money("19,00 zł"));
    await expect(card(page)).toContainText("-25%");
    await expect(card(page)).toContainText(money(LOWEST));
    await openProduct(page);
    await expect(page.getByTestId("product-price")).toHaveText(money("14,25 zł"));
    await expect(page.getByText(money(LOWEST)).first()).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join("\n")).toMatch(/"price":\s*"?14\.25"?/);
    expect(jsonLd.join("\n")).toContain('"priceValidUntil":"2026-03-03"');

    // The cart charges it and says so.
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByText("Dodano do koszyka").first()).toBeVisible();
    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("line-total")).toHaveText(money("14,25 zł"));
    await expect(line.locator("s")).toHaveText(money("19,00 zł"));
    await expect(line).toContainText(money(LOWEST));
    await page.getByTestId("checkout-button").click();
    await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Imię i nazwisko").fill("Ola Promo");
    await page.getByLabel("Adres").fill("ul. Ruska 46");
    await page.getByLabel("Kod pocztowy").fill("50-079");
    await page.getByLabel("Miasto").fill("Wrocław");
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page.getByTestId("order-created")).toBeVisible({ timeout: 20_000 });

    // The confirmation e-mail: the price paid, the regular one and the 30-day lowest.
    await expect
      .poll(() => mailsTo(email, "order-confirmation", clockData()).length, { timeout: 25_000 })
      .toBe(1);
    const [mail] = mailsTo(email, "order-confirmation", clockData());
    expect(mail).toMatch(money("1 × 14,25 zł (cena regularna 19,00 zł, -25%)"));
    expect(mail).toMatch(money(LOWEST));
    // The order's own page (the e-mail's private link) says the same of the line.
    const orderLink = /\/zamowienie\/[0-9a-f-]{36}\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    await page.goto(orderLink);
    await expect(page.getByText(money("1 × 14,25 zł (cena regularna 19,00 zł, -25%)"))).toBeVisible();

    // The end: everything is back to the regular price.
    setClock("2026-03-03T11:00:00.000Z");
    await page.goto("/merch");
    await expect(card(page)).toContainText(money("19,00 zł"));
    await expect(card(page)).not.toContainText("Najniższa cena");
    await expect(card(page).locator("s")).toHaveCount(0);
    await openProduct(page);
    await expect(page.getByTestId("product-price")).toHaveText(money("19,00 zł"));
    await expect(page.getByText("Najniższa cena")).toHaveCount(0);
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByText("Dodano do koszyka").first()).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line").getByTestId("line-total")).toHaveText(money("19,00 zł"));
    await expect(page.getByTestId("cart-line")).not.toContainText("Najniższa cena");
  },
);
