import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";

/** A one-finger horizontal swipe through the DevTools protocol (real touch events, as on a phone). */
async function swipe(page: Page, client: CDPSession, from: { x: number; y: number }, dx: number) {
  const steps = 10;
  await client.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ x: from.x, y: from.y }],
  });
  for (let i = 1; i <= steps; i++) {
    await client.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: from.x + (dx * i) / steps, y: from.y }],
    });
    await page.waitForTimeout(16);
  }
  await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

test.describe("event site on a phone", () => {
  // Production server, real images and animations: several steps each, so more time than the default.
  test.slow();

  for (const path of [
    "/",
    "/rezydenci",
    "/artist/kacper-noir",
    "/ambasadorzy",
    "/archive/sesja-merch-nokturn",
    "/gallery/nokturn-open-air-2025",
    "/wydarzenia/nokturn-17-01-2026",
    "/wydarzenia/nokturn-hangar",
  ]) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const heading = page.getByRole("heading", { level: 1 });
      const box = (await heading.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    });
  }

  test("the lightbox changes photos with a swipe", async ({ page }) => {
    await page.goto("/gallery/nokturn-listopad-2025");
    await waitForHydration(page);
    await page.getByTestId("photo-tile").first().tap();
    const counter = page.getByTestId("lightbox-counter");
    await expect(counter).toHaveText("1 / 10");
    const client = await page.context().newCDPSession(page);
    const stage = (await page.getByTestId("lightbox-stage").boundingBox())!;
    const middle = { x: stage.x + stage.width * 0.75, y: stage.y + stage.height / 2 };
    await swipe(page, client, middle, -stage.width * 0.5);
    await expect(counter).toHaveText("2 / 10");
    await swipe(page, client, { x: stage.x + stage.width * 0.25, y: middle.y }, stage.width * 0.5);
    await expect(counter).toHaveText("1 / 10");
    await swipe(page, client, { x: stage.x + stage.width * 0.25, y: middle.y }, stage.width * 0.5);
    await expect(counter).toHaveText("10 / 10");
    // The swipe did not close the viewer.
    await expect(page.getByTestId("lightbox")).toBeVisible();
  });

  test("the archive carousel follows a swipe", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const carousel = page.getByTestId("archive-carousel");
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel).toHaveAttribute("data-ready", "true");
    const slide = carousel.getByTestId("archive-slide").first();
    const box = (await slide.boundingBox())!;
    const client = await page.context().newCDPSession(page);
    await swipe(page, client, { x: box.x + box.width * 0.85, y: box.y + box.height * 0.3 }, -box.width * 0.6);
    await expect(carousel.locator("[data-selected='true']")).toContainText("Open Air");
    await swipe(page, client, { x: box.x + box.width * 0.15, y: box.y + box.height * 0.3 }, box.width * 0.6);
    await expect(carousel.locator("[data-selected='true']")).toContainText("Listopad");
  });
});
