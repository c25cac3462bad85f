/**
 * Shop states the shared e2e server cannot show without disturbing other tests, on a server of their
 * own: no InPost token configured ('Błąd konfiguracji' with the locker-code fallback), and a category
 * with no active products ('Brak produktów w tej kategorii').
 */
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, demoProductId } from "../../db/seed";
import { waitForHydration } from "../support/fixtures";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // No INPOST_GEOWIDGET_TOKEN: the map cannot be configured.
  server = await startServer();
});

test.afterAll(async () => {
  await server?.stop();
});

test("without an InPost token the locker dialog says 'Błąd konfiguracji' and offers a locker code", async ({
  page,
}) => {
  await page.goto(`${server.url}/merch/torba-nokturn-tote`);
  await waitForHydration(page);
  await page.getByTestId("add-to-cart").click();
  await page.goto(`${server.url}/cart`);
  await waitForHydration(page);
  await page.getByTestId("delivery-inpost").check();
  await page.getByTestId("choose-locker").click();
  const dialog = page.getByTestId("locker-dialog");
  await expect(dialog).toContainText("Błąd konfiguracji");
  await expect(dialog).toContainText("brak tokenu InPost");
  await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "config");
  await expect(dialog.getByLabel("Kod Paczkomatu")).toBeVisible();
});

test("a category whose products are all switched off says 'Brak produktów w tej kategorii'", async ({
  page,
}) => {
  const signIn = await page.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: DEMO_ADMIN,
    headers: { origin: server.url },
  });
  expect(signIn.status()).toBe(200);
  for (const slug of ["naklejki-pack-vol-1", "naklejka-holo-logo", "naklejki-pack-vol-2"]) {
    const response = await page.request.post(`${server.url}/admin/products`, {
      form: { intent: "set-active", productId: demoProductId(slug), isActive: "false" },
      headers: { origin: server.url },
    });
    expect(response.status(), slug).toBeLessThan(400);
  }

  await page.goto(`${server.url}/merch?category=stickers`);
  await expect(page.getByText("Brak produktów w tej kategorii")).toBeVisible();
  await page.getByRole("link", { name: "Zobacz wszystkie produkty" }).click();
  await expect(page).toHaveURL(`${server.url}/merch`);
  await expect(page.getByTestId("product-card").first()).toBeVisible();
});
