/**
 * The products list of the admin panel: filters kept in the URL, inline stock edit (Enter, Escape, an
 * invalid value), the active switch, Sold Out and delete — each updating at once and rolling back when
 * the server refuses. Every test works on products it creates itself.
 */
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";
import { createProduct, expect, openAdmin, productRow, test, unique } from "./admin-support";

test.describe("admin products list", () => {
  // The panel's flows take several requests each; the shared test machine can be busy.
  test.describe.configure({ timeout: 90_000 });

  test("filters by name, category, status and stock, kept in the URL across a reload", async ({ page }) => {
    const tag = unique("Filtr");
    await createProduct(page, { name: `${tag} Kubek`, category: "accessory", stock: 25 });
    await createProduct(page, {
      name: `${tag} Koszulka`,
      category: "clothing",
      variants: [{ size: "M", stock: 4 }],
    });
    await createProduct(page, { name: `${tag} Naklejka`, category: "stickers", stock: 0, active: false });

    await openAdmin(page, "/admin/products");
    await page.getByRole("searchbox", { name: "Szukaj po nazwie" }).fill(tag.toLowerCase());
    await expect(page).toHaveURL(
      new RegExp(`q=${encodeURIComponent(tag.toLowerCase()).replace(/%20/g, "\\+")}`),
    );
    await expect(page.getByTestId("product-row")).toHaveCount(3);

    await page.getByLabel("Kategoria", { exact: true }).selectOption("clothing");
    await expect(page).toHaveURL(/category=clothing/);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(productRow(page, `${tag} Koszulka`)).toContainText("Odzież");
    await expect(productRow(page, `${tag} Koszulka`).getByTestId("stock-badge")).toHaveText("Niski stan");

    await page.reload();
    // The selects below filter by script (without it they wait for "Filtruj"): hydrated first.
    await waitForHydration(page);
    await expect(page.getByRole("searchbox", { name: "Szukaj po nazwie" })).toHaveValue(tag.toLowerCase());
    await expect(page.getByLabel("Kategoria", { exact: true })).toHaveValue("clothing");
    await expect(page.getByTestId("product-row")).toHaveCount(1);

    // Each change is a navigation: the URL says when its list is the one on the page (the list before
    // it may have the same number of rows, and a select changed while one is in flight loses the race).
    await page.getByLabel("Kategoria", { exact: true }).selectOption("");
    await expect(page).not.toHaveURL(/category=clothing/);
    await page.getByLabel("Status", { exact: true }).selectOption("inactive");
    await expect(page).toHaveURL(/status=inactive/);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(productRow(page, `${tag} Naklejka`)).toBeVisible();

    await page.getByLabel("Status", { exact: true }).selectOption("");
    await expect(page).not.toHaveURL(/status=inactive/);
    await page.getByLabel("Stan magazynowy", { exact: true }).selectOption("in_stock");
    await expect(page).toHaveURL(/stock=in_stock/);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(productRow(page, `${tag} Kubek`).getByTestId("stock-badge")).toHaveText("W magazynie");
    await page.getByLabel("Stan magazynowy", { exact: true }).selectOption("sold_out");
    await expect(page).toHaveURL(/stock=sold_out/);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await expect(productRow(page, `${tag} Naklejka`).getByTestId("stock-badge")).toHaveText("Wyprzedane");

    await page.getByLabel("Stan magazynowy", { exact: true }).selectOption("low_stock");
    await expect(page).toHaveURL(/stock=low_stock/);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await page.getByRole("searchbox", { name: "Szukaj po nazwie" }).fill(`${tag} nic takiego`);
    await expect(page.getByText("Brak produktów do wyświetlenia")).toBeVisible();

    await page.getByRole("link", { name: "Wyczyść" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("searchbox", { name: "Szukaj po nazwie" })).toHaveValue("");
  });

  test("the same list in the panel's products tab", async ({ page }) => {
    await openAdmin(page, "/admin?tab=products");
    await expect(page.getByRole("link", { name: "Produkty", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("heading", { name: "Produkty" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Kategoria" })).toBeVisible();
    await page.getByLabel("Kategoria", { exact: true }).selectOption("stickers");
    await expect(page).toHaveURL(/\/admin\/products\?.*category=stickers/);
    // Every row's category, once the filtered list has replaced the full one.
    const categories = page.getByTestId("product-row").locator("td:nth-child(3)");
    await expect.poll(async () => [...new Set(await categories.allTextContents())]).toEqual(["Naklejki"]);
    await expectNoSeriousA11yViolations(page);
  });

  test("inline stock edit: invalid value refused, Escape cancels, Enter saves", async ({ page }) => {
    const name = unique("Stan");
    await createProduct(page, { name, stock: 25 });
    await openAdmin(page, `/admin/products?q=${encodeURIComponent(name)}`);
    const row = productRow(page, name);

    await row.getByRole("button", { name: /Zmień stan magazynowy/ }).click();
    const input = row.getByRole("textbox", { name: `Stan magazynowy: ${name}` });
    await expect(input).toBeFocused();
    for (const bad of ["-3", "2.5", "abc"]) {
      await input.fill(bad);
      await input.press("Enter");
      await expect(row.getByText("Nieprawidłowa wartość")).toBeVisible();
      await expect(input).toBeVisible();
    }

    await input.fill("3");
    await input.press("Escape");
    await expect(input).toBeHidden();
    await expect(row.getByTestId("stock-value")).toContainText("25");
    await expect(row.getByRole("button", { name: /Zmień stan magazynowy/ })).toBeFocused();

    // Keyboard only: Enter opens the editor, Enter saves.
    await page.keyboard.press("Enter");
    await input.fill("7");
    await input.press("Enter");
    await expect(row.getByTestId("stock-value")).toContainText("7");
    await expect(page.getByText("Stan magazynowy zaktualizowany")).toBeVisible();
    await expect(row.getByTestId("stock-badge")).toHaveText("Niski stan");
    await page.reload();
    await expect(productRow(page, name).getByTestId("stock-value")).toContainText("7");
  });

  test("a variant product's stock is the sum of its variants and is not edited inline", async ({ page }) => {
    const name = unique("Warianty");
    await createProduct(page, {
      name,
      category: "clothing",
      variants: [
        { size: "S", stock: 2 },
        { size: "L", stock: 9 },
      ],
    });
    await openAdmin(page, `/admin/products?q=${encodeURIComponent(name)}`);
    const row = productRow(page, name);
    await expect(row.getByTestId("stock-value")).toContainText("11");
    await expect(row.getByText("suma wariantów")).toBeVisible();
    await expect(row.getByRole("button", { name: /Zmień stan magazynowy/ })).toHaveCount(0);
    await expect(row.getByTestId("stock-badge")).toHaveText("W magazynie");
  });

  test("active switch: off and on with toasts, kept after reload; rolled back when the server refuses", async ({
    page,
  }) => {
    const name = unique("Aktywny");
    const id = await createProduct(page, { name });
    await openAdmin(page, `/admin/products?q=${encodeURIComponent(name)}`);
    const toggle = productRow(page, name).getByRole("switch", { name: `Aktywny: ${name}` });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText("Produkt dezaktywowany")).toBeVisible();
    await page.reload();
    // The switch is the script's: before hydration a click would change nothing.
    await waitForHydration(page);
    await expect(productRow(page, name).getByRole("switch")).not.toBeChecked();
    await productRow(page, name).getByRole("switch").click();
    await expect(page.getByText("Produkt aktywowany")).toBeVisible();
    await expect(productRow(page, name).getByRole("switch")).toBeChecked();

    // Someone else deletes the product meanwhile: the switch flips, the server refuses, it flips back.
    const deleted = await page.request.post("/admin/products", { form: { intent: "delete", productId: id } });
    expect(deleted.ok()).toBe(true);
    await productRow(page, name).getByRole("switch").click();
    await expect(page.getByText("Błąd zmiany statusu produktu")).toBeVisible();
    await expect(page.getByText("Produkt nie istnieje lub został już usunięty")).toBeVisible();
    await expect(productRow(page, name).getByRole("switch")).toBeChecked();
  });

  test("Sold Out zeroes the stock at once; delete asks first, then removes the row", async ({ page }) => {
    const soldOut = unique("Wyprzedaj");
    const removed = unique("Usun");
    await createProduct(page, { name: soldOut, stock: 40 });
    await createProduct(page, { name: removed, stock: 5 });
    await openAdmin(page, "/admin/products?q=");
    await page.getByRole("searchbox", { name: "Szukaj po nazwie" }).fill(soldOut);
    await expect(page.getByTestId("product-row")).toHaveCount(1);

    const row = productRow(page, soldOut);
    await row.getByRole("button", { name: `Oznacz jako wyprzedany: ${soldOut}` }).click();
    await expect(row.getByTestId("stock-value")).toContainText("0");
    await expect(row.getByTestId("stock-badge")).toHaveText("Wyprzedane");
    await expect(page.getByText("Produkt oznaczony jako wyprzedany")).toBeVisible();
    await expect(row.getByRole("button", { name: `Oznacz jako wyprzedany: ${soldOut}` })).toBeDisabled();

    await page.getByRole("searchbox", { name: "Szukaj po nazwie" }).fill(removed);
    await expect(page.getByTestId("product-row")).toHaveCount(1);
    await productRow(page, removed)
      .getByRole("button", { name: `Usuń: ${removed}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Usunąć produkt?" });
    await expect(dialog).toContainText(removed);
    await dialog.getByRole("button", { name: "Anuluj" }).click();
    await expect(productRow(page, removed)).toBeVisible();
    await productRow(page, removed)
      .getByRole("button", { name: `Usuń: ${removed}` })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Usuń produkt" }).click();
    await expect(productRow(page, removed)).toHaveCount(0);
    await expect(page.getByText("Produkt został usunięty")).toBeVisible();
    await expect(page.getByText("Brak produktów do wyświetlenia")).toBeVisible();
    await page.reload();
    await expect(page.getByText("Brak produktów do wyświetlenia")).toBeVisible();
  });
});
