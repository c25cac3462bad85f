import type { Page } from "@playwright/test";

export type Payer = { email?: string; name?: string; address?: string; postalCode?: string; city?: string };

/**
 * Fills the built-in test provider's payment page (a plain form) and presses "Zapłać". The e-mail is
 * left as the page has it unless given (a signed-in buyer's is locked).
 */
export async function payOnTestPage(page: Page, payer: Payer = {}) {
  if (payer.email !== undefined) await page.getByLabel("E-mail").fill(payer.email);
  await page.getByLabel("Imię i nazwisko").fill(payer.name ?? "Klient Testowy");
  await page.getByLabel("Adres").fill(payer.address ?? "ul. Świdnicka 1");
  await page.getByLabel("Kod pocztowy").fill(payer.postalCode ?? "50-066");
  await page.getByLabel("Miasto").fill(payer.city ?? "Wrocław");
  await page.getByRole("button", { name: "Zapłać" }).click();
}
