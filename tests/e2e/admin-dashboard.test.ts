/**
 * "Pulpit" (issue #41) as the admin's browser gets it without JavaScript: the panel opens on it, its
 * charts are SVG in the HTML with a table each, and the date range is a plain GET form.
 */
import { upcomingNightData } from "../../db/seed";
import { expect, test } from "./admin-support";

test.use({ javaScriptEnabled: false });

test("the panel opens on Pulpit, its charts in the HTML, its range a form", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const tabs = page.getByRole("navigation", { name: "Sekcje panelu" });
  await expect(tabs.getByRole("link", { name: "Pulpit" })).toHaveAttribute("aria-current", "page");

  // The demo nights' tickets (the demo customer's) make the newest night's sales chart.
  const night = upcomingNightData[1];
  const sales = page.getByRole("img", { name: new RegExp(`^Bilety sprzedane w czasie: ${night.title}`) });
  await expect(sales).toBeVisible();
  // Its numbers as a table, folded under the chart (a disclosure a screen reader opens).
  const table = page.locator("details table").filter({
    has: page.locator("caption", { hasText: `Bilety sprzedane w czasie: ${night.title}` }),
  });
  await expect(table).toBeAttached();
  await page.getByText(`Tabela: Bilety sprzedane w czasie: ${night.title}`).click();
  await expect(table.getByRole("columnheader", { name: "Razem" })).toBeVisible();

  // The range, grouped by week, through the form alone.
  await page.getByLabel("Od", { exact: true }).fill("2026-01-01");
  await page.getByLabel("Do", { exact: true }).fill("2026-12-31");
  await page.getByLabel("Grupuj").selectOption("tydzien");
  await page.getByRole("button", { name: "Pokaż" }).click();
  await expect(page).toHaveURL(/od=2026-01-01&do=2026-12-31&co=tydzien/);
  await expect(page.getByRole("img", { name: "Przychód tygodniowo: bilety i merch" })).toBeVisible();

  const csv = await page.request.get(
    "/admin/dashboard/export.csv?tabela=przychod&od=2026-01-01&do=2026-01-07",
  );
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain("Okres;Bilety (zł);Merch (zł);Zwroty (zł)");
});
