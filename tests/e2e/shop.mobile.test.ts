import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.describe("shop on a phone", () => {
  test("the merch grid shows two cards per row", async ({ page }) => {
    await page.goto("/merch");
    const cards = page.getByTestId("product-card");
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.round(first!.y)).toBe(Math.round(second!.y));
  });

  test("the cart has a fixed bottom bar with the total and the order button", async ({ page }) => {
    await page.goto("/merch/torba-nokturn-tote");
    await waitForHydration(page);
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("aria-busy", "false");
    await page.goto("/cart");
    await waitForHydration(page);
    const bar = page.getByTestId("mobile-checkout-bar");
    await expect(bar).toBeVisible();
    await expect(bar).toHaveCSS("position", "fixed");
    await expect(bar.getByTestId("mobile-total")).toHaveText(/85,99\szł/);
    await expect(bar.getByTestId("mobile-checkout-button")).toHaveText("Zamawiam z obowiązkiem zapłaty");
    await expect(page.getByTestId("checkout-button")).toBeHidden();
    // The locker dialog is the screen's width minus 40 px.
    await page.getByTestId("delivery-inpost").check();
    await page.getByTestId("choose-locker").click();
    const box = await page.getByTestId("locker-dialog").boundingBox();
    const viewport = page.viewportSize()!;
    expect(Math.round(box!.width)).toBe(viewport.width - 40);
    expect(Math.round(box!.height)).toBe(Math.min(600, viewport.height - 32));
    await page.keyboard.press("Escape");
    await bar.getByTestId("mobile-checkout-button").click();
    await expect(page.getByTestId("locker-code-error")).toHaveText(
      "Musisz wybrać Paczkomat InPost przed płatnością",
    );
  });
});
