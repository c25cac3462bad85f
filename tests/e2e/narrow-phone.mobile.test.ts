/**
 * The narrowest phones in common use are 360 px wide (the mobile project's Pixel 7 is 412 px). The
 * ambassadors' one-word heading and the shipping page's option cards once widened the page there.
 * Without JavaScript: the layout is the server's, as a visitor first sees it.
 */
import { expect, test } from "@playwright/test";

test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });

for (const path of [
  "/ambasadorzy",
  "/shipping",
  "/rezydenci",
  "/merch",
  "/merch/torba-nokturn-tote",
  "/cart",
]) {
  test(`${path} fits a 360 px phone without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => window.innerWidth)).toBe(360);
  });
}
