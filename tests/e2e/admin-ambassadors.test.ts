/**
 * The ambassadors tab of the admin panel in Chromium: add (required name and Instagram link, a valid
 * URL, an optional profile image and bio), edit, delete behind SPEC's confirm — each checked on the
 * public /ambasadorzy page. Every test works on ambassadors it creates.
 */
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../support/fixtures";
import { expect, imageFile, openAdmin, test, unique } from "./admin-support";

function card(page: Page, name: string) {
  return page
    .getByTestId("ambassador-admin-card")
    .filter({ has: page.getByRole("heading", { name: `@${name}` }) });
}

function publicCard(page: Page, name: string) {
  return page.getByTestId("ambassador-card").filter({ hasText: `@${name}` });
}

test.describe("admin ambassadors", () => {
  test.describe.configure({ timeout: 120_000 });

  test("adds, edits and deletes an ambassador; /ambasadorzy follows", async ({ page, context }) => {
    const name = `test.${unique("x").split(" ")[1]}`;
    await openAdmin(page, "/admin/ambassadors");
    await expect(page.getByRole("heading", { name: "Ambasadorzy", level: 2 })).toBeVisible();

    await page.getByRole("button", { name: "Dodaj ambasadora" }).click();
    const dialog = page.getByRole("dialog", { name: "Nowy ambasador" });
    // Enter submits without a blur first (a blur's validation could move the button under the click).
    await dialog.getByLabel("Nazwa").press("Enter");
    await expect(dialog.getByText("Podaj nazwę ambasadora")).toBeVisible();
    await expect(dialog.getByText("Podaj link do Instagrama")).toBeVisible();

    await dialog.getByLabel("Nazwa").fill(name);
    await dialog.getByLabel("Link do Instagrama").fill("instagram");
    await dialog.getByLabel("Link do Instagrama").press("Enter");
    await expect(
      dialog.getByText("Podaj prawidłowy adres URL (np. https://www.instagram.com/nazwa)"),
    ).toBeVisible();
    await dialog.getByLabel("Link do Instagrama").fill(`https://www.instagram.com/${name}`);
    await expect(dialog.getByLabel("Kolejność")).toHaveValue("0");
    await dialog.getByLabel("Bio").fill("Pierwsze bio.");
    await dialog.getByTestId("profileImage-input").setInputFiles(await imageFile("profil.jpg", "#6e5bff"));
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Dodaj ambasadora" }).click();
    await expect(page.getByText("Ambasador został dodany")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, name)).toContainText("Pierwsze bio.");
    await expect(card(page, name).locator("img")).toHaveCount(1);

    const visitor = await context.newPage();
    await visitor.goto("/ambasadorzy");
    await expect(publicCard(visitor, name)).toContainText("Pierwsze bio.");
    await expect(publicCard(visitor, name)).toHaveAttribute("href", `https://www.instagram.com/${name}`);

    await card(page, name)
      .getByRole("button", { name: `Edytuj: @${name}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edytuj ambasadora" });
    await expect(edit.getByLabel("Nazwa")).toHaveValue(name);
    await edit.getByLabel("Bio").fill("Bio po edycji.");
    await edit.getByLabel("Usuń obecne zdjęcie").check();
    await edit.getByRole("button", { name: "Zapisz zmiany" }).click();
    await expect(page.getByText("Ambasador został zaktualizowany")).toBeVisible();
    await expect(card(page, name)).toContainText("Bio po edycji.");
    await expect(card(page, name).locator("img")).toHaveCount(0);
    await visitor.reload();
    await expect(publicCard(visitor, name)).toContainText("Bio po edycji.");

    await card(page, name)
      .getByRole("button", { name: `Usuń: @${name}` })
      .click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Ta akcja jest nieodwracalna. Ambasador zostanie trwale usunięty.");
    await confirm.getByRole("button", { name: "Usuń ambasadora" }).click();
    await expect(page.getByText("Ambasador został usunięty")).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await visitor.reload();
    await expect(publicCard(visitor, name)).toHaveCount(0);
  });
});
