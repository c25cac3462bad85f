/**
 * The galleries tab of the admin panel in Chromium: create (required fields, the slug transliterated
 * from the title, a hero upload), edit, the published switch and featured checkbox, delete — each
 * checked on the public /gallery/{slug} page — and the photo manager: several files at once, move
 * up/down, delete with its confirm (the stored file is gone). Every test works on galleries it creates.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { expect, imageFile, openAdmin, test, unique } from "./admin-support";

function galleryRow(page: Page, title: string) {
  return page.getByTestId("gallery-row").filter({ has: page.getByRole("rowheader", { name: title }) });
}

/** Creates a published gallery through the panel's own action; returns its slug. */
async function createGallery(page: Page, title: string, slug: string) {
  const response = await page.request.post("/admin/galleries", {
    multipart: { intent: "create", title, slug, published: "on" },
  });
  expect(response.status(), await response.text()).toBeLessThan(400);
  return slug;
}

test.describe("admin galleries", () => {
  test.describe.configure({ timeout: 120_000 });

  test("creates, edits, toggles and deletes a gallery; the public page follows", async ({
    page,
    context,
  }) => {
    const tag = unique("x").split(" ")[1];
    const title = `Żółta Łódź ${tag}`;
    const slug = `zolta-lodz-${tag}`;
    await openAdmin(page, "/admin/galleries");
    await expect(page.getByRole("heading", { name: "Galerie", level: 2 })).toBeVisible();

    await page.getByRole("button", { name: "Dodaj galerię" }).click();
    const dialog = page.getByRole("dialog", { name: "Nowa galeria" });
    await expect(dialog).toBeVisible();
    // Enter submits without a blur first (a blur's validation could move the button under the click).
    await dialog.getByLabel("Tytuł").press("Enter");
    await expect(dialog.getByText("Wypełnij wymagane pola")).toHaveCount(2);

    await dialog.getByLabel("Tytuł").fill(title);
    await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
    await dialog.getByLabel("Data").fill("17.01.2026");
    await dialog.getByLabel("Lokalizacja").fill("Wrocław");
    await dialog.getByLabel("Opis").fill("Galeria z testu panelu.");
    await dialog.getByTestId("heroImage-input").setInputFiles(await imageFile("hero.jpg", "#ff2e88"));
    await dialog.getByLabel("Opublikowana").check();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Utwórz galerię" }).click();
    await expect(page.getByText("Galeria została utworzona")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = galleryRow(page, title);
    await expect(row).toContainText(slug);
    await expect(row).toContainText("17.01.2026");
    await expect(row.getByTestId("gallery-photo-count")).toHaveText("0 zdjęć");
    await expect(row.locator("img")).toHaveCount(1);

    const visitor = await context.newPage();
    await visitor.goto(`/gallery/${slug}`);
    await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(visitor.getByTestId("gallery-location")).toHaveText("Wrocław");

    // Edit: the slug stays as it was (manual on edit), the title changes.
    await row.getByRole("button", { name: `Edytuj: ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edytuj galerię" });
    await edit.getByLabel("Tytuł").fill(`${title} (po edycji)`);
    await expect(edit.getByLabel("Slug")).toHaveValue(slug);
    await edit.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(page.getByText("Galeria została zaktualizowana")).toBeVisible();
    const edited = galleryRow(page, `${title} (po edycji)`);
    await expect(edited).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByRole("heading", { level: 1, name: `${title} (po edycji)` })).toBeVisible();

    // Featured checkbox and published switch, kept after a reload.
    await edited.getByRole("checkbox", { name: /Wyróżniona/ }).click();
    await expect(page.getByText("Galeria wyróżniona")).toBeVisible();
    await edited.getByRole("switch", { name: /Opublikowana/ }).click();
    await expect(page.getByText("Galeria ukryta")).toBeVisible();
    await page.reload();
    await expect(edited.getByRole("checkbox", { name: /Wyróżniona/ })).toBeChecked();
    await expect(edited.getByRole("switch", { name: /Opublikowana/ })).not.toBeChecked();
    // An unpublished gallery is not shown: the public page sends the visitor home.
    await visitor.goto(`/gallery/${slug}`);
    await expect(visitor).toHaveURL(/\/$/);

    await waitAndDelete(page, `${title} (po edycji)`);
    await expect(edited).toHaveCount(0);
    await page.reload();
    await expect(galleryRow(page, `${title} (po edycji)`)).toHaveCount(0);
  });

  test("a taken slug is refused in Polish and the dialog keeps what was typed", async ({ page }) => {
    const tag = unique("x").split(" ")[1];
    const slug = await createGallery(page, `Pierwsza ${tag}`, `pierwsza-${tag}`);
    await openAdmin(page, "/admin/galleries");
    await page.getByRole("button", { name: "Dodaj galerię" }).click();
    const dialog = page.getByRole("dialog", { name: "Nowa galeria" });
    await dialog.getByLabel("Tytuł").fill(`Druga ${tag}`);
    await dialog.getByLabel("Slug").fill(slug);
    await dialog.getByRole("button", { name: "Utwórz galerię" }).click();
    await expect(dialog.getByText("Ten slug jest już zajęty przez inną galerię")).toBeVisible();
    await expect(page.getByText("Nie udało się utworzyć galerii")).toBeVisible();
    await expect(dialog.getByLabel("Tytuł")).toHaveValue(`Druga ${tag}`);
  });

  test("photo manager: uploads several files, reorders and deletes; the public page follows", async ({
    page,
    context,
  }) => {
    const tag = unique("x").split(" ")[1];
    const title = `Zdjęcia ${tag}`;
    const slug = await createGallery(page, title, `zdjecia-${tag}`);
    await openAdmin(page, "/admin/galleries");
    await galleryRow(page, title)
      .getByRole("button", { name: `Zdjęcia: ${title}` })
      .click();
    const manager = page.getByTestId("photo-manager");
    await expect(manager.getByText("Ta galeria nie ma jeszcze zdjęć.")).toBeVisible();

    await manager
      .getByTestId("photo-input")
      .setInputFiles([
        await imageFile("a.jpg", "#ff0000"),
        await imageFile("b.png", "#00ff00", "png"),
        await imageFile("c.webp", "#0000ff", "webp"),
      ]);
    await expect(page.getByText("Przesłano 3 zdjęć")).toBeVisible({ timeout: 60_000 });
    const tiles = manager.getByTestId("gallery-photo");
    await expect(tiles).toHaveCount(3);
    await expect(manager.getByTestId("photo-position")).toHaveText([
      "Zdjęcie nr 1",
      "Zdjęcie nr 2",
      "Zdjęcie nr 3",
    ]);
    const srcs = async () => tiles.evaluateAll((items) => items.map((item) => item.getAttribute("data-src")));
    const [a, b, c] = await srcs();

    await manager.getByRole("button", { name: "Przesuń zdjęcie 3 w górę" }).click();
    await expect.poll(srcs).toEqual([a, c, b]);
    await manager.getByRole("button", { name: "Przesuń zdjęcie 1 w dół" }).click();
    await expect.poll(srcs).toEqual([c, a, b]);
    await expect(manager.getByRole("button", { name: "Przesuń zdjęcie 1 w górę" })).toBeDisabled();

    const visitor = await context.newPage();
    await visitor.goto(`/gallery/${slug}`);
    const publicOrder = () =>
      visitor
        .getByTestId("photo-tile")
        .evaluateAll((items) => items.map((item) => item.querySelector("img")?.getAttribute("src") ?? ""));
    await expect
      .poll(async () => (await publicOrder()).map((src) => src.replace(/-\d+\.\w+$/, "")))
      .toEqual([c, a, b]);

    // Delete the first photo: confirm, it is gone and so is its file.
    const fileUrl = (await publicOrder())[0];
    expect((await page.request.get(fileUrl)).status()).toBe(200);
    await manager.getByRole("button", { name: "Usuń zdjęcie 1" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Czy na pewno chcesz usunąć to zdjęcie?" });
    await confirm.getByRole("button", { name: "Usuń zdjęcie" }).click();
    await expect(page.getByText("Zdjęcie zostało usunięte")).toBeVisible();
    await expect.poll(srcs).toEqual([a, b]);
    expect((await page.request.get(fileUrl)).status()).toBe(404);
    await visitor.reload();
    await expect(visitor.getByTestId("photo-tile")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    // The table's count follows (the dialog closed, the table is reachable again).
    await page.keyboard.press("Escape");
    await expect(manager).toBeHidden();
    await expect(galleryRow(page, title).getByTestId("gallery-photo-count")).toHaveText("2 zdjęcia");
  });

  test("refuses a file that is not an image, before uploading it", async ({ page }) => {
    const tag = unique("x").split(" ")[1];
    const title = `Zły plik ${tag}`;
    await createGallery(page, title, `zly-plik-${tag}`);
    await openAdmin(page, "/admin/galleries");
    await galleryRow(page, title)
      .getByRole("button", { name: `Zdjęcia: ${title}` })
      .click();
    const manager = page.getByTestId("photo-manager");
    await manager.getByTestId("photo-input").setInputFiles({
      name: "notatka.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("to nie jest obraz"),
    });
    await expect(manager.getByText("notatka.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)")).toBeVisible();
    await expect(manager.getByTestId("gallery-photo")).toHaveCount(0);
  });
});

async function waitAndDelete(page: Page, title: string) {
  await galleryRow(page, title)
    .getByRole("button", { name: `Usuń: ${title}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Czy na pewno chcesz usunąć tę galerię?" });
  await confirm.getByRole("button", { name: "Usuń galerię" }).click();
  await expect(page.getByText("Galeria została usunięta")).toBeVisible();
}
