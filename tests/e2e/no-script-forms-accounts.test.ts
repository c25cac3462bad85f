/**
 * The account forms with JavaScript off (issue #38): each is a plain HTML form, and its answer is in the
 * page the server sends back, in the same words as the toast of the enhanced form — a flash after a 303
 * (login, logout, a resent verification link), or the page's own status box and the form's errors, with
 * what was typed kept (a refused login, sign-up, reset request, invitation). The enhanced paths and
 * their toasts: accounts.test.ts and invitations.test.ts; the same message both ways is checked in
 * tests/integration/accounts.test.ts and invitations.test.ts ("plain and enhanced").
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { DEMO_CUSTOMER } from "../../db/seed";
import { signedIn } from "../support/fixtures";
import { mailsTo, uniqueEmail } from "./accounts-support";

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 90_000 });

const PASSWORD = "sekret-bez-skryptow";

/** The status box a flash or a page's own answer shows before (here: without) scripts. */
const notice = (page: Page) => page.getByTestId("flash-notice");

async function submitLogin(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Logowanie" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Hasło", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Zaloguj się" }).click();
}

/** A new account through the sign-up tab, sent as a plain form. */
async function signUpPlain(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth?tab=signup");
  const form = page.getByRole("form", { name: "Rejestracja" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Hasło", { exact: true }).fill(password);
  await form.getByLabel("Powtórz hasło", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Załóż konto" }).click();
}

test("a wrong password: the page says so in the toast's words, the e-mail kept, the password not", async ({
  page,
}) => {
  await page.goto("/auth");
  const email = uniqueEmail("bez-skryptow-zle");
  await submitLogin(page, email, "zle-haslo");
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("login-error")).toHaveText("Nieprawidłowy email lub hasło");
  await expect(notice(page)).toHaveText("Nieprawidłowy email lub hasło");
  const form = page.getByRole("form", { name: "Logowanie" });
  await expect(form.getByLabel("E-mail")).toHaveValue(email);
  await expect(form.getByLabel("Hasło", { exact: true })).toHaveValue("");
});

test("a login goes to where the visitor was going, with the 'Zalogowano pomyślnie!' flash", async ({
  page,
}) => {
  await page.goto("/auth?redirect=%2Faccount%2Forders");
  await submitLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(notice(page)).toHaveText("Zalogowano pomyślnie!");
  // Shown once: the next page has no flash.
  await page.goto("/account");
  await expect(notice(page)).toHaveCount(0);
});

test("sign-up: invalid fields are explained in the page, what was typed kept; then the account is made", async ({
  page,
}) => {
  const email = uniqueEmail("bez-skryptow-konto");
  await signUpPlain(page, email, "12345");
  await expect(notice(page)).toHaveText("Popraw zaznaczone pola.");
  await expect(page.getByText("Hasło musi mieć minimum 6 znaków")).toBeVisible();
  const form = page.getByRole("form", { name: "Rejestracja" });
  await expect(form.getByLabel("E-mail")).toHaveValue(email);

  await signUpPlain(page, email);
  await expect(page.getByTestId("signup-success")).toContainText(
    "Konto utworzone! Możesz się teraz zalogować.",
  );
  await expect(notice(page)).toContainText("Konto utworzone! Możesz się teraz zalogować.");
  await expect(notice(page)).toContainText("Wysłaliśmy Ci e-mail powitalny z linkiem potwierdzającym adres.");
});

test("a reset link: the e-mail-sent page with the toast's words", async ({ page }) => {
  await page.goto("/reset-password");
  await page.getByLabel("E-mail").fill("nie-email");
  await page.getByRole("button", { name: "Wyślij link resetujący" }).click();
  await expect(page.getByText("Nieprawidłowy adres email")).toBeVisible();
  await expect(notice(page)).toHaveText("Popraw zaznaczone pola.");
  await expect(page.getByLabel("E-mail")).toHaveValue("nie-email");

  const email = uniqueEmail("bez-skryptow-reset");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Wyślij link resetujący" }).click();
  await expect(page.getByRole("heading", { name: "Email wysłany!" })).toBeVisible();
  await expect(notice(page)).toContainText("Email wysłany");
  await expect(notice(page)).toContainText("Sprawdź swoją skrzynkę pocztową");
});

test("a new verification link from the account page, then a logout: back with each one's flash", async ({
  page,
}) => {
  const email = uniqueEmail("bez-skryptow-link");
  await signUpPlain(page, email);
  await expect(page.getByTestId("signup-success")).toBeVisible();
  await page.goto("/auth?redirect=%2Faccount");
  await submitLogin(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole("button", { name: "Wyślij link ponownie" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(notice(page)).toContainText("Wysłaliśmy nowy link potwierdzający");
  await expect(notice(page)).toContainText("Sprawdź swoją skrzynkę pocztową.");

  await page.getByRole("button", { name: "Wyloguj się" }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(notice(page)).toHaveText("Wylogowano pomyślnie!");
  await page.goto("/account");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);
});

/** A new invitation for `email` sent by the admin (the panel's own action), and its link's path. */
async function invite(browser: Browser, email: string) {
  const admin = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: signedIn("admin"),
  });
  try {
    const sent = await admin.request.post("/admin/invitations", {
      form: { intent: "send", email, role: "user" },
      headers: { origin: new URL(process.env.E2E_BASE_URL ?? "http://localhost").origin },
    });
    expect(sent.status()).toBeLessThan(400);
  } finally {
    await admin.close();
  }
  await expect
    .poll(() => mailsTo(email, "invitation").length, { timeout: 25_000, message: `invitation to ${email}` })
    .toBeGreaterThan(0);
  const match = /https?:\/\/[^/\s"]+(\/zaproszenie\/[A-Za-z0-9_-]+)/.exec(mailsTo(email, "invitation")[0]);
  if (!match) throw new Error(`No invitation link for ${email}`);
  return match[1];
}

test("an invitation: a wrong password is refused in the page, then a sign-up through it accepts it", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("bez-skryptow-zaproszenie");
  const link = await invite(browser, email);

  // Without scripts the tabs are links: the page renders the chosen form.
  await page.goto(link);
  await page.getByRole("tab", { name: "Mam już konto" }).click();
  await expect(page).toHaveURL(/\?tab=login$/);
  const login = page.getByRole("form", { name: "Logowanie" });
  await login.getByLabel("Hasło", { exact: true }).fill("zle-haslo");
  await login.getByRole("button", { name: "Zaloguj się i przyjmij zaproszenie" }).click();
  await expect(notice(page)).toHaveText("Nieprawidłowy email lub hasło");
  await expect(page.getByTestId("invitation-login-error")).toHaveText("Nieprawidłowy email lub hasło");

  await page.getByRole("tab", { name: "Nowe konto" }).click();
  const signup = page.getByRole("form", { name: "Rejestracja" });
  await signup.getByLabel("Hasło", { exact: true }).fill(PASSWORD);
  await signup.getByLabel("Powtórz hasło", { exact: true }).fill(PASSWORD);
  await signup.getByRole("button", { name: "Załóż konto i przyjmij zaproszenie" }).click();
  await expect(page.getByTestId("invitation-accepted")).toContainText("Użytkownik");
  await expect(notice(page)).toContainText("Zaproszenie przyjęte");
  await expect(notice(page)).toContainText("Twoja rola: Użytkownik");
});
