/** The account entries of the mobile menu (SPEC §2 Navigation: also in the mobile menu). */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";
import { uniqueEmail } from "./accounts-support";

test.describe.configure({ timeout: 90_000 });

test("the mobile menu offers 'Moje konto', 'Zamówienia' and 'Wyloguj się' to a signed-in user", async ({
  page,
}) => {
  // The test logs out, which ends its session for everyone holding it: an account of its own, made
  // and signed in through the /auth form's endpoint (the forms themselves are tested in accounts.test.ts).
  const email = uniqueEmail("mobilny");
  const password = "sekret6";
  const signup = await page.request.post("/auth", {
    form: { intent: "signup", email, password, confirmPassword: password },
  });
  expect(signup.status()).toBe(200);
  const signin = await page.request.post("/auth", {
    form: { intent: "login", email, password },
    maxRedirects: 0,
  });
  expect(signin.status()).toBe(303);

  await page.goto("/merch");
  // The menu button is the script's.
  await waitForHydration(page);
  await page.getByTestId("mobile-menu-button").click();
  const menu = page.getByTestId("mobile-menu");
  await expect(menu.getByText(email)).toBeVisible();
  await menu.getByRole("link", { name: "Zamówienia" }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(menu).toBeHidden();

  await page.getByTestId("mobile-menu-button").click();
  await expect(menu.getByRole("link", { name: "Moje konto" })).toHaveAttribute("href", "/account");
  await menu.getByRole("button", { name: "Wyloguj się" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The route change closes the menu; it opens again only once it has finished closing.
  await expect(menu).toBeHidden();
  await expect(page.getByTestId("mobile-menu-button")).toHaveAttribute("aria-expanded", "false");
  await page.getByTestId("mobile-menu-button").click();
  await expect(menu.getByRole("link", { name: "Zaloguj się" })).toBeVisible();
  await expect(menu.getByText(email)).toHaveCount(0);
});
