/**
 * The e-mails tab: the sample's preview rendered in a sandboxed iframe (under the production CSP), the
 * live preview following edited JSON, bad JSON explained in Polish, and a test e-mail sent through the
 * real outbox and read back from the captured mail.
 */

import { DEMO_ADMIN } from "../../db/seed";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { mailsTo, uniqueEmail } from "./accounts-support";
import { expect, openAdmin, test } from "./admin-support";

/** The previews are the e-mails' own markup in a script-less sandbox, not the panel: axe skips them. */
const PREVIEWS = ['[data-testid="test-email-preview"]'];

test.describe("admin test e-mails", () => {
  test.describe.configure({ timeout: 90_000 });

  test("previews the sample, follows edits live, refuses bad JSON, sends a test e-mail", async ({ page }) => {
    const cspErrors: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await openAdmin(page, "/admin/emails");
    await expect(page.getByRole("heading", { name: "E-maile testowe" })).toBeVisible();

    const welcome = page.getByRole("tabpanel", { name: "Powitanie" });
    const welcomePreview = welcome.getByTestId("test-email-preview");
    await expect(welcomePreview).toHaveAttribute("sandbox", "");
    await expect(
      page.frameLocator('iframe[title="Podgląd e-maila: Powitanie"]').getByText("Witaj na pokładzie, ola!"),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page, { exclude: PREVIEWS });

    await page.getByRole("tab", { name: "Wysyłka" }).click();
    const shipping = page.getByRole("tabpanel", { name: "Wysyłka" });
    const json = shipping.getByLabel("Dane szablonu (JSON)");
    const sample = await json.inputValue();
    const tracking = `PL${Date.now()}`;
    const frame = page.frameLocator('iframe[title="Podgląd e-maila: Wysyłka"]');
    await json.fill(
      sample.replace("620123456789012345678901", tracking).replace('"Ola Nowak"', '"Zenon Testowy"'),
    );
    await expect(frame.getByText(tracking).filter({ visible: true }).first()).toBeVisible();
    await expect(shipping.getByTestId("test-email-subject")).toContainText("A1B2C3D4");

    // Bad JSON: the preview says why, and sending is refused with SPEC's 'Błąd' toast.
    await json.fill(`${sample.slice(0, -3)}`);
    await expect(
      shipping.getByText("Nieprawidłowy JSON — sprawdź przecinki, cudzysłowy i nawiasy").first(),
    ).toBeVisible();
    await shipping.getByRole("button", { name: "Wyślij test" }).click();
    await expect(page.getByText("Błąd", { exact: true })).toBeVisible();

    // A wrong shape: refused by the server's schema too (400), whatever the browser does.
    const to = uniqueEmail("test-email");
    const refused = await page.request.post("/admin/emails", {
      form: { template: "shipping-notification", to, data: JSON.stringify({ orderNumber: 5 }) },
    });
    expect(refused.status()).toBe(400);

    await shipping.getByRole("button", { name: "Przywróć przykład" }).click();
    await expect(json).toHaveValue(sample);
    await json.fill(sample.replace("620123456789012345678901", tracking));
    await shipping.getByLabel("Adres odbiorcy").fill(to);
    await shipping.getByRole("button", { name: "Wyślij test" }).click();
    await expect(page.getByText("Email wysłany!").first()).toBeVisible();
    await expect(page.getByText(`Testowy email został wysłany na ${to}`).first()).toBeVisible();
    await expect(shipping.getByTestId("test-email-result")).toContainText(to);

    await expect
      .poll(() => mailsTo(to, "test-shipping-notification").length, {
        timeout: 25_000,
        message: "captured test e-mail",
      })
      .toBe(1);
    const [mail] = mailsTo(to, "test-shipping-notification");
    expect(mail).toMatch(/^Subject: .*TEST/m);
    expect(mail).toContain(tracking);
    expect(mail).toContain("Koszulka NOKTURN Logo");
    expect(cspErrors).toEqual([]);
  });

  test("the recipient defaults to the admin's own address", async ({ page }) => {
    await openAdmin(page, "/admin/emails");
    await page.getByRole("tab", { name: "Zaproszenie" }).click();
    const panel = page.getByRole("tabpanel", { name: "Zaproszenie" });
    await expect(panel.getByLabel("Adres odbiorcy")).toHaveValue(DEMO_ADMIN.email);
    await expect(
      page
        .frameLocator('iframe[title="Podgląd e-maila: Zaproszenie"]')
        .getByText("Zaproszenie do NOKTURN")
        .first(),
    ).toBeVisible();
  });
});
