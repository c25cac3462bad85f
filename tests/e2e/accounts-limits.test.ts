/**
 * The account limits on a server of their own (its own database and counters), so tripping them here
 * never affects other tests: an expired reset link (this server's links live 3 seconds instead of an
 * hour), and the 429 answers to repeated failed logins and reset requests. Recovery after the window
 * is covered by tests/integration/accounts.test.ts, which can move the clock.
 */
import fs from "node:fs";
import { type Browser, type BrowserContext, expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";
import { startServer, type TestServer } from "../support/server";
import { fillLogin, linkFromMail, login, signUp, uniqueEmail } from "./accounts-support";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let server: TestServer;

// No demo content: these tests only need fresh accounts, and the server starts much faster.
// TRUST_PROXY: each browser context below names its own client address (X-Forwarded-For), as
// connections from different places would have.
const serverEnv = { PASSWORD_RESET_TTL_SECONDS: "3", SEED_DEMO: "never", TRUST_PROXY: "1" };

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({ env: serverEnv, keepData: true });
});

test.afterAll(async () => {
  await server?.stop();
  if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
});

async function open(browser: Browser, clientIp?: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: server.url,
    locale: "pl-PL",
    timezoneId: "Europe/Warsaw",
    ...(clientIp ? { extraHTTPHeaders: { "X-Forwarded-For": clientIp } } : {}),
  });
}

test("an expired reset link is refused", async ({ browser }) => {
  const context = await open(browser);
  const page = await context.newPage();
  const email = uniqueEmail("wygasly");
  await signUp(page, email, "stare-haslo");
  await page.goto("/reset-password");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Wyślij link resetujący" }).click();
  await expect(page.getByRole("heading", { name: "Email wysłany!" })).toBeVisible();
  const sentAt = Date.now();
  const link = await linkFromMail(email, "password-reset", "/update-password", server.dataDir);

  await page.waitForTimeout(Math.max(0, sentAt + 4_000 - Date.now()));
  await page.goto(link);
  await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
  await expect(page.getByRole("link", { name: "Wyślij nowy link" })).toHaveAttribute(
    "href",
    "/reset-password",
  );
  const token = new URL(link, server.url).searchParams.get("token") ?? "";
  const late = await page.request.post("/update-password", {
    form: { token, password: "nowe-haslo", confirmPassword: "nowe-haslo" },
    maxRedirects: 0,
  });
  expect(late.status()).toBe(400);
  // The old password still works.
  await page.goto("/auth");
  await waitForHydration(page);
  await fillLogin(page, email, "stare-haslo");
  await expect(page).toHaveURL(/\/account$/);
  await context.close();
});

test("repeated failed logins for one address answer 429 in Polish; other accounts are unaffected", async ({
  browser,
}) => {
  const context = await open(browser);
  const page = await context.newPage();
  const email = uniqueEmail("atak");
  await signUp(page, email, "dobre-haslo");
  await page.goto("/auth");
  await waitForHydration(page);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await fillLogin(page, email, `zle-haslo-${attempt}`);
    await expect(page.getByTestId("login-error")).toHaveText("Nieprawidłowy email lub hasło");
  }
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    fillLogin(page, email, "dobre-haslo"),
  ]);
  expect(answer.status()).toBe(429);
  await expect(page.getByTestId("login-error")).toHaveText(
    /^Zbyt wiele nieudanych prób logowania\. Spróbuj ponownie za [1-5] min\.$/,
  );
  await expect(page).toHaveURL(/\/auth/);

  // Someone else on the same connection still gets in.
  const other = uniqueEmail("sasiad");
  await signUp(page, other, "dobre-haslo");
  await page.getByRole("tab", { name: "Logowanie" }).click();
  await fillLogin(page, other, "dobre-haslo");
  await expect(page).toHaveURL(/\/account$/);
  await context.close();
});

test("wrong passwords from one place slow that place down but never lock the owner out (issue 14, observation 8)", async ({
  browser,
}) => {
  const email = uniqueEmail("wlasciciel");
  const owner = await open(browser, "198.51.100.77");
  const ownerPage = await owner.newPage();
  await signUp(ownerPage, email, "dobre-haslo");

  // The attacker, elsewhere, guesses the owner's password.
  const attacker = await open(browser, "203.0.113.66");
  const guess = (password: string) =>
    attacker.request.post("/auth", { form: { intent: "login", email, password }, maxRedirects: 0 });
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await guess(`zgaduje-${attempt}`)).status()).toBe(401);
  }
  const slowed = await guess("zgaduje-dalej");
  expect(slowed.status()).toBe(429);
  expect(Number(slowed.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await slowed.text()).toContain("Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 1 min.");
  // Even the right password waits, from the attacker's place.
  expect((await guess("dobre-haslo")).status()).toBe(429);

  // The owner, from home, logs straight in through the form (before: 429 for five minutes).
  await ownerPage.goto("/auth");
  await waitForHydration(ownerPage);
  await fillLogin(ownerPage, email, "dobre-haslo");
  await expect(ownerPage).toHaveURL(/\/account$/);
  await expect(ownerPage.getByTestId("account-email")).toHaveText(email);
  // This browser is now a known device of the account.
  const cookies = await owner.cookies();
  expect(cookies.find((cookie) => cookie.name === "nokturn_device")).toMatchObject({ httpOnly: true });
  await attacker.close();
  await owner.close();
});

test("repeated reset requests for one address answer 429 in Polish", async ({ browser }) => {
  const context = await open(browser);
  const page = await context.newPage();
  const email = uniqueEmail("spam");
  const ask = async () => {
    const response = await page.request.post("/reset-password", { form: { email } });
    return response.status();
  };
  expect([await ask(), await ask(), await ask()]).toEqual([200, 200, 200]);
  await page.goto("/reset-password");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  const [answer] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("button", { name: "Wyślij link resetujący" }).click(),
  ]);
  expect(answer.status()).toBe(429);
  await expect(page.getByRole("alert").filter({ hasText: "Zbyt wiele próśb o zmianę hasła" })).toBeVisible();
  await context.close();
});

test("sessions live in the database: a restart keeps the visitor signed in", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await open(browser);
  const page = await context.newPage();
  const email = uniqueEmail("restart");
  await signUp(page, email, "sekret6");
  await login(page, email, "sekret6");
  await expect(page.getByTestId("account-email")).toHaveText(email);

  await server.stop();
  server = await startServer({ env: serverEnv, dataDir: server.dataDir, keepData: true });
  // Cookies belong to the host, not the port: the same cookie reaches the restarted server.
  await page.goto(`${server.url}/account`);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("account-email")).toHaveText(email);
  await context.close();
});
