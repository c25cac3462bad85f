/**
 * A shop state the suite's server is not configured for, shown without a server of its own: no InPost
 * token ('Błąd konfiguracji' with the locker-code fallback). The server's token reaches the browser
 * only in the site settings of the page's data; this test's browser removes it from the answers it
 * receives, so the page runs as on a shop without a token. Nothing on the server changes and no
 * request can switch it. (A category whose products are all switched off is rendered below the
 * browser: tests/integration/shop-edge-states.test.ts.)
 */
import { expect, test } from "@playwright/test";
import { waitForHydration } from "../support/fixtures";
import { STANDIN_TOKEN } from "../support/inpost-standin";

test("without an InPost token the locker dialog says 'Błąd konfiguracji' and offers a locker code", async ({
  page,
}) => {
  // The cart's document and the data of client navigations: the answers that carry the site settings.
  let stripped = 0;
  await page.route(
    (url) => url.pathname === "/cart" || url.pathname.endsWith(".data"),
    async (route) => {
      // The cart's forms post to /cart: only the answers a page is drawn from carry the settings.
      if (route.request().method() !== "GET") return route.continue();
      try {
        const response = await route.fetch();
        const body = await response.text();
        if (body.includes(STANDIN_TOKEN)) stripped += 1;
        await route.fulfill({ response, body: body.replaceAll(STANDIN_TOKEN, "") });
      } catch (error) {
        // A request the page gave up on while it was answered (the product page's data when the test
        // goes to /cart): Playwright disposes of its answer. The answers the test reads are asserted below.
        if (!/disposed|closed/i.test(String(error))) throw error;
      }
    },
  );
  await page.goto("/merch/torba-nokturn-tote");
  // Adding to the cart and choosing a locker are the script's.
  await waitForHydration(page);
  // The add is answered before the page moves on (leaving would cancel it).
  const added = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByTestId("add-to-cart").click();
  expect((await added).ok()).toBe(true);
  await page.goto("/cart");
  // The server did send its token: this page is the one without it.
  expect(stripped).toBeGreaterThan(0);
  await waitForHydration(page);
  await page.getByTestId("delivery-inpost").check();
  await page.getByTestId("choose-locker").click();
  const dialog = page.getByTestId("locker-dialog");
  await expect(dialog).toContainText("Błąd konfiguracji");
  await expect(dialog).toContainText("brak tokenu InPost");
  await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "config");
  await expect(dialog.getByLabel("Kod Paczkomatu")).toBeVisible();
});
