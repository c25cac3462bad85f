import { expect, type Page, test } from "@playwright/test";
import { formatPrice } from "../../app/lib/money";
import {
  deliveryOptionList,
  FREE_DELIVERY_THRESHOLD,
  formatDeliveryTime,
  SHIPPING_TIME_TEXT,
} from "../../app/modules/cart/delivery";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

const pages = [
  {
    path: "/privacy-policy",
    link: "Polityka prywatności",
    heading: "Polityka prywatności",
    title: "Polityka prywatności | NOKTURN",
  },
  { path: "/terms", link: "Regulamin", heading: "Regulamin", title: "Regulamin | NOKTURN" },
  {
    path: "/returns",
    link: "Zwroty i reklamacje",
    heading: "Zwroty i Reklamacje",
    title: "Zwroty i Reklamacje | NOKTURN",
  },
  { path: "/shipping", link: "Dostawa", heading: "Dostawa", title: "Dostawa | NOKTURN" },
  { path: "/contact", link: "Kontakt", heading: "Kontakt", title: "Kontakt | NOKTURN" },
  {
    path: "/deklaracja-dostepnosci",
    link: "Deklaracja dostępności",
    heading: "Deklaracja dostępności",
    title: "Deklaracja dostępności | NOKTURN",
  },
] as const;

/** Prices are formatted with a non-breaking space before "zł", as on the page. */
const price = (grosze: number) => formatPrice(grosze);

async function heading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name, exact: true });
}

// Axe on long documents is slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe("information pages", () => {
  test("are server-rendered with their title, and reachable from the footer, landing at the top", async ({
    page,
    request,
  }) => {
    for (const info of pages) {
      const response = await request.get(info.path);
      expect(response.status(), info.path).toBe(200);
      const html = await response.text();
      expect(html).toContain(`<title>${info.title}</title>`);
      expect(html).toContain(`<link rel="canonical" href="`);
    }

    await page.goto("/");
    await waitForHydration(page);
    for (const info of pages) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId("site-footer").getByRole("link", { name: info.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${info.path}$`));
      await expect(await heading(page, info.heading)).toBeVisible();
      await expect(page).toHaveTitle(info.title);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    }
  });

  test("privacy policy: 13 sections in an accordion that works by keyboard", async ({ page }) => {
    await page.goto("/privacy-policy");
    await waitForHydration(page);
    const triggers = page.locator("[data-section-accordion] [data-slot=accordion-trigger]");
    await expect(triggers).toHaveCount(13);
    await expect(triggers.first()).toHaveAccessibleName("1. Administrator danych");
    await expect(triggers.nth(9)).toHaveAccessibleName("10. Pliki cookies i pamięć przeglądarki");

    // Tab to the first section header, open it with Enter, move with the arrow keys, toggle with Space.
    await triggers.first().focus();
    await expect(triggers.first()).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(triggers.first()).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByText("Nie wyznaczyliśmy inspektora ochrony danych", { exact: false }),
    ).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(triggers.nth(1)).toBeFocused();
    await page.keyboard.press("End");
    await expect(triggers.nth(12)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(triggers.first()).toBeFocused();
    for (let i = 0; i < 9; i++) await page.keyboard.press("ArrowDown");
    await expect(triggers.nth(9)).toBeFocused();
    await page.keyboard.press("Space");
    await expect(triggers.nth(9)).toHaveAttribute("aria-expanded", "true");
    const cookies = page.getByRole("table", { name: "Rodzaje plików cookies i czas ich przechowywania" });
    await expect(cookies).toBeVisible();
    for (const lifetime of ["do zamknięcia przeglądarki (sesja)", "1 rok", "2 lata", "90 dni"]) {
      await expect(cookies.getByRole("cell", { name: lifetime })).toBeVisible();
    }
    await page.keyboard.press("Enter");
    await expect(triggers.nth(9)).toHaveAttribute("aria-expanded", "false");
    // The first section stayed open: several can be open at once.
    await expect(triggers.first()).toHaveAttribute("aria-expanded", "true");

    await page.getByRole("button", { name: "Rozwiń wszystkie" }).click();
    for (const text of [
      "art. 6 ust. 1 lit. b RODO",
      "art. 6 ust. 1 lit. c RODO",
      "art. 6 ust. 1 lit. f RODO",
      "Prezesa Urzędu Ochrony Danych Osobowych (PUODO)",
      "5 lat, licząc od końca roku kalendarzowego",
      "i kolejne 2 lata na wypadek roszczeń",
      "Stripe Payments Europe",
      "InPost sp. z o.o.",
      "NOKTURN Events sp. z o.o.",
    ]) {
      await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("privacy policy: a link to a section opens it", async ({ page }) => {
    await page.goto("/privacy-policy#cookies");
    await waitForHydration(page);
    await expect(
      page.getByRole("button", { name: "10. Pliki cookies i pamięć przeglądarki" }),
    ).toHaveAttribute("aria-expanded", "true");
  });

  test("terms: four tabs that work by keyboard, with the SPEC's payment methods and notice period", async ({
    page,
  }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    const tablist = page.getByRole("tablist", { name: "Części regulaminu" });
    const tabs = tablist.getByRole("tab");
    await expect(tabs).toHaveText(["Ogólne", "Zamówienia", "Zwroty", "Pozostałe"]);
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("heading", { name: "§ 1. Postanowienia ogólne" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "§ 3. Płatności" })).toBeHidden();

    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/#zamowienia$/);
    const orders = page.getByRole("tabpanel", { name: "Zamówienia" });
    await expect(orders.getByRole("heading", { name: "§ 3. Płatności" })).toBeVisible();
    for (const method of [
      "szybkie przelewy internetowe",
      "karty płatnicze i BLIK",
      "płatność przy odbiorze (za pobraniem)",
    ]) {
      await expect(orders.getByText(method, { exact: false })).toBeVisible();
    }
    await expect(orders.getByText("Zamawiam z obowiązkiem zapłaty")).toBeVisible();
    await expect(orders.getByText(`Kurier – ${price(1699)}`, { exact: false })).toBeVisible();
    await expect(orders.getByText(`Paczkomat InPost – ${price(1399)}`, { exact: false })).toBeVisible();

    await page.keyboard.press("End");
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    const other = page.getByRole("tabpanel", { name: "Pozostałe" });
    await expect(other.getByText("nie wcześniej niż 7 dni", { exact: false })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(
      page.getByRole("tabpanel", { name: "Zwroty" }).getByText("14 dni", { exact: false }).first(),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A link may open a tab directly.
    await page.goto("/terms#pozostale");
    await waitForHydration(page);
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
  });

  test("returns: tabs for returns (14 days) and complaints (2 years), with the model withdrawal form", async ({
    page,
  }) => {
    await page.goto("/returns");
    await waitForHydration(page);
    const tabs = page.getByRole("tablist", { name: "Zwroty i reklamacje" }).getByRole("tab");
    await expect(tabs).toHaveText(["Zwroty (14 dni)", "Reklamacje (2 lata)"]);
    const returns = page.getByRole("tabpanel", { name: "Zwroty (14 dni)" });
    await expect(
      returns.getByRole("heading", { name: "Zwrot w 14 dni bez podania przyczyny" }),
    ).toBeVisible();
    await expect(returns.getByText("koszt odesłania jest po Twojej stronie", { exact: false })).toBeVisible();
    await expect(returns.getByText(`Paczkomat InPost, ${price(1399)}`, { exact: false })).toBeVisible();
    const form = returns.getByRole("figure", { name: "WZÓR FORMULARZA ODSTĄPIENIA OD UMOWY" });
    await expect(form).toBeVisible();
    await expect(
      form.getByText("Ja/My(*) niniejszym informuję/informujemy(*)", { exact: false }),
    ).toBeVisible();
    await expect(form.getByText("NOKTURN Events sp. z o.o.")).toBeVisible();
    await expect(form.getByText("(*) Niepotrzebne skreślić.")).toBeVisible();

    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    const complaints = page.getByRole("tabpanel", { name: "Reklamacje (2 lata)" });
    await expect(complaints.getByRole("heading", { name: "Reklamacje – 2 lata ochrony" })).toBeVisible();
    await expect(complaints.getByText("Odpowiemy w ciągu 14 dni.", { exact: false })).toBeVisible();
    await expect(returns).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test("the withdrawal form downloads as a UTF-8 text file with the seller filled in", async ({
    page,
    request,
  }) => {
    await page.goto("/returns");
    await waitForHydration(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Pobierz formularz (.txt)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("formularz-odstapienia-od-umowy.txt");
    const path = await download.path();
    const { readFile } = await import("node:fs/promises");
    const raw = await readFile(path, "utf8");
    expect(raw.startsWith("\uFEFFWZÓR FORMULARZA ODSTĄPIENIA OD UMOWY\r\n")).toBe(true);
    // Lines are wrapped for printing: compare the text with whitespace folded.
    const text = raw.replace(/\s+/g, " ");
    for (const line of [
      "(formularz ten należy wypełnić i odesłać tylko w przypadku chęci odstąpienia od umowy)",
      "NOKTURN Events sp. z o.o.",
      "ul. Ruska 51, 50-079 Wrocław",
      "adres e-mail: kontakt@nokturn.example",
      "Imię i nazwisko konsumenta(-ów):",
      "Adres konsumenta(-ów):",
      "(*) Niepotrzebne skreślić.",
    ]) {
      expect(text).toContain(line);
    }

    const response = await request.get("/formularz-odstapienia");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.headers()["content-disposition"]).toMatch(
      /^attachment; filename="formularz-odstapienia-od-umowy\.txt"/,
    );
  });

  test("shipping: options, prices, times and the free-delivery threshold from the delivery configuration", async ({
    page,
  }) => {
    await page.goto("/shipping");
    await waitForHydration(page);
    for (const option of deliveryOptionList) {
      const card = page.getByTestId(`delivery-${option.id}`);
      await expect(card.getByRole("heading", { name: option.label })).toBeVisible();
      await expect(card.getByText(price(option.price)).first()).toBeVisible();
      await expect(card.getByText(`${formatDeliveryTime(option)} od nadania`)).toBeVisible();
    }
    await expect(page.getByText(`Darmowa dostawa od ${price(FREE_DELIVERY_THRESHOLD)}`)).toBeVisible();
    await expect(page.getByText(SHIPPING_TIME_TEXT)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("accessibility statement: status, preparation date, contact and the enforcement procedure", async ({
    page,
  }) => {
    await page.goto("/deklaracja-dostepnosci");
    await waitForHydration(page);
    for (const name of [
      "Stan dostępności",
      "Przygotowanie deklaracji",
      "Informacje zwrotne i dane kontaktowe",
      "Skarga na brak dostępności",
      "Procedura zawiadomienia – Prezes Zarządu PFRON",
    ]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    await expect(page.getByText("częściowo zgodna", { exact: false })).toBeVisible();
    await expect(page.getByText("Deklarację sporządzono dnia", { exact: false })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "dostepnosc@pfron.org.pl" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("information pages have no serious accessibility violations on a phone either", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    for (const info of pages) {
      await page.goto(info.path);
      await waitForHydration(page);
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), info.path).toBeLessThanOrEqual(
        390,
      );
      await expectNoSeriousA11yViolations(page);
    }
    await context.close();
  });
});

test.describe("information pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("show every tab of the terms and every section of the privacy policy", async ({ page }) => {
    await page.goto("/terms");
    for (const name of [
      "§ 1. Postanowienia ogólne",
      "§ 3. Płatności",
      "§ 5. Odstąpienie od umowy",
      "§ 9. Zmiany Regulaminu",
    ]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }
    // Closed accordion sections are not in the DOM, so the whole policy is served in <noscript>.
    // (Playwright's locators skip <noscript>, so this reads the rendered text directly.)
    await page.goto("/privacy-policy");
    const shown = await page.evaluate(() => {
      const fallback = document.querySelector("noscript > div") as HTMLElement | null;
      const accordion = document.querySelector("[data-section-accordion]") as HTMLElement;
      return {
        height: fallback?.getBoundingClientRect().height ?? 0,
        text: (fallback?.textContent ?? "").replace(/\s+/g, " "),
        accordion: getComputedStyle(accordion).display,
      };
    });
    expect(shown.accordion).toBe("none");
    expect(shown.height).toBeGreaterThan(1000);
    for (const text of [
      "1. Administrator danych",
      "10. Pliki cookies i pamięć przeglądarki",
      "13. Kontakt w sprawie danych osobowych",
      "Prezesa Urzędu Ochrony Danych Osobowych (PUODO)",
    ]) {
      expect(shown.text).toContain(text);
    }
  });
});
