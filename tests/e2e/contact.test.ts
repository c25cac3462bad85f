/**
 * The contact form as a visitor uses it, on the suite's server: the browser's messages, the server's
 * refusal shown with what was typed after hydration, and a message sent without a reload. The form
 * before hydration (a plain POST: the refusal with everything typed, the confirmation) is the server's
 * answer, read in tests/http/contact-form.test.ts. What the server decides (400s, the honeypot, the
 * rate limit of 5, storage, the outbox and the .eml sent to the brand mailbox) is tested in
 * tests/integration/contact-action.test.ts.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

const messages = {
  name: "Imię musi mieć min. 2 znaki",
  email: "Nieprawidłowy adres email",
  subject: "Wybierz temat",
  message: "Wiadomość musi mieć min. 10 znaków",
  gdpr: "Musisz zaakceptować politykę prywatności",
};

function form(page: Page) {
  const root = page.locator("#contact-form");
  return {
    root,
    name: root.getByRole("textbox", { name: "Imię" }),
    email: root.getByRole("textbox", { name: "E-mail" }),
    subject: root.getByRole("combobox", { name: "Temat" }),
    orderNumber: root.getByRole("textbox", { name: "Numer zamówienia" }),
    message: root.getByRole("textbox", { name: "Wiadomość" }),
    gdpr: root.getByRole("checkbox", { name: /Akceptuję politykę prywatności/ }),
    submit: root.getByRole("button", { name: "Wyślij wiadomość" }),
  };
}

async function fillValid(page: Page, overrides: Partial<Record<"name" | "email" | "message", string>> = {}) {
  const f = form(page);
  await f.name.fill(overrides.name ?? "Ola Nowak");
  await f.email.fill(overrides.email ?? "ola@example.com");
  await f.subject.selectOption("order");
  await f.orderNumber.fill("#A1B2C3D4");
  await f.message.fill(overrides.message ?? "Czy mogę zmienić rozmiar bluzy z M na L?");
  await f.gdpr.check();
}

test.describe("contact form (validation)", () => {
  test("shows every validation message for its bad input, in the browser", async ({ page }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    const f = form(page);
    await f.submit.click();
    for (const [field, text] of Object.entries(messages)) {
      await expect(f.root.getByText(text, { exact: true }), field).toBeVisible();
    }
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAccessibleDescription(messages.name);
    await expect(f.gdpr).toHaveAccessibleDescription(messages.gdpr);

    // Each rule on its own.
    await f.name.fill("A");
    await f.email.fill("ola@example");
    await f.message.fill("za krótko");
    await f.submit.click();
    await expect(f.root.getByText(messages.name)).toBeVisible();
    await expect(f.root.getByText(messages.email)).toBeVisible();
    await expect(f.root.getByText(messages.message)).toBeVisible();
    await expect(page.getByTestId("message-counter")).toHaveText("9/1000 znaków");

    // Fixing a field clears its message as the visitor types.
    await f.name.fill("Al");
    await expect(f.root.getByText(messages.name)).toBeHidden();
    await f.email.fill("al@example.com");
    await expect(f.root.getByText(messages.email)).toBeHidden();
    await f.subject.selectOption("product");
    await expect(f.root.getByText(messages.subject)).toBeHidden();
    await f.message.fill("Teraz wystarczająco długo.");
    await expect(f.root.getByText(messages.message)).toBeHidden();
    await f.gdpr.check();
    await expect(f.root.getByText(messages.gdpr)).toBeHidden();
    await expectNoSeriousA11yViolations(page);
  });

  test("a server-side refusal after hydration shows its message and keeps the typed values", async ({
    page,
  }) => {
    await page.goto("/contact");
    // The submission goes through the script (no reload): the form must be hydrated.
    await waitForHydration(page);
    await fillValid(page);
    // Something the browser accepts but the server refuses: a filled honeypot (as a bot would).
    await page.locator('input[name="homepage"]').evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await form(page).submit.click();
    await expect(page.getByTestId("contact-error")).toHaveText(
      "Nie udało się wysłać wiadomości. Spróbuj ponownie.",
    );
    await expect(form(page).message).toHaveValue("Czy mogę zmienić rozmiar bluzy z M na L?");
    await expect(form(page).name).toHaveValue("Ola Nowak");
  });
});

test.describe("contact form (sending)", () => {
  // One message per run on the suite's server, well within its limit of 5 per client and window.
  test("sends without a reload, confirms on the page and resets the form", async ({ page }) => {
    await page.goto("/contact");
    // Sending without a reload is the script's.
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    await fillValid(page, { message: "Pierwsza wiadomość z testu.\nDruga linia." });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form(page).submit.click(),
    ]);
    expect(response.status()).toBe(200);
    const success = page.getByTestId("contact-success");
    await expect(success).toContainText("Wiadomość wysłana!");
    await expect(success).toContainText("Odpowiemy najszybciej jak to możliwe.");
    const f = form(page);
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.subject).toHaveValue("");
    await expect(f.orderNumber).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(f.gdpr).not.toBeChecked();
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  });
});
