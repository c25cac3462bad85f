import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

test.describe("mobile navigation", () => {
  test("slide-in menu closes on route change", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("navigation", { name: "Główna nawigacja" })).toBeHidden();
    await page.getByTestId("mobile-menu-button").click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Rezydenci" })).toBeVisible();

    // A hash route change closes it…
    await menu.getByRole("link", { name: "Timetable" }).click();
    await expect(page).toHaveURL(/#agenda$/);
    await expect(menu).toBeHidden();

    // …and so does a path change.
    await page.getByTestId("mobile-menu-button").click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Merch" }).click();
    await expect(page).toHaveURL(/\/merch$/);
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
  });

  test("menu closes with Escape and is accessible", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByTestId("mobile-menu-button").click();
    await expect(page.getByTestId("mobile-menu")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await expect(page.getByTestId("mobile-menu-button")).toBeFocused();
  });
});
