/**
 * Invitations (SPEC §2 Invitations, §8; ARCHITECTURE: 7 days, accepted by signing up or logging in with
 * the invited address): the admin sends one from the panel, the link is read from the captured e-mail,
 * the invitee signs up through it and gets the role, which the users tab then shows. The link works
 * once; an unknown link gets a Polish page, not an error (its status and texts as the server sends them:
 * tests/http/account-pages.test.ts).
 */
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { mailsTo, uniqueEmail } from "./accounts-support";
import { expect, openAdmin, test } from "./admin-support";

const PASSWORD = "haslo-zaproszenia-1";

/** Waits for the invitation e-mail and returns the path of its link. */
async function invitationLink(email: string) {
  await expect
    .poll(() => mailsTo(email, "invitation").length, { timeout: 25_000, message: `invitation to ${email}` })
    .toBeGreaterThan(0);
  const [mail] = mailsTo(email, "invitation");
  const match = /https?:\/\/[^/\s"]+(\/zaproszenie\/[A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error(`No invitation link in:\n${mail}`);
  return match[1];
}

test.describe("invitations", () => {
  test.describe.configure({ timeout: 120_000 });

  test("sent from the panel, accepted by signing up, the role shows in the users tab; an unknown link's page is accessible", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("zaproszenie");
    await openAdmin(page, "/admin/invitations");
    await expect(page.getByRole("heading", { name: "Zaproszenia", level: 2 })).toBeVisible();

    await page.getByRole("button", { name: "Wyślij zaproszenie" }).click();
    const dialog = page.getByRole("dialog", { name: "Wyślij zaproszenie" });
    await expect(dialog.getByLabel("Rola")).toHaveValue("user");
    await dialog.getByRole("button", { name: "Wyślij zaproszenie" }).click();
    await expect(dialog.getByText("Podaj adres email")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel("Adres e-mail").fill(email);
    await dialog.getByLabel("Rola").selectOption("moderator");
    await dialog.getByRole("button", { name: "Wyślij zaproszenie" }).click();
    await expect(page.getByText("Zaproszenie zostało wysłane")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("invitation-row").filter({ hasText: email });
    await expect(row).toContainText("Moderator");
    await expect(row.getByTestId("invitation-status")).toHaveText("Oczekuje");
    // Newest first.
    await expect(page.getByTestId("invitation-row").first()).toContainText(email);

    const link = await invitationLink(email);
    // Signed in with another address (the admin's), the link grants nothing and says why.
    await openAdmin(page, link);
    await expect(page.getByTestId("invitation-wrong-account")).toContainText(
      `To zaproszenie jest dla adresu ${email}.`,
    );
    await expect(page.getByRole("button", { name: "Przyjmij zaproszenie" })).toHaveCount(0);

    const invitee = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      locale: "pl-PL",
      storageState: { cookies: [], origins: [] },
    });
    try {
      const guest = await invitee.newPage();
      const response = await guest.goto(link);
      expect(response?.status()).toBe(200);
      // The token is in the URL: the page must not send it to another site (the last policy listed
      // wins); `same-origin` keeps the plain form's Origin (decision 035).
      const policy = (await response?.allHeaders())?.["referrer-policy"] ?? "";
      expect(policy.split(",").at(-1)?.trim()).toBe("same-origin");
      await waitForHydration(guest);
      await expect(guest.getByText(`Zaproszenie dla ${email} z rolą Moderator`)).toBeVisible();
      await expect(guest.getByLabel("E-mail")).toHaveValue(email);
      await guest.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
      await guest.getByLabel("Powtórz hasło", { exact: true }).fill(PASSWORD);
      await guest.getByRole("button", { name: "Załóż konto i przyjmij zaproszenie" }).click();
      await expect(guest.getByTestId("invitation-accepted")).toContainText("Moderator");
      await expectNoSeriousA11yViolations(guest);
      // Signed in: the moderator can go straight to the panel.
      await guest.getByRole("link", { name: "Przejdź do panelu" }).click();
      await expect(guest).toHaveURL(/\/admin\/galleries$/);

      // The link worked once.
      const again = await guest.goto(link);
      expect(again?.status()).toBe(410);
      await expect(guest.getByText("Zaproszenie zostało już wykorzystane").first()).toBeVisible();
    } finally {
      await invitee.close();
    }

    await openAdmin(page, `/admin/users?q=${encodeURIComponent(email)}`);
    const userRow = page.getByTestId("user-row").filter({ hasText: email });
    await expect(userRow.getByTestId("role-badge").filter({ hasText: "Moderator" })).toBeVisible();
    await openAdmin(page, "/admin/invitations");
    await expect(
      page.getByTestId("invitation-row").filter({ hasText: email }).getByTestId("invitation-status"),
    ).toHaveText("Przyjęte");

    // An unknown link's Polish page (its status and texts: tests/http/account-pages.test.ts).
    await page.goto("/zaproszenie/nie-ma-takiego-zaproszenia-0123456789");
    await expect(page.getByTestId("invitation-problem")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
