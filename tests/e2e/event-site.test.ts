import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

test.describe("residents, artists, ambassadors", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  test("a client-side navigation shows three skeleton tiles while /rezydenci loads", async ({ page }) => {
    await page.goto("/ambasadorzy");
    await waitForHydration(page);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/rezydenci\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Główna nawigacja" })
      .getByRole("link", { name: "Rezydenci" })
      .click();
    const skeleton = page.getByTestId("page-skeleton");
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByTestId("skeleton-tile")).toHaveCount(3);
    await expect(skeleton).toHaveAttribute("aria-busy", "true");
    release();
    await expect(page.getByRole("heading", { level: 1, name: "REZYDENCI" })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });
});

test.describe("archive and galleries", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  // The page's texts and links as the server sends them: tests/http/event-site-pages.test.ts.
  test("archive page: grayscale grid, lightbox with wrap-around", async ({ page }) => {
    await page.goto("/archive/nokturn-wroclaw-2025");
    const tiles = page.getByTestId("photo-tile");
    await expect(tiles.first().locator("img")).toHaveCSS("filter", /grayscale\(1\)/);

    await waitForHydration(page);
    await tiles.first().click();
    const counter = page.getByTestId("lightbox-counter");
    await expect(counter).toHaveText("1 / 9");
    const viewer = page.getByTestId("lightbox");
    await viewer.getByRole("button", { name: "Poprzednie zdjęcie" }).click();
    await expect(counter).toHaveText("9 / 9");
    await viewer.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(counter).toHaveText("1 / 9");
    await viewer.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(counter).toHaveText("2 / 9");
    await viewer.getByRole("button", { name: "Zamknij" }).click();
    await expect(viewer).toBeHidden();
    await expect(tiles.first()).toBeFocused();
  });

  // The hero's facts and the ordered grid as the server sends them: tests/http/event-site-pages.test.ts.
  test("gallery page: keyboard lightbox, the neighbours preloaded, focus kept inside", async ({ page }) => {
    await page.goto("/gallery/nokturn-listopad-2025");
    const tiles = page.getByTestId("photo-tile");
    await waitForHydration(page);
    // The neighbours of the opened photo are preloaded.
    const preloadNext = page.waitForRequest(/gallery-nokturn-listopad-2025-2-\d+\.webp/);
    const preloadPrevious = page.waitForRequest(/gallery-nokturn-listopad-2025-10-\d+\.webp/);
    await tiles.first().click();
    await Promise.all([preloadNext, preloadPrevious]);

    const counter = page.getByTestId("lightbox-counter");
    await expect(counter).toHaveText("1 / 10");
    await expect(page.getByTestId("lightbox-image")).toHaveAttribute("src", /nokturn-listopad-2025-1-/);
    await page.keyboard.press("ArrowLeft");
    await expect(counter).toHaveText("10 / 10");
    await expect(page.getByTestId("lightbox-image")).toHaveAttribute("src", /nokturn-listopad-2025-10-/);
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("1 / 10");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(counter).toHaveText("3 / 10");

    // Focus stays inside the viewer.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest("[data-testid='lightbox']"))),
      ).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("lightbox")).toBeHidden();
    await expect(tiles.first()).toBeFocused();
  });

  test("the gallery button of a carousel slide opens the gallery", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page
      .getByTestId("archive-slide")
      .first()
      .getByRole("link", { name: /Zobacz galerię/ })
      .click();
    await expect(page).toHaveURL(/\/gallery\/nokturn-listopad-2025$/);
    await expect(page.getByRole("heading", { level: 1, name: "NOKTURN: Listopad 2025" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  for (const path of [
    "/",
    "/rezydenci",
    "/artist/mira-volt",
    "/ambasadorzy",
    "/archive/nokturn-wroclaw-2025",
    "/gallery/nokturn-listopad-2025",
    "/wydarzenia/nokturn-17-01-2026",
  ]) {
    test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("axe finds no serious violation in the open lightbox", async ({ page }) => {
    await page.goto("/gallery/nokturn-listopad-2025");
    await waitForHydration(page);
    await page.getByTestId("photo-tile").first().click();
    await expect(page.getByTestId("lightbox-image")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
