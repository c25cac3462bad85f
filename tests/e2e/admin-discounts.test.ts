/**
 * The discount codes tab: stat cards, creating a code in the dialog (the browser's and the server's
 * refusals shown on their fields), editing it into a combo with free shipping, the active switch and
 * deleting with a confirmation. Each test works on codes it creates itself.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { expect, openAdmin, test } from "./admin-support";

/** A code no other test (or run) uses. */
function uniqueCode(label: string) {
  return `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase();
}

function codeRow(page: Page, code: string) {
  return page.getByTestId("discount-row").filter({ has: page.getByRole("rowheader", { name: code }) });
}

async function activeCount(page: Page) {
  return Number(await page.getByTestId("stat-active").textContent());
}

async function createCode(page: Page, code: string, value = "10") {
  await page.getByRole("button", { name: "Nowy kod" }).click();
  const dialog = page.getByRole("dialog", { name: "Nowy kod rabatowy" });
  await dialog.getByLabel("Kod").fill(code);
  await dialog.getByLabel("Wartość (zł)").fill(value);
  await dialog.getByRole("button", { name: "Utwórz kod" }).click();
  await expect(page.getByText("Kod rabatowy został utworzony")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(codeRow(page, code)).toBeVisible();
}

test.describe("admin discount codes", () => {
  // The stat cards count every code: the tests of this file run one after another.
  test.describe.configure({ mode: "serial", timeout: 90_000 });

  test("stat cards and creating a code: upper case, percentage over 100 refused, duplicate refused", async ({
    page,
  }) => {
    await openAdmin(page, "/admin/discounts");
    await expect(page.getByRole("heading", { name: "Kody rabatowe" })).toBeVisible();
    const stats = page.getByTestId("discount-stats");
    for (const label of ["Aktywne kody", "Użycia", "Udzielone rabaty", "Najpopularniejszy"]) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId("stat-discount")).toHaveText(/^\d[\d\s ]*,\d\d\szł$/);
    await expect(page.getByTestId("stat-popular")).toHaveText(/^(-|[A-Z0-9_-]+)$/);
    await expect(codeRow(page, "RAVE20")).toContainText("Kwota PLN");
    await expectNoSeriousA11yViolations(page);
    const before = await activeCount(page);

    const code = uniqueCode("e2e proc");
    await page.getByRole("button", { name: "Nowy kod" }).click();
    const dialog = page.getByRole("dialog", { name: "Nowy kod rabatowy" });
    await dialog.getByLabel("Kod").fill(code.toLowerCase());
    await expect(dialog.getByLabel("Kod")).toHaveValue(code.toUpperCase());
    await dialog.getByLabel("Typ").selectOption("percentage");
    await dialog.getByLabel("Wartość (%)").fill("150");
    await dialog.getByRole("button", { name: "Utwórz kod" }).click();
    await expect(dialog.getByText("Rabat procentowy może wynosić maksymalnie 100%")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByLabel("Wartość (%)").fill("15");
    await dialog.getByLabel("Limit użyć").fill("5");
    await dialog.getByLabel("Ważny do").fill("2030-12-31");
    await dialog.getByRole("button", { name: "Utwórz kod" }).click();
    await expect(page.getByText("Kod rabatowy został utworzony")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = codeRow(page, code.replace(/\s/g, ""));
    await expect(row).toContainText("Procent %");
    await expect(row.getByTestId("discount-value")).toHaveText("15%");
    await expect(row.getByTestId("discount-uses")).toHaveText("0/5");
    await expect(row.getByTestId("discount-validity")).toHaveText("do 31.12.2030");
    await expect(row.getByRole("switch")).toBeChecked();
    await expect(page.getByTestId("stat-active")).toHaveText(String(before + 1));

    // A code that exists: the server refuses it on the field, the dialog keeps what was typed.
    await page.getByRole("button", { name: "Nowy kod" }).click();
    await dialog.getByLabel("Kod").fill("rave20");
    await dialog.getByLabel("Wartość (zł)").fill("5");
    await dialog.getByRole("button", { name: "Utwórz kod" }).click();
    await expect(dialog.getByText("Taki kod już istnieje")).toBeVisible();
    await expect(dialog.getByLabel("Wartość (zł)")).toHaveValue("5");
    await dialog.getByRole("button", { name: "Anuluj" }).click();
    await expect(dialog).toBeHidden();
  });

  test("edit turns a code into a combo with free shipping and saves it active", async ({ page }) => {
    const code = uniqueCode("E2EEDIT");
    await openAdmin(page, "/admin/discounts");
    await createCode(page, code, "20");
    const row = codeRow(page, code);
    await expect(row.getByTestId("discount-value")).toHaveText(/^20,00\szł$/);
    await expect(row.getByTestId("discount-uses")).toHaveText("0/∞");
    await expect(row.getByTestId("discount-validity")).toHaveText("Bez limitu");

    await row.getByRole("button", { name: `Edytuj: ${code}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edytuj kod rabatowy" });
    await expect(dialog.getByLabel("Kod")).toHaveValue(code);
    await expect(dialog.getByLabel("Wartość (zł)")).toHaveValue("20,00");
    await expect(dialog.getByRole("switch", { name: "Darmowa wysyłka w zestawie" })).toHaveCount(0);
    await dialog.getByLabel("Typ").selectOption("combo");
    await dialog.getByLabel("Wartość (zł)").fill("25");
    await dialog.getByRole("switch", { name: "Darmowa wysyłka w zestawie" }).click();
    await dialog.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(page.getByText("Kod rabatowy został zaktualizowany")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Combo");
    await expect(row.getByTestId("discount-value")).toHaveText(/^25,00\szł \+ darmowa wysyłka$/);

    // A switched-off code is saved active again (SPEC §4).
    await row.getByRole("switch", { name: `Aktywny: ${code}` }).click();
    await expect(page.getByText("Kod dezaktywowany")).toBeVisible();
    await row.getByRole("button", { name: `Edytuj: ${code}` }).click();
    await dialog.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(page.getByText("Kod rabatowy został zaktualizowany").first()).toBeVisible();
    await expect(row.getByRole("switch")).toBeChecked();
    await page.reload();
    await expect(codeRow(page, code).getByRole("switch")).toBeChecked();
    await expect(codeRow(page, code).getByTestId("discount-value")).toHaveText(
      /^25,00\szł \+ darmowa wysyłka$/,
    );
  });

  test("the active switch toggles with toasts and the count follows; delete asks first", async ({ page }) => {
    const code = uniqueCode("E2ETOGGLE");
    await openAdmin(page, "/admin/discounts");
    await createCode(page, code);
    const withCode = await activeCount(page);

    const toggle = codeRow(page, code).getByRole("switch", { name: `Aktywny: ${code}` });
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText("Kod dezaktywowany")).toBeVisible();
    await expect(page.getByTestId("stat-active")).toHaveText(String(withCode - 1));
    await page.reload();
    // The switch is the script's: before hydration a click would change nothing.
    await waitForHydration(page);
    await expect(codeRow(page, code).getByRole("switch")).not.toBeChecked();
    await codeRow(page, code).getByRole("switch").click();
    await expect(page.getByText("Kod aktywowany")).toBeVisible();
    await expect(codeRow(page, code).getByRole("switch")).toBeChecked();
    await expect(page.getByTestId("stat-active")).toHaveText(String(withCode));

    await codeRow(page, code)
      .getByRole("button", { name: `Usuń: ${code}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Czy na pewno chcesz usunąć ten kod?" });
    await confirm.getByRole("button", { name: "Anuluj" }).click();
    await expect(codeRow(page, code)).toBeVisible();
    await codeRow(page, code)
      .getByRole("button", { name: `Usuń: ${code}` })
      .click();
    await confirm.getByRole("button", { name: "Usuń kod" }).click();
    await expect(page.getByText("Kod rabatowy został usunięty")).toBeVisible();
    await expect(codeRow(page, code)).toHaveCount(0);
    await expect(page.getByTestId("stat-active")).toHaveText(String(withCode - 1));
    await page.reload();
    await expect(codeRow(page, code)).toHaveCount(0);
  });
});
