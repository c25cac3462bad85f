import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

/** A price as formatPrice writes it (with a non-breaking space before "zł"). */
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

test.describe("merch list", () => {
  test("shows MERCH, the categories and only active products, newest first", async ({ page }) => {
    const response = await page.goto("/merch");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "MERCH" })).toBeVisible();
    const filters = page.getByRole("navigation", { name: "Kategorie produktów" });
    await expect(filters.getByRole("link")).toHaveText(["Wszystko", "Odzież", "Akcesoria", "Naklejki"]);
    const cards = page.getByTestId("product-card");
    await expect(cards).toHaveCount(11);
    await expect(cards.first()).toContainText("Longsleeve Strobe");
    await expect(cards.first()).toContainText("Nowość");
    await expect(page.getByText("Naklejki Pack Vol. 2")).toHaveCount(0);
    const tee = cards.filter({ hasText: "Koszulka NOKTURN Logo" });
    await expect(tee).toContainText("Odzież");
    await expect(tee).toContainText(money("129,00 zł"));
    await expect(tee).toContainText("Zobacz szczegóły");
    await expect(tee.locator("img")).toHaveCount(1);
    await expect(page.getByTestId("breadcrumbs")).toContainText("Strona główna");
  });

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

  test("a category URL opens filtered; an unknown category shows everything", async ({ page }) => {
    await page.goto("/merch?category=stickers");
    await expect(page.getByTestId("product-card")).toHaveCount(2);
    await expect(page).toHaveTitle(/Naklejki/);
    await page.goto("/merch?category=buty");
    await expect(page.getByTestId("product-card")).toHaveCount(11);
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
  test("shows breadcrumb, badges, SKU, price, instalments, stock, sizes and the trust strip", async ({
    page,
  }) => {
    await page.goto("/merch/bluza-nokturn-afterhours");
    const breadcrumb = page.getByTestId("breadcrumbs");
    await expect(breadcrumb.getByRole("link", { name: "Sklep" })).toHaveAttribute("href", "/merch");
    await expect(breadcrumb.getByRole("link", { name: "Odzież" })).toHaveAttribute(
      "href",
      "/merch?category=clothing",
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bluza NOKTURN Afterhours");
    await expect(page.getByTestId("product-badges")).toHaveText(/Bestseller/);
    await expect(page.getByTestId("sku")).toHaveText(/^[0-9A-F]{8}$/);
    await expect(page.getByTestId("product-price")).toHaveText(money("279,00 zł"));
    await expect(page.getByTestId("instalments")).toHaveText(/3 x 93,00\szł \(0%\)/);
    await expect(page.getByTestId("trust-strip")).toContainText("14 dni na zwrot");
    // XS (3 in stock) is the first available size and preselected.
    await expect(page.getByRole("radio", { name: "XS", exact: true })).toBeChecked();
    await expect(page.getByTestId("stock-indicator")).toHaveText("Tylko 3 sztuki w magazynie!");
    await expect(page.getByTestId("stock-indicator")).toHaveAttribute("data-tone", "red");
    await expect(page.getByTestId("stock-bar")).toHaveAttribute("style", /width:\s?6%/);
  });

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

  test("a sold-out product shows the unavailable box and cannot be added", async ({ page }) => {
    await page.goto("/merch/smycz-nokturn");
    await expect(page.getByTestId("stock-indicator")).toHaveAttribute("data-level", "out");
    await expect(page.getByTestId("stock-indicator")).toContainText("Produkt niedostępny");
    await expect(page.getByTestId("add-to-cart")).toBeDisabled();
    await expect(page.getByTestId("add-to-cart")).toHaveText("Wyprzedane");
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

  test("has Product JSON-LD with an Offer and an Open Graph image", async ({ page }) => {
    await page.goto("/merch/torba-nokturn-tote");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = blocks.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Product");
    expect(product).toMatchObject({
      name: "Torba NOKTURN Tote",
      offers: {
        "@type": "Offer",
        price: "69.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/InStock",
      },
    });
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /product-torba-nokturn-tote-1-1200/,
    );
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "product");
  });

  test("unknown and inactive products: PRODUKT NIE ZNALEZIONY with status 404", async ({ page }) => {
    for (const slug of ["nie-ma-takiego-produktu", "naklejki-pack-vol-2"]) {
      const response = await page.goto(`/merch/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "PRODUKT NIE ZNALEZIONY" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Wróć do sklepu" })).toHaveAttribute("href", "/merch");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    }
  });

  test("has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/merch/koszulka-nokturn-logo");
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
});
