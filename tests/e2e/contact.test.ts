import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { startServer, type TestServer } from "../support/server";

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

test.describe.configure({ timeout: 90_000 });

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

  test("validates on the server too: 400, Polish messages, and everything typed is kept", async ({
    browser,
  }) => {
    // Without JavaScript the form is a plain POST, so only the server can refuse it.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/contact");
    const f = form(page);
    await fillValid(page, { name: "A", message: "Krótko." });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/contact") && r.request().method() === "POST"),
      f.submit.click(),
    ]);
    expect(response.status()).toBe(400);
    await expect(page.getByTestId("contact-error")).toHaveText(
      "Nie udało się wysłać wiadomości. Popraw zaznaczone pola.",
    );
    await expect(f.root.getByText(messages.name)).toBeVisible();
    await expect(f.root.getByText(messages.message)).toBeVisible();
    await expect(f.name).toHaveValue("A");
    await expect(f.email).toHaveValue("ola@example.com");
    await expect(f.subject).toHaveValue("order");
    await expect(f.orderNumber).toHaveValue("#A1B2C3D4");
    await expect(f.message).toHaveValue("Krótko.");
    await expect(f.gdpr).toBeChecked();
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    // (axe needs JavaScript in the page; the error state is checked with it in the test above.)
    await context.close();
  });

  test("a server-side rejection after hydration keeps the typed values and shows a toast", async ({
    page,
  }) => {
    await page.goto("/contact");
    await waitForHydration(page);
    await fillValid(page);
    // Something the browser accepts but the server refuses: a filled honeypot (as a bot would).
    await page.locator('input[name="homepage"]').evaluate((input: HTMLInputElement) => {
      input.value = "https://spam.example";
    });
    await form(page).submit.click();
    await expect(page.getByText("Nie udało się wysłać wiadomości. Spróbuj ponownie.").first()).toBeVisible();
    await expect(form(page).message).toHaveValue("Czy mogę zmienić rozmiar bluzy z M na L?");
    await expect(form(page).name).toHaveValue("Ola Nowak");
  });
});

test.describe("contact form (sending)", () => {
  // Its own server, so the stored rows and mail files can be checked and the rate limit is its own.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let server: TestServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startServer({ keepData: true });
  });
  test.afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  const mailDir = () => path.join(server.dataDir, "mail");
  const mailFiles = () =>
    fs.existsSync(mailDir()) ? fs.readdirSync(mailDir()).filter((f) => f.endsWith(".eml")) : [];

  test("sends without a reload, confirms with a toast and resets the form", async ({ page }) => {
    await page.goto(`${server.url}/contact`);
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
    const toast = page.getByRole("region", { name: /Powiadomienia/ }).getByRole("listitem");
    await expect(toast.getByText("Wiadomość wysłana!")).toBeVisible();
    await expect(toast.getByText("Odpowiemy najszybciej jak to możliwe.")).toBeVisible();
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
    // The notification reaches the outbox and is written out by the worker.
    await expect.poll(() => mailFiles().length, { timeout: 10_000 }).toBe(1);
  });

  test("sends before hydration too (plain form POST) and confirms on the page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await fillValid(page, { name: "Jan Bez Skryptów", message: "Wiadomość wysłana bez JavaScriptu." });
    await form(page).submit.click();
    await expect(page.getByTestId("contact-success")).toContainText("Wiadomość wysłana!");
    await expect(page.getByTestId("contact-success")).toContainText("Odpowiemy najszybciej jak to możliwe.");
    await expect(form(page).name).toHaveValue("");
    await context.close();
    await expect.poll(() => mailFiles().length, { timeout: 10_000 }).toBe(2);
  });

  test("limits a client to 5 messages per window with a Polish message (HTTP 429)", async ({
    page,
    request,
  }) => {
    const body = {
      name: "Szybki Nadawca",
      email: "szybki@example.com",
      subject: "other",
      message: "Kolejna wiadomość z tego samego adresu.",
      gdpr: "on",
    };
    // Two were sent above; three more fit in the window.
    for (let i = 0; i < 3; i++) {
      const response = await request.post(`${server.url}/contact`, { form: body });
      expect(response.status()).toBe(200);
    }
    const limited = await request.post(`${server.url}/contact`, { form: body });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/Wysłano zbyt wiele wiadomości\. Spróbuj ponownie za \d+ min\./);

    // In the browser: the message and a toast, with what was typed kept.
    await page.goto(`${server.url}/contact`);
    await waitForHydration(page);
    await fillValid(page, { message: "Ta wiadomość trafi na limit." });
    await form(page).submit.click();
    await expect(page.getByTestId("contact-error")).toContainText("Wysłano zbyt wiele wiadomości.");
    await expect(form(page).message).toHaveValue("Ta wiadomość trafi na limit.");
  });

  test("stores each message and its notification in the outbox; the mail goes to the brand mailbox", async () => {
    await expect.poll(() => mailFiles().length, { timeout: 10_000 }).toBe(5);
    const eml = mailFiles()
      .map((file) => fs.readFileSync(path.join(mailDir(), file), "utf8"))
      .find((raw) => raw.includes("Pierwsza wiadomo"));
    expect(eml).toBeDefined();
    expect(eml).toMatch(/^To: kontakt@nokturn\.example$/m);
    expect(eml).toMatch(/^X-Mail-Kind: contact-notification$/m);

    // Stop the server to open its embedded database.
    await server.stop();
    const db = new PGlite(path.join(server.dataDir, "pglite"));
    try {
      const stored = await db.query<{
        name: string;
        email: string;
        order_number: string | null;
        subject: string;
        message: string;
      }>("select name, email, order_number, subject, message from contact_messages order by created_at");
      expect(stored.rows).toHaveLength(5);
      expect(stored.rows[0]).toEqual({
        name: "Ola Nowak",
        email: "ola@example.com",
        order_number: "#A1B2C3D4",
        subject: "order",
        message: "Pierwsza wiadomość z testu.\nDruga linia.",
      });
      expect(stored.rows[1].name).toBe("Jan Bez Skryptów");
      const outbox = await db.query<{
        kind: string;
        to: string;
        status: string;
        attempts: number;
        subject: string;
      }>('select kind, "to", status, attempts, subject from mail_outbox order by created_at');
      expect(outbox.rows).toHaveLength(5);
      for (const row of outbox.rows) {
        expect(row).toMatchObject({
          kind: "contact-notification",
          to: "kontakt@nokturn.example",
          status: "sent",
          attempts: 1,
        });
      }
      expect(outbox.rows[0].subject).toBe("Formularz kontaktowy: Zamówienie (Ola Nowak)");
    } finally {
      await db.close();
    }
  });
});
