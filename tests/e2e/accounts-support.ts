/** Helpers of the account end-to-end tests: unique addresses, login, reading the captured e-mails. */
import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";
import { mailsIn } from "../support/mail-files";

/** A new address per test: rate limits and accounts never collide between tests or runs. */
export function uniqueEmail(label: string) {
  return `e2e-${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.pl`;
}

export { decodeQuotedPrintable } from "../support/mail-files";

/** The decoded e-mails of one kind sent to `to` (the server writes .eml files: no SMTP in tests). */
export function mailsTo(to: string, kind: string, dataDir = process.env.E2E_DATA_DIR ?? "") {
  return mailsIn(dataDir, to, kind);
}

/** Waits for the e-mail and returns the path + query of its link to `route` (e.g. "/update-password"). */
export async function linkFromMail(to: string, kind: string, route: string, dataDir?: string) {
  await expect
    .poll(() => mailsTo(to, kind, dataDir).length, { timeout: 25_000, message: `${kind} e-mail to ${to}` })
    .toBeGreaterThan(0);
  const [mail] = mailsTo(to, kind, dataDir);
  const match = new RegExp(`https?://[^/\\s"]+(${route}\\?token=[A-Za-z0-9._-]+)`).exec(mail);
  if (!match) throw new Error(`No ${route} link in the ${kind} e-mail:\n${mail}`);
  return match[1];
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Zaloguj się" }).click();
}

/** Logs in through /auth (optionally with ?redirect=) and waits until the page has left /auth. */
export async function login(page: Page, email: string, password: string, redirect?: string) {
  await page.goto(redirect ? `/auth?redirect=${encodeURIComponent(redirect)}` : "/auth");
  await waitForHydration(page);
  await fillLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/auth/);
}

/** Creates an account through the sign-up tab. */
export async function signUp(page: Page, email: string, password: string) {
  await page.goto("/auth?tab=signup");
  await waitForHydration(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Hasło", { exact: true }).fill(password);
  await page.getByLabel("Powtórz hasło", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Załóż konto" }).click();
  await expect(page.getByTestId("signup-success")).toBeVisible();
}
