/**
 * A drop from the panel to the third unit (issue #27), on the suite's test-clock server: the admin
 * schedules a product for Friday 18:00 with a limit of 2; a visitor subscribes and confirms from the
 * e-mail; before the instant the page counts down and cannot sell; at the instant it sells (the server
 * was not restarted, nobody touched the panel) and the subscriber's notice goes out with a working
 * unsubscribe link; the visitor buys 2, and a third unit is refused in Polish.
 */
import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { clockAdmin, test as onTheClock, setClock } from "../support/clock-server";
import { waitForHydration } from "../support/fixtures";
import { mailsTo } from "./accounts-support";

const RELEASE_UTC = "2026-02-13T17:00:00.000Z"; // Friday 13.02.2026, 18:00 in Warsaw (CET)
const clockData = () => process.env.E2E_CLOCK_DATA_DIR ?? "";
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

onTheClock(
  "the admin schedules a drop; the subscriber is told once; the buyer gets 2 and no third",
  async ({ page, browser, baseURL }) => {
    onTheClock.setTimeout(150_000);
    setClock("2026-02-13T16:00:00.000Z"); // an hour before
    const suffix = randomBytes(3).toString("hex");
    const name = `Koszulka Drop ${suffix}`;
    const slug = `koszulka-drop-${suffix}`;

    // The admin: a new product on sale from Friday 18:00, at most 2 per customer.
    const admin = await browser.newContext({ storageState: clockAdmin(), baseURL });
    const panel = await admin.newPage();
    await panel.goto("/admin/products/new");
    await panel.getByLabel(/^Nazwa/).fill(name);
    await panel.getByLabel(/^Kategoria/).selectOption("clothing");
    await panel.getByLabel(/^Cena \(zł\)/).fill("119,00");
    await panel.getByLabel(/^Stan magazynowy/).fill("10");
    await panel.getByLabel(/^Opis produktu/).fill("Limitowana koszulka z piątkowego dropu NOKTURN.");
    await panel.getByLabel("Premiera (czas polski)").fill("2026-02-13T18:00");
    await panel.getByLabel("Limit na klienta (szt.)").fill("2");
    await panel.getByRole("button", { name: "Dodaj produkt" }).click();
    await expect(panel).toHaveURL(/\/admin\/products$/);
    await admin.close();

    // Before the instant: 'Wkrótce', the date as text, a live countdown, nothing to buy.
    await page.goto(`/merch/${slug}`);
    const release = page.getByTestId("release-box");
    await expect(release.getByText("Wkrótce")).toBeVisible();
    await expect(page.getByTestId("release-date")).toHaveText("W sprzedaży od 13 lutego 2026, 18:00");
    await expect(page.getByTestId("add-to-cart")).toHaveCount(0);
    await waitForHydration(page);
    await expect(page.getByTestId("release-countdown")).toHaveText(/^00:(59|60):\d\d$|^01:00:00$/);

    // "Powiadom mnie", confirmed from the e-mail.
    const email = `drop-${suffix}@example.pl`;
    const form = page.getByTestId("notify-me-form");
    await form.getByRole("textbox", { name: "E-mail" }).fill(email);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Powiadom mnie" }).click();
    // The same words a plain form's flash says (tests/http/no-script-forms-other.test.ts).
    await expect(page.getByTestId("notify-me-sent")).toHaveText(
      "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.",
    );
    await expect
      .poll(() => mailsTo(email, "stock-alert-confirm", clockData()).length, { timeout: 25_000 })
      .toBe(1);
    const confirm = /https?:\/\/[^/\s"]+(\/powiadom-mnie\/potwierdz\/[A-Za-z0-9_-]+)/.exec(
      mailsTo(email, "stock-alert-confirm", clockData())[0],
    );
    expect(confirm).not.toBeNull();
    await page.goto(confirm![1]);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The link's page asks for a press: a GET (a mail scanner's) confirms nothing (issue #42).
    await page.getByRole("button", { name: "Potwierdzam" }).click();
    await expect(page.getByTestId("stock-alert-confirmed")).toBeVisible();

    // The listing says it too.
    await page.goto("/merch");
    await expect(page.getByTestId("product-card").filter({ hasText: name })).toContainText(
      "Premiera: 13 lutego 2026, 18:00",
    );

    // The instant: the page sells, and the subscriber's one notice is sent.
    setClock(RELEASE_UTC);
    await page.goto(`/merch/${slug}`);
    await expect(page.getByTestId("add-to-cart")).toBeVisible();
    await expect(page.getByTestId("release-box")).toHaveCount(0);
    await expect.poll(() => mailsTo(email, "stock-notice", clockData()).length, { timeout: 30_000 }).toBe(1);
    const notice = mailsTo(email, "stock-notice", clockData())[0];
    expect(notice).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\s*$/m);
    expect(notice).toContain(`/merch/${slug}`);
    const unsubscribe = /^List-Unsubscribe:\s*<https?:\/\/[^/\s>]+(\/powiadom-mnie\/wypisz\/[^>\s]+)>/m.exec(
      notice,
    );
    expect(unsubscribe).not.toBeNull();

    // The visitor buys two.
    await page.goto(`/merch/${slug}`);
    await waitForHydration(page);
    await page
      .getByTestId("product-quantity")
      .getByRole("button", { name: /Zwiększ/ })
      .click();
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByText("Dodano do koszyka").first()).toBeVisible();
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("cart-line").getByTestId("line-quantity-value")).toHaveText("2");
    await page.getByLabel("E-mail do zamówienia").fill(email);
    await page.getByTestId("checkout-button").click();
    await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("test-payment-total")).toHaveText(money("238,00 zł"));
    await page.getByLabel("Imię i nazwisko").fill("Ola Drop");
    await page.getByLabel("Adres").fill("ul. Ruska 46");
    await page.getByLabel("Kod pocztowy").fill("50-079");
    await page.getByLabel("Miasto").fill("Wrocław");
    await page.getByRole("button", { name: "Zapłać" }).click();
    await expect(page.getByTestId("order-created")).toBeVisible({ timeout: 20_000 });

    // A third unit: the cart takes it, the checkout refuses it in Polish.
    await page.goto(`/merch/${slug}`);
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByText("Dodano do koszyka").first()).toBeVisible();
    await page.goto("/cart");
    // The hydrated form's refusal: shown above the summary and as a toast (a plain form's, sent
    // before hydration, comes back as a flash instead: the no-script tests cover that path).
    await waitForHydration(page);
    await page.getByLabel("E-mail do zamówienia").fill(email);
    await page.getByTestId("checkout-button").click();
    const refusal = `${name}: limit to 2 szt. na klienta, a masz już 2 szt. w zamówieniach. Nie możesz kupić kolejnych.`;
    await expect(page.getByTestId("cart-error")).toContainText(refusal);
    await expect(page.getByRole("region", { name: /Powiadomienia/ }).getByText(refusal)).toBeVisible();
    await expect(page).toHaveURL(/\/cart/);

    // The notice's unsubscribe link works without a login.
    await page.goto(unsubscribe![1]);
    await page.getByRole("button", { name: "Wypisz mnie" }).click();
    await expect(page.getByText(/wypisan/i).first()).toBeVisible();
  },
);
