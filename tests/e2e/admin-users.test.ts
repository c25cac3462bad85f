/**
 * The users tab of the admin panel (SPEC §2 Users, §8): e-mail search, adding a role, removing one
 * after 'Usunąć rolę?', the admin's own admin role that cannot be removed — and a moderator (the
 * seeded one, signed in), who sees only the galleries and ambassadors tabs and is refused everywhere
 * else. The tab's answers in Polish (409 for the own admin role, 403 for a moderator) are tested on its
 * action in tests/integration/admin-users.test.ts.
 */
import { type APIRequestContext, test as base, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, signedIn, waitForHydration } from "../support/fixtures";
import { uniqueEmail } from "./accounts-support";
import { expect, openAdmin, test } from "./admin-support";

const PASSWORD = "haslo-testowe-123";
const baseURL = () => process.env.E2E_BASE_URL ?? "";

/** A new account made through better-auth's endpoint (it gets no role). */
async function createAccount(request: APIRequestContext, email: string) {
  const response = await request.post(`${baseURL()}/api/auth/sign-up/email`, {
    data: { email, password: PASSWORD, name: email.split("@")[0] },
    headers: { origin: baseURL() },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function userRow(page: Page, email: string) {
  return page
    .getByTestId("user-row")
    .filter({ has: page.getByTestId("user-email").filter({ hasText: email }) });
}

async function searchFor(page: Page, text: string) {
  await page.getByRole("searchbox", { name: "Szukaj po adresie e-mail" }).fill(text);
  await expect(page).toHaveURL(
    new RegExp(`q=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );
}

async function giveRole(page: Page, email: string, label: string) {
  const row = userRow(page, email);
  await row.getByLabel(`Rola do przypisania: ${email}`).selectOption({ label });
  await row.getByRole("button", { name: "Dodaj rolę" }).click();
  // The badges are the server's list, reloaded after the answer.
  await expect(row.getByTestId("role-badge").filter({ hasText: label })).toBeVisible();
}

test.describe("admin users and roles", () => {
  test.describe.configure({ timeout: 90_000 });

  test("search by e-mail, add a role, remove it after confirming", async ({ page, playwright }) => {
    const email = uniqueEmail("role");
    const guest = await playwright.request.newContext();
    await createAccount(guest, email);
    await guest.dispose();

    await openAdmin(page, "/admin/users");
    await expect(page.getByRole("heading", { name: "Użytkownicy", level: 2 })).toBeVisible();
    // Case-insensitive substring of the address.
    const fragment = email.slice(4, 24).toUpperCase();
    await searchFor(page, fragment);
    await expect(page.getByTestId("user-row")).toHaveCount(1);
    const row = userRow(page, email);
    await expect(row).toContainText("Dołączył(a):");
    await expect(row).toContainText("Brak ról");

    await giveRole(page, email, "Moderator");
    await expectNoSeriousA11yViolations(page);

    await row.getByRole("button", { name: `Usuń rolę Moderator: ${email}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Usunąć rolę?" });
    await expect(dialog).toContainText(email);
    await dialog.getByRole("button", { name: "Anuluj" }).click();
    await expect(row.getByTestId("role-badge")).toHaveCount(1);

    await row.getByRole("button", { name: `Usuń rolę Moderator: ${email}` }).click();
    await page
      .getByRole("alertdialog", { name: "Usunąć rolę?" })
      .getByRole("button", { name: "Usuń rolę" })
      .click();
    await expect(row.getByTestId("role-badge")).toHaveCount(0);

    await page.reload();
    // Searching as you type is the script's: typing before the reloaded page has hydrated changes no URL.
    await waitForHydration(page);
    await expect(page.getByRole("searchbox", { name: "Szukaj po adresie e-mail" })).toHaveValue(fragment);
    await expect(userRow(page, email)).toContainText("Brak ról");

    await searchFor(page, "nikt-taki-nie-istnieje");
    await expect(page.getByText("Brak użytkowników pasujących do wyszukiwania")).toBeVisible();
  });

  test("the admin's own admin role cannot be removed", async ({ page }) => {
    await page.goto("/admin/users?q=admin%40nokturn.example");
    const row = userRow(page, "admin@nokturn.example");
    await expect(row).toContainText("(Ty)");
    await expect(row.getByTestId("role-badge").filter({ hasText: "Administrator" })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Usuń rolę Administrator/ })).toHaveCount(0);
    await expect(row.getByTitle("Nie możesz usunąć własnej roli administratora")).toBeVisible();
  });
});

base.describe("a moderator", () => {
  base.use({ storageState: signedIn("moderator") });

  base("sees only galleries and ambassadors, and is refused the rest", async ({ page: mod }) => {
    await mod.goto("/admin");
    await expect(mod).toHaveURL(/\/admin\/galleries$/);
    const tabs = mod.getByRole("navigation", { name: "Sekcje panelu" }).getByRole("link");
    await expect(tabs).toHaveText(["Galerie", "Ambasadorzy"]);

    await mod.goto("/admin?tab=orders");
    await expect(mod.getByText("Brak uprawnień administratora")).toBeVisible();
    await expect(mod).toHaveURL(/\/$/);

    const users = await mod.goto("/admin/users");
    expect(users?.status()).toBe(403);
    await expect(mod.getByText("Brak uprawnień administratora")).toBeVisible();
    await expect(mod).toHaveURL(/\/$/);
  });
});
