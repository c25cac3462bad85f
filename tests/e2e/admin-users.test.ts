/**
 * The users tab of the admin panel (SPEC §2 Users, §8): e-mail search, adding a role, removing one
 * after 'Usunąć rolę?', the admin's own admin role that cannot be removed — and a moderator made in
 * this tab, who sees only the galleries and ambassadors tabs and is refused everywhere else.
 */
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { uniqueEmail } from "./accounts-support";
import { expect, openAdmin, signInWith, test } from "./admin-support";

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
  await expect(page.getByText("Rola została przypisana")).toBeVisible();
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
    await expect(page.getByText("Rola została usunięta")).toBeVisible();
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
    await openAdmin(page, "/admin/users?q=admin%40nokturn.example");
    const row = userRow(page, "admin@nokturn.example");
    await expect(row).toContainText("(Ty)");
    await expect(row.getByTestId("role-badge").filter({ hasText: "Administrator" })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Usuń rolę Administrator/ })).toHaveCount(0);
    await expect(row.getByTitle("Nie możesz usunąć własnej roli administratora")).toBeVisible();

    // The server refuses it too, with a Polish reason.
    const userId = await row.getAttribute("data-user-id");
    const response = await page.request.post("/admin/users", {
      form: { intent: "remove-role", userId: userId ?? "", role: "admin" },
    });
    expect(response.status()).toBe(409);
    expect(await response.text()).toContain("Nie możesz usunąć własnej roli administratora");
    await page.reload();
    await expect(
      userRow(page, "admin@nokturn.example").getByTestId("role-badge").filter({ hasText: "Administrator" }),
    ).toBeVisible();
  });
});

test.describe("a moderator made in the users tab", () => {
  test.describe.configure({ timeout: 90_000 });

  async function moderatorPage(browser: Browser, email: string) {
    // A context of its own, without the admin's cookies.
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: "pl-PL",
      storageState: { cookies: [], origins: [] },
    });
    await signInWith(context.request, { email, password: PASSWORD });
    return { context, page: await context.newPage() };
  }

  test("sees only galleries and ambassadors, and is refused the rest", async ({
    page,
    browser,
    playwright,
  }) => {
    const email = uniqueEmail("moderator");
    const guest = await playwright.request.newContext();
    await createAccount(guest, email);
    await guest.dispose();

    await openAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
    await giveRole(page, email, "Moderator");

    const moderator = await moderatorPage(browser, email);
    try {
      const mod = moderator.page;
      await mod.goto("/admin");
      await expect(mod).toHaveURL(/\/admin\/galleries$/);
      await waitForHydration(mod);
      const tabs = mod.getByRole("navigation", { name: "Sekcje panelu" }).getByRole("link");
      await expect(tabs).toHaveText(["Galerie", "Ambasadorzy"]);

      await mod.goto("/admin?tab=orders");
      await expect(mod.getByText("Brak uprawnień administratora")).toBeVisible();
      await expect(mod).toHaveURL(/\/$/);

      const users = await mod.goto("/admin/users");
      expect(users?.status()).toBe(403);
      await expect(mod.getByText("Brak uprawnień administratora")).toBeVisible();
      await expect(mod).toHaveURL(/\/$/);

      const change = await mod.request.post("/admin/users", {
        form: { intent: "add-role", userId: "x", role: "admin" },
      });
      expect(change.status()).toBe(403);
    } finally {
      await moderator.context.close();
    }
  });
});
