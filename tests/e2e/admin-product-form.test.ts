/**
 * The product form of the admin panel: a new product with two variants and three uploaded images,
 * reordered, saved, seen in /merch, edited (an image removed and its files deleted); every upload
 * error message as the form shows it; validation in the browser and on the server (a taken slug)
 * keeping what was typed; the slug following the name; the unsaved-changes guard. The upload endpoint's
 * own refusals (scripts, HTML, over 10 MB, a decompression bomb) and the re-encoding of a real image are
 * tested in-process in tests/integration/admin-products.test.ts ('upload endpoint') and media.test.ts.
 */
import zlib from "node:zlib";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { expect, imageFile, openAdmin, productRow, slugOf, test, unique } from "./admin-support";

test.describe.configure({ timeout: 120_000 });

/** A form control by its label ("Nazwa", with or without the required asterisk). */
const fieldOf = (page: import("@playwright/test").Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\*?$`));

function pngBomb() {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** 10 MB and a bit, starting like a JPEG (so only the size gives it away). */
function oversizedJpeg() {
  const buffer = Buffer.alloc(10 * 1024 * 1024 + 1024, 0);
  buffer.set([0xff, 0xd8, 0xff, 0xe0]);
  return buffer;
}

async function imageSources(page: import("@playwright/test").Page) {
  return page
    .getByTestId("product-image")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-src")));
}

test("creating a product with two variants and three images, reordering, editing, and seeing it in /merch", async ({
  page,
}) => {
  const name = unique("Bluza Żółć");
  const slug = slugOf(name);
  await openAdmin(page, "/admin/products/new");
  await expect(page.getByRole("heading", { name: "Nowy produkt" })).toBeVisible();

  await fieldOf(page, "Nazwa").fill(name);
  // SPEC §5: the slug follows the name, accents removed.
  await expect(fieldOf(page, "Slug")).toHaveValue(slug);
  await fieldOf(page, "Kategoria").selectOption("clothing");
  await fieldOf(page, "Cena (zł)").fill("189,90");
  await fieldOf(page, "Meta description").fill("Bluza testowa NOKTURN z panelu administratora.");
  await fieldOf(page, "Opis produktu").fill(
    "Ciepła bluza na poranki po imprezie. Nadruk odblaskowy, bawełna.",
  );
  await expect(page.getByTestId("seo-preview")).toContainText(`${name} | NOKTURN`);
  await expect(page.getByTestId("seo-preview")).toContainText(`merch › ${slug}`);

  await page
    .getByTestId("image-input")
    .setInputFiles([
      await imageFile("przod.jpg", "#c6ff3d"),
      await imageFile("tyl.png", "#ff2e88", "png"),
      await imageFile("detal.webp", "#6e5bff", "webp"),
    ]);
  await expect(page.getByTestId("product-image")).toHaveCount(3, { timeout: 60_000 });
  await expect(page.getByText("Dodano 3 zdjęcia")).toBeVisible();
  const uploaded = await imageSources(page);
  await expect(page.getByTestId("product-image").first()).toContainText("Główne");

  // Reorder with the keyboard-friendly buttons: the third becomes the main one, then the second moves on.
  await page.getByRole("button", { name: "Ustaw zdjęcie 3 jako główne" }).click();
  expect(await imageSources(page)).toEqual([uploaded[2], uploaded[0], uploaded[1]]);
  await page.getByRole("button", { name: "Przesuń zdjęcie 2 dalej" }).click();
  const ordered = [uploaded[2], uploaded[1], uploaded[0]];
  expect(await imageSources(page)).toEqual(ordered);
  await expect(page.getByTestId("product-image").first()).toContainText("Główne");

  await page.getByRole("button", { name: "Dodaj wariant" }).click();
  await page.getByRole("button", { name: "Dodaj wariant" }).click();
  await expect(page.getByTestId("variant-row")).toHaveCount(2);
  await page.getByLabel("Rozmiar — wariant 1").fill("M");
  await page.getByLabel("Stan — wariant 1").fill("5");
  await page.getByLabel("Rozmiar — wariant 2").fill("XL");
  await page.getByLabel("Kolor — wariant 2").fill("czarny");
  await page.getByLabel("Dopłata — wariant 2").fill("10");
  await page.getByLabel("Stan — wariant 2").fill("3");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Dodaj produkt" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole("searchbox", { name: "Szukaj po nazwie" }).fill(name);
  const row = productRow(page, name);
  await expect(row).toContainText("189,90");
  await expect(row.getByTestId("stock-value")).toContainText("8");

  // In the shop.
  await page.goto("/merch");
  await expect(page.getByText(name)).toBeVisible();
  await page.goto(`/merch/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("189,90 zł").first()).toBeVisible();
  await expect(page.getByRole("radio", { name: "M", exact: true })).toBeAttached();
  await expect(page.getByRole("radio", { name: "XL (+10,00 zł)" })).toBeAttached();
  await expect(page.locator(`img[src^="${ordered[0]}-"]`).first()).toBeAttached();

  // Edit: the form opens with what was saved; change the price and drop the second image.
  await openAdmin(page, `/admin/products?q=${encodeURIComponent(name)}`);
  await productRow(page, name)
    .getByRole("link", { name: `Edytuj: ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edycja produktu" })).toBeVisible();
  await expect(fieldOf(page, "Nazwa")).toHaveValue(name);
  await expect(fieldOf(page, "Slug")).toHaveValue(slug);
  await expect(fieldOf(page, "Cena (zł)")).toHaveValue("189,90");
  await expect(page.getByLabel("Rozmiar — wariant 2")).toHaveValue("XL");
  expect(await imageSources(page)).toEqual(ordered);
  // On edit the slug counts as manual: renaming does not change it.
  await fieldOf(page, "Nazwa").fill(`${name} v2`);
  await expect(fieldOf(page, "Slug")).toHaveValue(slug);
  await fieldOf(page, "Cena (zł)").fill("179");
  await page.getByRole("button", { name: "Usuń zdjęcie 2" }).click();
  await expect(page.getByTestId("product-image")).toHaveCount(2);
  await expect(page.getByText("Zdjęcie usunięte")).toBeVisible();
  expect(await imageSources(page)).toEqual([ordered[0], ordered[2]]);
  const removedFile = `${ordered[1]}-320.webp`;
  expect((await page.request.get(removedFile)).status()).toBe(200);
  await page.getByRole("button", { name: "Zapisz zmiany" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect.poll(async () => (await page.request.get(removedFile)).status()).toBe(404);

  await page.goto(`/merch/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: `${name} v2` })).toBeVisible();
  await expect(page.getByText("179,00 zł").first()).toBeVisible();
});

test("every upload error message, and the server's refusal of a decompression bomb", async ({ page }) => {
  await openAdmin(page, "/admin/products/new");
  const input = page.getByTestId("image-input");
  const errors = page.getByTestId("image-errors");

  await input.setInputFiles({
    name: "skrypt.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("<?php echo 'x'; ?>"),
  });
  await expect(errors).toContainText("skrypt.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)");

  await input.setInputFiles({ name: "duze.jpg", mimeType: "image/jpeg", buffer: oversizedJpeg() });
  await expect(errors).toContainText("duze.jpg: Plik za duży (max 10MB)");

  const eleven = await Promise.all(
    Array.from({ length: 11 }, (_, index) => imageFile(`zdjecie-${index + 1}.png`, "#222222", "png")),
  );
  await input.setInputFiles(eleven);
  await expect(errors).toContainText("Maksymalnie 10 zdjęć na produkt");
  await expect(page.getByTestId("product-image")).toHaveCount(0);

  // Passes the browser's check (a real PNG header), refused by the server's pixel limit.
  await input.setInputFiles({ name: "bomba.png", mimeType: "image/png", buffer: pngBomb() });
  await expect(errors).toContainText("bomba.png: Nieprawidłowy format (tylko JPG, PNG, WEBP)");
  await expect(page.getByText("Błąd podczas uploadu zdjęć").first()).toBeVisible();
  await expect(page.getByTestId("product-image")).toHaveCount(0);
});

test("validation in the browser and on the server keeps what was typed", async ({ page }) => {
  await openAdmin(page, "/admin/products/new");
  await page.getByRole("button", { name: "Dodaj produkt" }).click();
  for (const message of [
    "Nazwa musi mieć minimum 3 znaki",
    "Opis musi mieć minimum 10 znaków",
    "Cena musi być dodatnia",
    "Wybierz kategorię",
  ]) {
    await expect(page.locator('[data-slot="field-error"]', { hasText: message })).toBeVisible();
  }
  await fieldOf(page, "Nazwa").fill("Żółta Łódź");
  await expect(fieldOf(page, "Slug")).toHaveValue("zolta-lodz");
  await fieldOf(page, "Slug").fill("Zły slug!");
  await fieldOf(page, "Slug").blur();
  await expect(page.getByText("Slug może zawierać tylko małe litery, cyfry i myślniki")).toBeVisible();
  // Edited by hand: the name no longer drives it.
  await fieldOf(page, "Nazwa").fill("Torba inna");
  await expect(fieldOf(page, "Slug")).toHaveValue("Zły slug!");
  await fieldOf(page, "Meta description").fill("x".repeat(161));
  await fieldOf(page, "Meta description").blur();
  await expect(page.getByText("Meta description max 160 znaków")).toBeVisible();
  await fieldOf(page, "Meta description").fill("");
  await fieldOf(page, "Stan magazynowy").fill("-2");
  await fieldOf(page, "Stan magazynowy").blur();
  await expect(page.getByText("Stan nie może być ujemny")).toBeVisible();
  await fieldOf(page, "Stan magazynowy").fill("4");

  // Valid in the browser, refused by the server: the slug belongs to another product.
  await fieldOf(page, "Slug").fill("torba-nokturn-tote");
  await fieldOf(page, "Kategoria").selectOption("accessory");
  await fieldOf(page, "Cena (zł)").fill("59,00");
  await fieldOf(page, "Opis produktu").fill("Opis, który musi przetrwać odpowiedź serwera.");
  await page.getByRole("button", { name: "Dodaj produkt" }).click();
  await expect(
    page.locator('[data-slot="field-error"]', { hasText: "Ten slug jest już zajęty przez inny produkt" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(fieldOf(page, "Nazwa")).toHaveValue("Torba inna");
  await expect(fieldOf(page, "Opis produktu")).toHaveValue("Opis, który musi przetrwać odpowiedź serwera.");
  await expect(fieldOf(page, "Cena (zł)")).toHaveValue("59,00");
});

test("unsaved changes are not lost by a click on a link; an unknown product goes back to the list", async ({
  page,
}) => {
  await openAdmin(page, "/admin/products/new");
  await fieldOf(page, "Nazwa").fill("Pół wypełniony formularz");
  const productsTab = page
    .getByRole("navigation", { name: "Sekcje panelu" })
    .getByRole("link", { name: "Produkty" });
  await productsTab.click();
  const dialog = page.getByRole("alertdialog", { name: "Porzucić zmiany?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Zostań" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(fieldOf(page, "Nazwa")).toHaveValue("Pół wypełniony formularz");
  await productsTab.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Porzuć zmiany" }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);

  // Back on the list (its flash, 'Błąd ładowania produktu', is tested on the loader in integration).
  await page.goto("/admin/products/00000000-0000-4000-8000-000000000000/edit");
  await expect(page).toHaveURL(/\/admin\/products$/);
});
