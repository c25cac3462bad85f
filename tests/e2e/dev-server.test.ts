/**
 * `npm run dev` works (issue #26, decision 030): the development server (Vite in middleware mode)
 * serves pages that hydrate with no console error, and a change to a component reaches the open page
 * by hot reload, without reloading it. Runs its own dev server; edits a real component file and puts
 * it back.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { upcomingNightData } from "../../db/seed";
import { waitForHydration } from "../support/fixtures";
import { startDevServer, type TestServer } from "../support/server";

const COMPONENT = path.resolve("app/components/site-footer.tsx");
const TEXT = "Wszystkie ceny zawierają VAT.";

// The dev server starts once for the file; its first pages compile the app.
test.describe.configure({ mode: "serial", timeout: 600_000 });

let server: TestServer;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  server = await startDevServer();
});

test.afterAll(async () => {
  await server?.stop();
});

function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test("pages from the dev server hydrate with no console error", async ({ page }) => {
  const errors = collectErrors(page);
  // The landing page, a product page, and a night's page selling its tickets.
  for (const pathname of ["/", "/merch/koszulka-nokturn-logo", `/wydarzenia/${upcomingNightData[0].slug}`]) {
    const response = await page.goto(`${server.url}${pathname}`, { timeout: 300_000 });
    expect(response?.status(), pathname).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 180_000 });
  }
  expect(errors, errors.join("\n")).toEqual([]);
});

test("a changed component reaches the open page without a reload", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto(`${server.url}/`, { timeout: 300_000 });
  await waitForHydration(page);
  // Gone if the page were reloaded.
  await page.evaluate(() => {
    (window as unknown as { __beforeEdit?: string }).__beforeEdit = "kept";
  });
  const footer = page.getByTestId("site-footer");
  await expect(footer).toContainText(TEXT);

  const original = fs.readFileSync(COMPONENT, "utf8");
  expect(original).toContain(TEXT);
  const marker = `HMR ${Date.now()}`;
  try {
    fs.writeFileSync(COMPONENT, original.replace(TEXT, `${TEXT} ${marker}`));
    await expect(footer).toContainText(marker, { timeout: 120_000 });
  } finally {
    fs.writeFileSync(COMPONENT, original);
  }
  expect(
    await page.evaluate(() => (window as unknown as { __beforeEdit?: string }).__beforeEdit),
    "the page was reloaded",
  ).toBe("kept");
  // The file put back comes back the same way.
  await expect(footer).not.toContainText(marker, { timeout: 120_000 });
  expect(errors, errors.join("\n")).toEqual([]);
});
