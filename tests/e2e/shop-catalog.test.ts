/**
 * The merch list and the product page where a browser is the question: the category switch without a
 * reload, the skeletons, the stagger, the size picker and quantity, the gallery and accordions, the
 * wishlist and share, axe. What the server renders (the list, the categories, a product's details, its
 * JSON-LD and Open Graph tags, a sold-out product, the 404) is read in tests/http/shop-pages.test.ts.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test.describe("merch list", () => {
  test("filters by category in the URL without reloading the page", async ({ page }) => {
    await page.goto("/merch");
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await page.getByTestId("category-clothing").click();
    await expect(page).toHaveURL(/\/merch\?category=clothing$/);
    await expect(page.getByTestId("product-card")).toHaveCount(4);
    for (const card of await page.getByTestId("product-card").all())
      await expect(card).toContainText("Odzież");
    await expect(page.getByTestId("category-clothing")).toHaveAttribute("aria-current", "true");
    await page.getByTestId("category-stickers").click();
    await expect(page).toHaveURL(/category=stickers$/);
    await expect(page.getByTestId("product-card")).toHaveCount(2);
    await page.getByTestId("category-accessory").click();
    await expect(page.getByTestId("product-card")).toHaveCount(5);
    await page.getByTestId("category-all").click();
    await expect(page).toHaveURL(/\/merch$/);
    await expect(page.getByTestId("product-card")).toHaveCount(11);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/category=accessory$/);
    await expect(page.getByTestId("product-card")).toHaveCount(5);
  });

  test("shows 3 skeleton cards while the list loads during client navigation", async ({ page }) => {
    await page.goto("/merch/torba-nokturn-tote");
    await waitForHydration(page);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold back only the product list (the root's data comes in its own request).
    await page.route(
      (url) =>
        url.pathname === "/merch.data" && (url.searchParams.get("_routes") ?? "").includes("routes/merch"),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page
      .getByRole("navigation", { name: "Główna nawigacja" })
      .getByRole("link", { name: "Merch" })
      .click();
    await expect(page).toHaveURL(/\/merch$/);
    await expect(page.getByTestId("products-loading").getByTestId("product-card-skeleton")).toHaveCount(3);
    release();
    await expect(page.getByTestId("product-card")).toHaveCount(11);
    await expect(page.getByTestId("products-loading")).toHaveCount(0);
  });

  test("cards stagger their entrance by 100 ms, and not at all with reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // The server-rendered first paint shows the cards at once (they are the largest paint); lists
    // rendered in the browser, such as a category switch, enter with the stagger.
    await page.goto("/merch");
    await waitForHydration(page);
    const style = (property: "animationDelay" | "animationName") =>
      page
        .getByTestId("product-card")
        .evaluateAll(
          (cards, name) => cards.slice(0, 3).map((card) => getComputedStyle(card)[name]),
          property,
        );
    expect(await style("animationName")).toEqual(["none", "none", "none"]);
    await page.getByTestId("category-clothing").click();
    await expect(page.getByTestId("product-card")).toHaveCount(4);
    expect(await style("animationDelay")).toEqual(["0s", "0.1s", "0.2s"]);
    expect(await style("animationName")).toEqual(["fade-in", "fade-in", "fade-in"]);
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByTestId("category-all").click();
    await expect(page.getByTestId("product-card")).toHaveCount(11);
    expect(await style("animationName")).toEqual(["none", "none", "none"]);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/merch");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("product page", () => {
  test("disables sold-out sizes, switches price and stock by size, and bounds the quantity", async ({
    page,
  }) => {
    await page.goto("/merch/koszulka-nokturn-logo");
    await waitForHydration(page);
    await expect(page.getByRole("radio", { name: "XXL — niedostępny" })).toBeDisabled();
    await expect(page.getByRole("radio", { name: "XS", exact: true })).toBeChecked();
    await expect(page.getByTestId("stock-indicator")).toHaveText("6 sztuk dostępnych");
    await expect(page.getByTestId("stock-indicator")).toHaveAttribute("data-tone", "yellow");
    await page.getByTestId("size-picker").getByText("M", { exact: true }).click();
    await expect(page.getByTestId("stock-indicator")).toHaveText("Dostępny");
    await expect(page.getByTestId("stock-indicator")).toHaveAttribute("data-tone", "green");
    await expect(page.getByTestId("stock-bar")).toHaveCount(0);

    await page.goto("/merch/czapka-nokturn-beanie");
    await waitForHydration(page);
    await expect(page.getByTestId("product-badges")).toContainText("Ostatnie sztuki");
    const stepper = page.getByTestId("product-quantity");
    const minus = stepper.getByRole("button", { name: "Zmniejsz ilość" });
    const plus = stepper.getByRole("button", { name: "Zwiększ ilość" });
    await expect(minus).toBeDisabled();
    await plus.click();
    await plus.click();
    await expect(stepper.getByRole("spinbutton")).toHaveValue("3");
    await expect(plus).toBeDisabled();
  });

  test("gallery zoom, accordion with delivery from the one configuration, FAQ, bundle and related", async ({
    page,
  }) => {
    await page.goto("/merch/koszulka-bouncy-stage");
    await waitForHydration(page);
    await page.getByTestId("gallery-zoom").click();
    const dialog = page.getByTestId("gallery-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("1 / 2");
    await dialog.getByRole("button", { name: "Następne zdjęcie" }).click();
    await expect(dialog).toContainText("2 / 2");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Dostawa i zwroty" }).click();
    await expect(page.getByText(/Kurier: 16,99\szł, 1–2 dni robocze/)).toBeVisible();
    await expect(page.getByText(/Paczkomat InPost: 13,99\szł/)).toBeVisible();
    await page.getByRole("button", { name: "Specyfikacja" }).click();
    await expect(page.getByText("100% bawełna organiczna, 220 g/m²")).toBeVisible();
    await expect(page.getByRole("heading", { name: "FAQ" })).toBeVisible();
    // FAQ: one answer open at a time, and a second click closes it again.
    const shipping = page.getByRole("button", { name: "Ile kosztuje dostawa i kiedy dostanę paczkę?" });
    const returns = page.getByRole("button", { name: "Czy mogę zwrócić produkt?" });
    await shipping.click();
    await expect(shipping).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("region", { name: "Ile kosztuje dostawa i kiedy dostanę paczkę?" }),
    ).toBeVisible();
    await returns.click();
    await expect(returns).toHaveAttribute("aria-expanded", "true");
    await expect(shipping).toHaveAttribute("aria-expanded", "false");
    await returns.click();
    await expect(returns).toHaveAttribute("aria-expanded", "false");
    // The product details are several at once: the description stayed open.
    await expect(page.getByRole("button", { name: "Opis" })).toHaveAttribute("aria-expanded", "true");

    const bundle = page.getByTestId("bundle-box");
    await expect(bundle.getByRole("checkbox", { name: /ten produkt/ })).toBeDisabled();
    await expect(bundle.getByRole("checkbox", { name: /ten produkt/ })).toBeChecked();
    const others = bundle.getByTestId("bundle-checkbox");
    await expect(others).toHaveCount(2);
    await expect(bundle.getByTestId("bundle-add")).toBeEnabled();
    await others.nth(0).click();
    await others.nth(1).click();
    await expect(bundle.getByTestId("bundle-add")).toBeDisabled();
    await others.nth(1).click();
    await bundle.getByTestId("bundle-add").click();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");

    await expect(page.getByTestId("related-products").getByTestId("product-card")).toHaveCount(3);
  });

  test("wishlist toggles locally and share copies the link without native share", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "share", { value: undefined });
    });
    await page.goto("/merch/bandana-nokturn");
    await waitForHydration(page);
    const heart = page.getByTestId("wishlist-toggle");
    // Shown once the script that makes it work runs (hidden before, and without it).
    await expect(heart).toBeVisible();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("wishlist-toggle")).toHaveAttribute("aria-pressed", "true");
    await page.getByTestId("share").click();
    await expect(page.getByText("Link skopiowany!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/merch\/bandana-nokturn$/);
  });

  test("has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/merch/koszulka-nokturn-logo");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
});
