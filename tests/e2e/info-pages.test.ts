/**
 * The information pages in a browser: the footer's navigation, the accordion and tabs by keyboard, axe,
 * the layout on a phone. What the server sends (titles, canonical links, the texts of every tab and
 * section, the pages without JavaScript, the withdrawal form's download) is read without a browser in
 * tests/http/info-pages.test.ts.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { INFO_PAGES } from "../support/info-pages";

const pages = INFO_PAGES;

async function heading(page: Page, name: string) {
  return page.getByRole("heading", { level: 1, name, exact: true });
}

// Axe on long documents is slow on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe("information pages", () => {
  test("are reachable from the footer, landing at the top; shipping and the accessibility statement with no serious accessibility violations", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    for (const info of pages) {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.getByTestId("site-footer").getByRole("link", { name: info.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${info.path}$`));
      await expect(await heading(page, info.heading)).toBeVisible();
      await expect(page).toHaveTitle(info.title);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      // These two pages have no keyboard test of their own to run axe in (their texts: tests/http).
      if (info.path === "/shipping" || info.path === "/deklaracja-dostepnosci") {
        await expectNoSeriousA11yViolations(page);
      }
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
    const cookies = page.getByRole("table", { name: "Pliki cookies serwisu i czas ich przechowywania" });
    await expect(cookies).toBeVisible();
    for (const [name, lifetime] of [
      ["nokturn_cart_id", "30 dni"],
      ["nokturn_flash", "60 sekund"],
      ["nokturn_device", "1 rok, odnawiany przy każdym logowaniu"],
    ]) {
      const row = cookies.getByRole("row").filter({ hasText: name });
      await expect(row.getByRole("cell", { name: lifetime })).toBeVisible();
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

  test("terms: four tabs that work by keyboard, each panel shown as its tab is selected, a link opening a tab", async ({
    page,
  }) => {
    await page.goto("/terms");
    await waitForHydration(page);
    const tablist = page.getByRole("tablist", { name: "Części regulaminu" });
    const tabs = tablist.getByRole("tab");
    // The tabs' names and texts as the server sends them: tests/http/info-pages.test.ts.
    await expect(tabs).toHaveCount(4);
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

    await page.keyboard.press("End");
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Pozostałe" })).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("ArrowLeft");
    await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Zwroty" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // A link may open a tab directly.
    await page.goto("/terms#pozostale");
    await waitForHydration(page);
    await expect(tabs.nth(3)).toHaveAttribute("aria-selected", "true");
  });

  test("returns: tabs for returns (14 days) and complaints (2 years) that work by keyboard", async ({
    page,
  }) => {
    await page.goto("/returns");
    await waitForHydration(page);
    // The tabs' names, the texts and the model withdrawal form as the server sends them:
    // tests/http/info-pages.test.ts.
    const tabs = page.getByRole("tablist", { name: "Zwroty i reklamacje" }).getByRole("tab");
    await expect(tabs).toHaveCount(2);
    const returns = page.getByRole("tabpanel", { name: "Zwroty (14 dni)" });
    await expect(
      returns.getByRole("heading", { name: "Zwrot w 14 dni bez podania przyczyny" }),
    ).toBeVisible();
    await expect(returns.getByRole("figure", { name: "WZÓR FORMULARZA ODSTĄPIENIA OD UMOWY" })).toBeVisible();

    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
    const complaints = page.getByRole("tabpanel", { name: "Reklamacje (2 lata)" });
    await expect(complaints.getByRole("heading", { name: "Reklamacje – 2 lata ochrony" })).toBeVisible();
    await expect(returns).toBeHidden();
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
