/**
 * The archive with the demo data (issue #17): SPEC's 17.01.2026 night is over by the demo's date, so it
 * is in the archive with its date, venue and its gallery; SPEC's two built-in entries stay at their URLs;
 * an upcoming night is not in the archive; the landing's carousel still shows the featured galleries.
 * (Before/during/after a night with a set clock: tests/e2e/events-over-time.test.ts.)
 */
import { expect, test } from "@playwright/test";

test("a past night's archive page: date, venue, city, its gallery's photos and link", async ({ page }) => {
  const response = await page.goto("/archive/nokturn-17-01-2026");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "NOKTURN" })).toBeVisible();
  await expect(page.getByTestId("archive-date")).toHaveText("17.01.2026");
  await expect(page.getByTestId("archive-place")).toHaveText("Klub Transformator, Wrocław");
  await expect(page.getByTestId("photo-grid").getByRole("listitem")).toHaveCount(9);
  const gallery = page.getByTestId("archive-gallery-link");
  await expect(gallery).toHaveAttribute("href", "/gallery/nokturn-styczen-2026");
  await gallery.click();
  await expect(page).toHaveURL(/\/gallery\/nokturn-styczen-2026$/);
  await expect(page.getByRole("heading", { level: 1, name: "NOKTURN: Styczeń 2026" })).toBeVisible();
});

test("SPEC's built-in entries stay at their URLs; an upcoming night is not in the archive", async ({
  page,
}) => {
  for (const slug of ["nokturn-wroclaw-2025", "sesja-merch-nokturn"]) {
    expect((await page.request.get(`/archive/${slug}`)).status()).toBe(200);
  }
  const upcoming = await page.goto("/archive/nokturn-hangar");
  expect(upcoming?.status()).toBe(404);
  await expect(page.getByText("Wydarzenie nie znalezione").first()).toBeVisible();
});

test("the landing's archive: featured galleries in the carousel, the past nights and SPEC's entries listed newest first", async ({
  page,
}) => {
  await page.goto("/");
  const archive = page.locator("#archiwum");
  await expect(archive.getByTestId("archive-slide").first()).toBeAttached();
  await expect(archive.getByTestId("archive-slide")).toHaveCount(2);
  const entries = archive.locator("a[href^='/archive/']");
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute("href", "/archive/nokturn-17-01-2026");
  await expect(entries.nth(0)).toContainText("17.01.2026 · Klub Transformator, Wrocław");
  await expect(entries.nth(1)).toHaveAttribute("href", "/archive/nokturn-wroclaw-2025");
  await expect(entries.nth(2)).toHaveAttribute("href", "/archive/sesja-merch-nokturn");
});
