import { expect, type Page, test } from "@playwright/test";
import { CART_KEY, expectNoSeriousA11yViolations, waitForHydration } from "../support/fixtures";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const MODE_COOKIE = "inpost-standin";
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

/** Adds a product from its page (real ids, real prices), like a customer. */
async function addProduct(page: Page, slug: string, options: { size?: string; quantity?: number } = {}) {
  await page.goto(`/merch/${slug}`);
  await waitForHydration(page);
  if (options.size) await page.getByTestId("size-picker").getByText(options.size, { exact: true }).click();
  for (let i = 1; i < (options.quantity ?? 1); i++) {
    await page.getByTestId("product-quantity").getByRole("button", { name: "Zwiększ ilość" }).click();
  }
  await page.getByTestId("add-to-cart").click();
}

async function openCart(page: Page) {
  await page.goto("/cart");
  await waitForHydration(page);
  await expect(page.getByTestId("cart-totals")).toBeVisible();
  await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
}

async function signInCustomer(page: Page) {
  const response = await page.request.post("/api/auth/sign-in/email", {
    data: { email: "klient@nokturn.example", password: "nokturn-klient" },
    headers: {
      origin: new URL(page.url() === "about:blank" ? process.env.E2E_BASE_URL! : page.url()).origin,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function setStandinMode(page: Page, mode: "fail" | "domain" | "silent") {
  await page.context().addCookies([{ name: MODE_COOKIE, value: mode, url: process.env.E2E_INPOST_URL! }]);
}

test.describe("adding to the cart and the navigation preview", () => {
  test("adds the chosen size and quantity, toasts, counts, and previews on hover", async ({ page }) => {
    await addProduct(page, "koszulka-nokturn-logo", { size: "M", quantity: 2 });
    await expect(page.getByText("Dodano do koszyka")).toBeVisible();
    await expect(page.getByText("Koszulka NOKTURN Logo został dodany do koszyka")).toBeVisible();
    await expect(page.getByRole("button", { name: "Zobacz koszyk" })).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await expect(page.getByTestId("in-cart-note")).toHaveText(/W koszyku: 2 szt\./);

    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "[]"), CART_KEY);
    expect(stored).toEqual([
      expect.objectContaining({ name: "Koszulka NOKTURN Logo", size: "M", quantity: 2, price: 12900 }),
    ]);

    await page.getByTestId("cart-link").hover();
    const preview = page.getByTestId("cart-preview");
    await expect(preview).toBeVisible();
    await expect(preview).toContainText("Koszulka NOKTURN Logo");
    await expect(preview).toContainText("Rozmiar: M");
    await expect(preview).toContainText(money("2 x 129,00 PLN"));
    await expect(preview.getByTestId("cart-preview-total")).toHaveText(money("258,00 PLN"));
    await expect(preview).toContainText("Suma:");
    await expect(preview.getByTestId("cart-preview-free-hint")).toHaveCount(0);
    await expect(preview.getByRole("link", { name: "Przejdź do koszyka" })).toHaveAttribute("href", "/cart");
    await expect(preview.getByRole("button", { name: "Przejdź do płatności" })).toBeVisible();
    await page.mouse.move(10, 500);
    await expect(preview).toBeHidden();

    // Same product and size again raises the line; the toast's action opens the cart.
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    await page.getByRole("button", { name: "Zobacz koszyk" }).first().click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
  });

  test("the preview shows 3 lines and 'i N więcej...', the free-delivery hint, and opens on keyboard focus", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/merch");
    await waitForHydration(page);
    await page.getByTestId("cart-link").hover();
    await expect(page.getByTestId("cart-preview")).toContainText("Koszyk jest pusty");
    await page.mouse.move(10, 500);

    await addProduct(page, "torba-nokturn-tote");
    await page.getByTestId("cart-link").hover();
    await expect(page.getByTestId("cart-preview-free-hint")).toHaveText(
      money("Dodaj za 131,00 PLN dla darmowej dostawy"),
    );
    for (const slug of ["naklejka-holo-logo", "bandana-nokturn", "zapalniczka-nokturn"])
      await addProduct(page, slug);
    await expect(page.getByTestId("cart-badge")).toHaveText("4");
    await page
      .getByRole("navigation", { name: "Główna nawigacja" })
      .getByRole("link", { name: "Merch" })
      .focus();
    await page.keyboard.press("Tab");
    await expect(page.getByTestId("cart-link")).toBeFocused();
    const preview = page.getByTestId("cart-preview");
    await expect(preview).toBeVisible();
    await expect(preview.getByTestId("cart-preview-line")).toHaveCount(3);
    await expect(preview).toContainText("i 1 więcej...");
    await page.keyboard.press("Tab");
    await expect(preview.getByRole("link", { name: "Przejdź do koszyka" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(preview).toBeHidden();
    await expect(page.getByTestId("cart-link")).toBeFocused();
  });

  test("works for the session when local storage is unavailable", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("denied", "SecurityError");
        },
      });
    });
    await addProduct(page, "naklejki-pack-vol-1", { quantity: 2 });
    await expect(page.getByTestId("cart-badge")).toHaveText("2");
    await page.getByRole("button", { name: "Zobacz koszyk" }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("38,00 zł"));
  });
});

test.describe("cart page", () => {
  test("empty cart: TWÓJ KOSZYK JEST PUSTY with a link to the shop", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "TWÓJ KOSZYK JEST PUSTY" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Przejdź do sklepu" })).toHaveAttribute("href", "/merch");
  });

  test("updates quantities, switches delivery, reaches free delivery, and removes lines", async ({
    page,
  }) => {
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
    await expect(page.getByRole("heading", { level: 1, name: "KOSZYK" })).toBeVisible();
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("69,00 zł"));
    await expect(page.getByTestId("totals-delivery")).toHaveText(money("16,99 zł"));
    await expect(page.getByTestId("totals-total")).toHaveText(money("85,99 zł"));
    await expect(page.getByTestId("free-delivery-hint")).toContainText(money("131,00 zł"));
    await expect(page.getByTestId("delivery-courier")).toBeChecked();

    await page.getByTestId("delivery-inpost").check();
    await expect(page.getByTestId("totals-total")).toHaveText(money("82,99 zł"));
    await expect(page.getByTestId("locker-picker")).toBeVisible();
    await page.getByTestId("delivery-courier").check();
    await expect(page.getByTestId("totals-total")).toHaveText(money("85,99 zł"));
    await expect(page.getByTestId("locker-picker")).toHaveCount(0);

    const line = page.getByTestId("cart-line");
    await line.getByRole("button", { name: /Zwiększ ilość/ }).click();
    await line.getByRole("button", { name: /Zwiększ ilość/ }).click();
    await expect(line.getByTestId("line-total")).toHaveText(money("207,00 zł"));
    await expect(page.getByTestId("totals-delivery")).toHaveText("Gratis");
    await expect(page.getByTestId("totals-total")).toHaveText(money("207,00 zł"));
    await expect(page.getByTestId("free-delivery-reached")).toBeVisible();
    await expect(page.getByTestId("cart-badge")).toHaveText("3");

    await line.getByRole("button", { name: /Zmniejsz ilość/ }).click();
    await expect(page.getByTestId("totals-total")).toHaveText(money("154,99 zł"));

    await line.getByTestId("remove-line").click();
    await expect(page.getByText("Usunięto z koszyka")).toBeVisible();
    await expect(page.getByText("Produkt został usunięty z koszyka")).toBeVisible();
    await expect(page.getByRole("heading", { name: "TWÓJ KOSZYK JEST PUSTY" })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_KEY)).toBeNull();
  });

  test("shows the summary essentials: login prompt, continue shopping, consumer information", async ({
    page,
  }) => {
    await addProduct(page, "naklejka-holo-logo");
    await openCart(page);
    await expect(page.getByTestId("login-prompt").getByRole("link", { name: "Zaloguj się" })).toHaveAttribute(
      "href",
      "/auth?redirect=/cart",
    );
    await expect(page.getByRole("link", { name: /Kontynuuj zakupy/ })).toHaveAttribute("href", "/merch");
    const info = page.getByTestId("consumer-info");
    await expect(info).toContainText("NOKTURN Events sp. z o.o.");
    await expect(info).toContainText("kontakt@nokturn.example");
    await expect(info).toContainText(money("25,99 zł"));
    await expect(info).toContainText("14 dni");
    await expect(info.getByRole("link", { name: "Regulamin" })).toHaveAttribute("href", "/terms");
    await expect(page.getByTestId("checkout-button")).toHaveText("Zamawiam z obowiązkiem zapłaty");
  });

  test("shows the signed-in customer's e-mail in the summary", async ({ page }) => {
    await page.goto("/");
    await signInCustomer(page);
    await addProduct(page, "naklejka-holo-logo");
    await openCart(page);
    await expect(page.getByTestId("cart-user")).toContainText("klient@nokturn.example");
    await expect(page.getByTestId("login-prompt")).toHaveCount(0);
    // The demo customer has orders: the first-order code is refused for the account.
    await page.getByLabel("Kod rabatowy").fill("PIERWSZE15");
    await page.getByTestId("discount-apply").click();
    await expect(page.getByTestId("discount-message")).toHaveText(/tylko przy pierwszym zamówieniu/);
  });

  test("re-prices stored lines: changed price, short stock and products no longer sold", async ({ page }) => {
    await addProduct(page, "torba-nokturn-tote");
    await addProduct(page, "czapka-nokturn-beanie");
    await page.evaluate((key) => {
      const items = JSON.parse(localStorage.getItem(key) ?? "[]");
      items[0].price = 100; // tampered or outdated price
      items[1].quantity = 5; // more than the 3 in stock
      items.push({
        id: "gone",
        productId: "00000000-0000-4000-8000-000000000000",
        variantId: null,
        slug: "wycofany",
        name: "Wycofany produkt",
        price: 5000,
        quantity: 1,
        size: null,
        image: null,
      });
      localStorage.setItem(key, JSON.stringify(items));
    }, CART_KEY);
    await openCart(page);
    const lines = page.getByTestId("cart-line");
    await expect(lines.nth(0).getByTestId("price-changed")).toHaveText(
      money("Cena zmieniła się: było 1,00 zł, teraz 69,00 zł."),
    );
    await expect(lines.nth(0).getByTestId("line-total")).toHaveText(money("69,00 zł"));
    await expect(lines.nth(1)).toHaveAttribute("data-status", "insufficient_stock");
    await expect(lines.nth(1).getByTestId("line-problem")).toContainText("zostało tylko 3 szt.");
    await expect(lines.nth(2)).toHaveAttribute("data-status", "unavailable");
    await expect(lines.nth(2).getByTestId("line-problem")).toContainText("nie jest już dostępny");
    await expect(page.getByTestId("cart-blocked")).toBeVisible();
    await expect(page.getByTestId("checkout-button")).toBeDisabled();
    // Subtotal counts what can be bought, at the server's prices.
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("514,00 zł"));

    await lines.nth(1).getByRole("button", { name: "Zmień na 3 szt." }).click();
    await lines.nth(2).getByTestId("line-problem").getByRole("button", { name: "Usuń" }).click();
    await expect(page.getByTestId("cart-blocked")).toHaveCount(0);
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("336,00 zł"));
    await expect(page.getByTestId("checkout-button")).toBeEnabled();
  });

  test("has no serious accessibility violations", async ({ page }) => {
    test.setTimeout(90_000);
    await addProduct(page, "koszulka-nokturn-logo", { size: "L" });
    await openCart(page);
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId("delivery-inpost").check();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("discount codes", () => {
  test.beforeEach(async ({ page }) => {
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
  });

  test("a valid code is upper-cased, applied, kept for the session and removed", async ({ page }) => {
    const input = page.getByLabel("Kod rabatowy");
    const apply = page.getByTestId("discount-apply");
    await expect(apply).toBeDisabled();
    await input.fill("nokturn10");
    await expect(input).toHaveValue("NOKTURN10");
    await apply.click();
    await expect(page.getByText("Sukces!")).toBeVisible();
    await expect(page.getByText("Kod NOKTURN10 został zastosowany")).toBeVisible();
    await expect(page.getByTestId("totals-discount")).toHaveText(money("−6,90 zł"));
    await expect(page.getByTestId("totals-total")).toHaveText(money("79,09 zł"));
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem("appliedDiscount") ?? "null"));
    expect(stored).toMatchObject({
      code: "NOKTURN10",
      type: "percentage",
      discountAmount: 690,
      freeShipping: false,
    });

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("discount-applied")).toContainText("NOKTURN10");
    await expect(page.getByTestId("totals-total")).toHaveText(money("79,09 zł"));

    await page.getByTestId("discount-remove").click();
    await expect(page.getByText("Kod usunięty")).toBeVisible();
    await expect(page.getByTestId("totals-total")).toHaveText(money("85,99 zł"));
    expect(await page.evaluate(() => sessionStorage.getItem("appliedDiscount"))).toBeNull();
  });

  test("free-shipping and combo codes", async ({ page }) => {
    await page.getByLabel("Kod rabatowy").fill("DOSTAWA0");
    await page.getByTestId("discount-apply").click();
    await expect(page.getByTestId("totals-delivery")).toHaveText("Gratis");
    await expect(page.getByTestId("totals-total")).toHaveText(money("69,00 zł"));
    await page.getByTestId("discount-remove").click();
    await page.getByLabel("Kod rabatowy").fill("COMBO15");
    await page.getByTestId("discount-apply").click();
    await expect(page.getByTestId("totals-discount")).toHaveText(money("−15,00 zł"));
    await expect(page.getByTestId("totals-total")).toHaveText(money("54,00 zł"));
  });

  test("refuses expired, used-up, below-minimum and unknown codes, each with its message", async ({
    page,
  }) => {
    for (const [code, message] of [
      ["XYZ123", /^Kod nieprawidłowy$/],
      ["SYLWESTER24", /Kod SYLWESTER24 wygasł/],
      ["WYKORZYSTANY", /Kod WYKORZYSTANY został już wykorzystany/],
      ["MIN150", /Kod MIN150 działa przy zamówieniu od 150,00\szł/],
    ] as const) {
      await page.getByLabel("Kod rabatowy").fill(code);
      await page.getByTestId("discount-apply").click();
      await expect(page.getByTestId("discount-message")).toHaveText(message);
      await expect(page.getByTestId("totals-discount")).toHaveCount(0);
      await expect(page.getByTestId("totals-total")).toHaveText(money("85,99 zł"));
      expect(await page.evaluate(() => sessionStorage.getItem("appliedDiscount"))).toBeNull();
    }
  });

  test("a failed check says 'Błąd sprawdzania kodu'", async ({ page }) => {
    await page.route("**/api/discount-codes/validate", (route) => route.abort());
    await page.getByLabel("Kod rabatowy").fill("NOKTURN10");
    await page.getByTestId("discount-apply").click();
    await expect(page.getByText("Błąd sprawdzania kodu")).toBeVisible();
  });
});

test.describe("parcel locker and checkout", () => {
  test("InPost without a locker is stopped before any request", async ({ page }) => {
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
    const calls: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/checkout")) calls.push(request.url());
    });
    await page.getByTestId("delivery-inpost").check();
    await expect(page.getByTestId("locker-missing")).toBeVisible();
    await page.getByTestId("checkout-button").click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Wybierz Paczkomat", { exact: true })).toBeVisible();
    await expect(page.getByText("Musisz wybrać Paczkomat InPost przed płatnością")).toBeVisible();
    expect(calls).toEqual([]);
  });

  test("choosing a point in the Geowidget keeps it, and checkout sends ids only", async ({ page }) => {
    await addProduct(page, "koszulka-nokturn-logo", { size: "L", quantity: 2 });
    await openCart(page);
    await page.getByTestId("delivery-inpost").check();
    await page.getByTestId("choose-locker").click();
    const dialog = page.getByTestId("locker-dialog");
    await expect(dialog).toBeVisible();
    // 900×700, or as much of it as the window holds.
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(Math.round(box!.width)).toBe(Math.min(900, viewport.width - 40));
    expect(Math.round(box!.height)).toBe(Math.min(700, viewport.height - 32));
    await expect(dialog).toContainText("tylko w domenie produkcyjnej");
    await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "ready");
    await dialog.getByRole("button", { name: "Wybierz WRO01M" }).click();
    await expect(dialog).toBeHidden();
    const selected = page.getByTestId("selected-locker");
    await expect(selected).toContainText("Paczkomat WRO01M");
    await expect(selected).toContainText("ul. Ruska 46");
    await expect(selected).toContainText("50-079 Wrocław");

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("delivery-inpost")).toBeChecked();
    await expect(page.getByTestId("selected-locker")).toContainText("WRO01M");

    let body: unknown;
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/checkout", async (route) => {
      body = route.request().postDataJSON();
      await held;
      await route.fulfill({ json: { url: `${process.env.E2E_BASE_URL}/merch?platnosc=test` } });
    });
    await expect(page.getByTestId("checkout-button")).toBeEnabled();
    await page.getByTestId("checkout-button").click();
    await expect(page.getByTestId("checkout-button")).toHaveText("Przekierowywanie...");
    await expect(page.getByTestId("checkout-button")).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/merch\?platnosc=test$/);
    expect(body).toEqual({
      lines: [{ productId: expect.any(String), variantId: expect.any(String), quantity: 2 }],
      deliveryMethod: "inpost",
      locker: { id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } },
      discountCode: null,
    });
  });

  test("the map's failed state offers InPost's finder and a locker code", async ({ page }) => {
    await setStandinMode(page, "fail");
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
    await page.getByTestId("delivery-inpost").check();
    await page.getByTestId("choose-locker").click();
    const error = page.getByTestId("locker-error");
    await expect(error).toContainText("Błąd ładowania");
    await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "failed");
    await expect(error.getByRole("link", { name: /Znajdź Paczkomat na stronie InPost/ })).toHaveAttribute(
      "href",
      "https://inpost.pl/znajdz-paczkomat",
    );
    await error.getByLabel("Kod Paczkomatu").fill("wro125m");
    await error.getByRole("button", { name: "Zapisz" }).click();
    await expect(page.getByTestId("selected-locker")).toContainText("Paczkomat WRO125M");
  });

  test("a token bound to another domain shows 'Błąd domeny'; a silent map 'nie została załadowana'", async ({
    page,
  }) => {
    await setStandinMode(page, "domain");
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
    await page.getByTestId("delivery-inpost").check();
    await page.getByTestId("choose-locker").click();
    await expect(page.getByTestId("locker-error")).toContainText("Błąd domeny");

    await setStandinMode(page, "silent");
    await page.clock.install();
    await openCart(page);
    await page.getByTestId("choose-locker").click();
    await expect(page.getByTestId("locker-map")).toHaveAttribute("data-state", "loading");
    await page.clock.fastForward(16_000);
    await expect(page.getByTestId("locker-error")).toContainText("Mapa nie została załadowana");
  });

  test("checkout failures: an unavailable product names it; anything else is 'Błąd płatności'", async ({
    page,
  }) => {
    await addProduct(page, "bandana-nokturn");
    await openCart(page);
    let answer: { status: number; json: unknown } = {
      status: 409,
      json: { message: "Produkt „Bandana NOKTURN” nie jest już dostępny w wybranej ilości." },
    };
    await page.route("**/api/checkout", (route) => route.fulfill(answer));
    await page.getByTestId("checkout-button").click();
    await expect(
      page.getByText("Produkt „Bandana NOKTURN” nie jest już dostępny w wybranej ilości."),
    ).toBeVisible();
    await expect(page.getByTestId("checkout-button")).toHaveText("Zamawiam z obowiązkiem zapłaty");

    answer = { status: 500, json: { error: "boom" } };
    await page.getByTestId("checkout-button").click();
    await expect(page.getByText("Błąd płatności")).toBeVisible();
    await expect(page.getByText("Płatności chwilowo niedostępne. Spróbuj ponownie za chwilę.")).toBeVisible();

    answer = { status: 200, json: {} };
    await page.getByTestId("checkout-button").click();
    await expect(page.getByText("Błąd płatności")).toHaveCount(2);
  });

  test("the preview's 'Przejdź do płatności' starts checkout the same way", async ({ page }) => {
    await addProduct(page, "naklejki-pack-vol-1");
    let body: { deliveryMethod?: string; lines?: unknown[] } | undefined;
    await page.route("**/api/checkout", async (route) => {
      body = route.request().postDataJSON();
      await route.fulfill({ json: { url: `${process.env.E2E_BASE_URL}/merch?z=podgladu` } });
    });
    await page.getByTestId("cart-link").hover();
    await page.getByTestId("cart-preview-checkout").click();
    await expect(page).toHaveURL(/z=podgladu/);
    expect(body?.deliveryMethod).toBe("courier");
    expect(body?.lines).toHaveLength(1);
  });
});
