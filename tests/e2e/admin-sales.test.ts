/**
 * The Promocje tab (issue #28) in Chromium, with and without JavaScript: the price preview keeps the
 * typed form and stores nothing, a refusal is shown by its field, saving lists the sale, editing a
 * running sale starts its continuation, and ending it asks first. Every sale is of a product the test
 * creates itself, so no other test's prices change.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { createProduct, expect, openAdmin, test, unique } from "./admin-support";

function saleRow(page: Page, name: string) {
  return page.getByTestId("sale-row").filter({ has: page.getByRole("rowheader", { name }) });
}

async function fillSizesSale(page: Page, name: string, product: string) {
  await page.getByLabel("Nazwa promocji").fill(name);
  await page.getByRole("radio", { name: "Wybrane rozmiary" }).check();
  await page
    .getByRole("combobox", { name: "Produkt" })
    .selectOption({ label: `${product} — 100,00\u00a0zł` });
  await page.getByRole("group", { name: product }).getByLabel("M", { exact: true }).check();
}

test.describe("admin sales", () => {
  test("with JavaScript: preview, refusal by the field, save, edit a running sale, end it", async ({
    page,
  }) => {
    const product = unique("Promo koszulka");
    await createProduct(page, {
      name: product,
      price: "100,00",
      variants: [
        { size: "M", stock: 5 },
        { size: "L", stock: 5 },
      ],
    });
    await openAdmin(page, "/admin/sales");
    await expect(page.getByRole("link", { name: "Promocje" })).toHaveAttribute("aria-current", "page");

    const name = unique("Sale JS");
    await fillSizesSale(page, name, product);
    await page.getByLabel("Obniżka (%)").fill("150");
    await page.getByRole("button", { name: "Podgląd cen" }).click();
    await expect(page.getByText("Obniżka procentowa musi wynosić od 1 do 99%").first()).toBeVisible();

    await page.getByLabel("Obniżka (%)").fill("25");
    await page.getByRole("button", { name: "Podgląd cen" }).click();
    const preview = page.getByTestId("sale-preview");
    await expect(
      preview.getByRole("row", { name: new RegExp(`${product} M 100,00\\szł 75,00\\szł -25%`) }),
    ).toBeVisible();
    await expect(saleRow(page, name)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("button", { name: "Zapisz" }).click();
    await expect(page.getByText("Promocja zapisana")).toBeVisible();
    await expect(saleRow(page, name)).toContainText("-25%");
    await expect(saleRow(page, name)).toContainText("Trwa");

    await page.getByRole("link", { name: `Edytuj: ${name}` }).click();
    await expect(page.getByRole("heading", { name: `Edycja promocji „${name}”` })).toBeVisible();
    await expect(page.getByLabel(/^Początek/)).toHaveAttribute("readonly", "");
    await page.getByLabel("Obniżka (%)").fill("30");
    await page.getByRole("button", { name: "Zapisz" }).click();
    await expect(page).toHaveURL(/\/admin\/sales$/);
    await expect(page.getByRole("heading", { name: "Nowa promocja" })).toBeVisible();
    const rows = saleRow(page, name);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "kontynuacja zmienionej promocji" })).toContainText("-30%");

    const running = rows.filter({ hasText: "Trwa" });
    await running.getByRole("button", { name: `Zakończ teraz: ${name}` }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Zakończ teraz" }).click();
    await expect(page.getByText("Promocja zakończona")).toBeVisible();
    await expect(rows.filter({ hasText: "Trwa" })).toHaveCount(0);
  });

  test("with JavaScript: a planned sale is cancelled from the list and leaves it; the screen says so", async ({
    page,
  }) => {
    const product = unique("Promo czapka");
    await createProduct(page, { name: product, price: "100,00", variants: [{ size: "M", stock: 5 }] });
    await openAdmin(page, "/admin/sales");
    const name = unique("Sale plan");
    await fillSizesSale(page, name, product);
    await page.getByLabel("Obniżka (%)").fill("10");
    await page.getByLabel(/^Początek/).fill("2099-01-01T12:00");
    await page.getByRole("button", { name: "Zapisz" }).click();
    await expect(page.getByText("Promocja zapisana")).toBeVisible();
    await expect(saleRow(page, name)).toContainText("Zaplanowana");

    // The row's form leaves with the row: the answer is heard by the screen.
    await saleRow(page, name)
      .getByRole("button", { name: `Odwołaj: ${name}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Odwołaj" }).click();
    await expect(page.getByText("Zaplanowana promocja odwołana")).toBeVisible();
    await expect(saleRow(page, name)).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the preview re-renders the page with the typed form, a refusal keeps it, saving lists the sale", async ({
      page,
    }) => {
      const product = unique("Promo bluza");
      await createProduct(page, { name: product, price: "100,00", variants: [{ size: "M", stock: 5 }] });
      await page.goto("/admin/sales");
      const name = unique("Sale bez JS");
      await fillSizesSale(page, name, product);
      await page.getByLabel("Obniżka").fill("12,50");
      await page.getByRole("radio", { name: "Kwota (zł)" }).check();
      await page.getByRole("button", { name: "Podgląd cen" }).click();
      await expect(page.getByTestId("sale-preview")).toContainText("87,50");
      await expect(page.getByLabel("Nazwa promocji")).toHaveValue(name);
      await expect(page.getByRole("group", { name: product }).getByLabel("M", { exact: true })).toBeChecked();

      await page.getByLabel("Koniec (czas polski)").fill("2000-01-01T00:00");
      await page.getByRole("button", { name: "Zapisz" }).click();
      await expect(page.getByText("Koniec promocji musi być po jej początku").first()).toBeVisible();
      await expect(page.getByLabel("Obniżka")).toHaveValue("12,50");

      await page.getByLabel("Koniec (czas polski)").fill("");
      await page.getByRole("button", { name: "Zapisz" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Promocja zapisana" })).toBeVisible();
      await expect(saleRow(page, name)).toContainText("-12,50");
    });
  });
});
