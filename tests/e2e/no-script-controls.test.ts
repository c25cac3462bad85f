/**
 * Controls that work from the first paint (issue #26, decision 031 "Controls before hydration"): with
 * JavaScript off, the mobile menu (a popover), a photo's own page (the viewer's content, rendered on the
 * server), the archive carousel (a scroll-snap strip with links to its slides), the floating ticket
 * button (a scroll-driven animation) and the product thumbnails (radios shown through CSS) each do
 * their job; after hydration they behave as before (more in the files of each page). What the server
 * sends for them (the photo pages' links, counters and 404s, the button's link, the images' links) is
 * tests/http/no-script-pages.test.ts's.
 */
import { devices, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

const GALLERY = "/gallery/nokturn-listopad-2025";
const pixel = devices["Pixel 7"];

/** The photo page's state: its URL's number, the counter and the photo shown. */
async function expectPhoto(page: Page, path: string, counter: string) {
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByTestId("photo-counter")).toHaveText(counter);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // The photo pages' links, counters, titles and 404s as the server sends them:
  // tests/http/no-script-pages.test.ts. Here what a browser shows: the photo's size, the scroll back.
  test("a gallery photo's own page shows the photo large; its close link scrolls back to its tile", async ({
    page,
  }) => {
    await page.goto(`${GALLERY}/zdjecie/3`);
    const image = page.getByTestId("photo-image");
    await expect(image).toHaveAttribute("src", /gallery-nokturn-listopad-2025-3-\d+\.webp$/);
    expect((await image.boundingBox())?.height).toBeGreaterThan(400);

    await page.goto(`${GALLERY}/zdjecie/10`);
    await page.getByRole("link", { name: "Zamknij" }).click();
    await expect(page).toHaveURL(new RegExp(`${GALLERY}#zdjecie-10$`));
    await expect(page.getByTestId("photo-tile").nth(9)).toBeInViewport();
  });

  test("the archive carousel scrolls, and its arrows and dots go from slide to slide", async ({ page }) => {
    await page.goto("/");
    const carousel = page.getByTestId("archive-carousel");
    const slides = carousel.getByTestId("archive-slide");
    // A scroll-snap strip: swipe and trackpad move it without a script.
    const strip = slides.first().locator("xpath=../..");
    await expect(strip).toHaveCSS("overflow-x", "auto");
    await expect(strip).toHaveCSS("scroll-snap-type", "x mandatory");

    await carousel.getByRole("link", { name: "Następny slajd" }).click();
    await expect(page).toHaveURL(/#archiwum-slajd-2$/);
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(slides.nth(0)).not.toBeInViewport();
    // The arrows shown are the second slide's now: next wraps around to the first.
    await carousel.getByRole("link", { name: "Następny slajd" }).click();
    await expect(page).toHaveURL(/#archiwum-slajd-1$/);
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole("link", { name: "Poprzedni slajd" }).click();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole("link", { name: /^Pokaż slajd 1/ }).click();
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.9 });
  });

  // Its link and target as the server sends them: tests/http/no-script-pages.test.ts.
  test("the floating ticket button shows after one viewport of scroll", async ({ page }) => {
    await page.goto("/");
    const button = page.getByTestId("floating-ticket");
    await expect(button).toBeHidden();
    const height = page.viewportSize()?.height ?? 720;
    await page.mouse.wheel(0, height + 200);
    await expect(button).toBeVisible();
  });

  // The images' links to their full size: tests/http/no-script-pages.test.ts.
  test("a product's thumbnails show their image", async ({ page }) => {
    await page.goto("/merch/koszulka-bouncy-stage");
    const gallery = page.getByTestId("product-gallery");
    const images = gallery.locator("[data-image]");
    await expect(images.nth(0)).toBeVisible();
    await expect(images.nth(1)).toBeHidden();
    await gallery.locator("label").nth(1).click();
    await expect(gallery.getByRole("radio", { name: "Pokaż zdjęcie 2 z 2" })).toBeChecked();
    await expect(images.nth(1)).toBeVisible();
    await expect(images.nth(0)).toBeHidden();
  });

  test("a product page: the accordions' text shown, no control that needs the script (wishlist, share)", async ({
    page,
  }) => {
    await page.goto("/merch/bandana-nokturn");
    // The accordions' headers open nothing without it: their closed panels' text is shown as it is.
    await expect(page.getByText(/^Tak\. Masz 14 dni od otrzymania paczki/)).toBeVisible();
    await expect(page.getByTestId("add-to-cart")).toBeVisible();
    await expect(page.getByTestId("wishlist-toggle")).toBeHidden();
    // The quantity is typed in its field; − and + are the script's.
    await expect(page.getByRole("spinbutton", { name: "Ilość" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Zwiększ ilość" })).toBeHidden();
    await expect(page.getByTestId("share")).toBeHidden();
  });

  test.describe("on a phone", () => {
    test.use({
      viewport: pixel.viewport,
      userAgent: pixel.userAgent,
      deviceScaleFactor: pixel.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });

    test("the mobile menu slides in from the side, closes with Escape and its button, and its links lead on", async ({
      page,
    }) => {
      await page.goto("/merch");
      const button = page.getByRole("button", { name: "Otwórz menu" });
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeHidden();
      await button.tap();
      await expect(menu).toBeVisible();
      // It slides in from off-screen (`@starting-style` to translate 0; reduced motion cuts the slide
      // to 0.01 ms, but it still ends only on the next frame): measured before that, on a loaded
      // machine, its box was still the starting one (x + width = 412 + 350). Measured once it ends.
      await menu.evaluate((element) => Promise.all(element.getAnimations().map((slide) => slide.finished)));
      const box = await menu.boundingBox();
      expect(box && Math.round(box.x + box.width)).toBe(pixel.viewport.width);
      expect(box?.height).toBe(pixel.viewport.height);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();

      await button.tap();
      await menu.getByRole("button", { name: "Zamknij" }).tap();
      await expect(menu).toBeHidden();
      await button.tap();
      await menu.getByRole("link", { name: "Rezydenci" }).tap();
      await expect(page).toHaveURL(/\/rezydenci$/);
      await expect(page.getByTestId("mobile-menu")).toBeHidden();
    });

    test("a photo's page fits the screen, with its arrows in reach", async ({ page }) => {
      await page.goto(`${GALLERY}/zdjecie/2`);
      const image = (await page.getByTestId("photo-image").boundingBox()) ?? { x: -1, width: 0 };
      expect(image.x).toBeGreaterThanOrEqual(0);
      expect(image.x + image.width).toBeLessThanOrEqual(pixel.viewport.width);
      await page.getByRole("link", { name: "Następne zdjęcie" }).tap();
      await expectPhoto(page, `${GALLERY}/zdjecie/3`, "3 / 10");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(pixel.viewport.width);
    });
  });
});

test.describe("after hydration", () => {
  test("a photo opens the viewer in place; its own page follows →/Escape and passes axe", async ({
    page,
  }) => {
    await page.goto(GALLERY);
    await waitForHydration(page);
    await page.getByTestId("photo-tile").nth(1).click();
    await expect(page.getByTestId("lightbox-counter")).toHaveText("2 / 10");
    await expect(page).toHaveURL(new RegExp(`${GALLERY}$`));
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("lightbox")).toBeHidden();

    await page.goto(`${GALLERY}/zdjecie/2`);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("ArrowRight");
    await expectPhoto(page, `${GALLERY}/zdjecie/3`, "3 / 10");
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(new RegExp(`${GALLERY}#zdjecie-3$`));
    await expect(page.getByTestId("photo-tile").nth(2)).toBeInViewport();
  });

  test("the carousel's engine takes over at the slide a link showed before hydration", async ({ page }) => {
    await page.goto("/#archiwum-slajd-2");
    await waitForHydration(page);
    const carousel = page.getByTestId("archive-carousel");
    await expect(carousel).toHaveAttribute("data-ready", "true");
    const selected = carousel.locator("[data-testid='archive-slide'][data-selected='true']");
    await expect(selected).toContainText("Open Air");
    await expect(selected).toBeInViewport({ ratio: 0.9 });
    await carousel.getByRole("button", { name: "Następny slajd" }).click();
    await expect(selected).toContainText("Listopad");
    // (Clicking scrolled the page down to the arrows: part of the slide is above the fold now.)
    await expect(selected).toBeInViewport({ ratio: 0.5 });
  });

  test("a thumbnail chosen, the zoom opens on its image", async ({ page }) => {
    await page.goto("/merch/koszulka-bouncy-stage");
    await waitForHydration(page);
    await page.getByTestId("product-gallery").locator("label").nth(1).click();
    await page.getByTestId("gallery-zoom").click();
    const dialog = page.getByTestId("gallery-dialog");
    await expect(dialog).toContainText("2 / 2");
    await dialog.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(dialog).toContainText("1 / 2");
    await page.keyboard.press("Escape");
    await expect(
      page.getByTestId("product-gallery").getByRole("radio", { name: /^Pokaż zdjęcie 1/ }),
    ).toBeChecked();
  });
});
