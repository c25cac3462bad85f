import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, signedIn, waitForHydration } from "../support/fixtures";
import { unique } from "../support/names";
import { createProduct } from "./admin-support";

// Several page loads per test on a shared machine: allow more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const MODE_COOKIE = "inpost-standin";
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

/** Adds a product from its page (real ids, real prices), like a customer; waits for the cart's answer. */
async function addProduct(page: Page, slug: string, options: { size?: string; quantity?: number } = {}) {
  await page.goto(`/merch/${slug}`);
  await waitForHydration(page);
  if (options.size) await page.getByTestId("size-picker").getByText(options.size, { exact: true }).click();
  for (let i = 1; i < (options.quantity ?? 1); i++) {
    await page.getByTestId("product-quantity").getByRole("button", { name: "Zwiększ ilość" }).click();
  }
  const answered = page.waitForResponse(
    (response) => response.url().includes("/cart.data") && response.request().method() === "POST",
  );
  await page.getByTestId("add-to-cart").click();
  expect((await answered).ok()).toBe(true);
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

/** A context signed in as the demo admin, for the panel's endpoints. */
function adminContext(browser: Browser) {
  return browser.newContext({ storageState: signedIn("admin"), baseURL: process.env.E2E_BASE_URL });
}

/** Adds a product as the product page's form does without scripts (the cart answers with a redirect). */
async function addByForm(page: Page, productId: string, quantity: number) {
  const response = await page.request.post("/cart", {
    form: { intent: "add", productId, variantId: "", quantity: String(quantity) },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

/**
 * One of the products list's quick actions (stock, sale), as the panel sends it. A context of its own
 * each time: a kept-alive connection left idle while the cart was used may be closed under it.
 */
async function panelAction(browser: Browser, form: Record<string, string>) {
  const admin = await adminContext(browser);
  try {
    const response = await admin.request.post("/admin/products", { form });
    expect(response.ok(), await response.text()).toBe(true);
  } finally {
    await admin.close();
  }
}

/** A product of the test's own, made in the panel; its id. */
async function ownProduct(browser: Browser, product: Parameters<typeof createProduct>[1]) {
  const admin = await adminContext(browser);
  try {
    return await createProduct(admin, product);
  } finally {
    await admin.close();
  }
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
    // The cart is the server's: nothing of it in the browser's storage.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("cart"))),
    ).toEqual([]);

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

// The empty cart and the summary's essentials as the server renders them (after the product page's form
// without JavaScript) are read in tests/http/shop-pages.test.ts.
test.describe("cart page", () => {
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
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
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

  test("shows what the server finds: short stock and products no longer sold, each with its fix", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // Products of this test's own, whose stock and sale the panel changes after they are in the cart.
    const short = await ownProduct(browser, { name: unique("Koszyk mało"), price: "30,00", stock: 5 });
    const gone = await ownProduct(browser, { name: unique("Koszyk wycofany"), price: "20,00", stock: 5 });
    await addByForm(page, short, 3);
    await addByForm(page, gone, 1);
    await panelAction(browser, { intent: "set-stock", productId: short, stockQuantity: "2" });
    await panelAction(browser, { intent: "set-active", productId: gone, isActive: "false" });

    await openCart(page);
    const lines = page.getByTestId("cart-line");
    await expect(lines.nth(0)).toHaveAttribute("data-status", "insufficient_stock");
    await expect(lines.nth(0).getByTestId("line-problem")).toContainText("zostało tylko 2 szt.");
    await expect(lines.nth(1)).toHaveAttribute("data-status", "unavailable");
    await expect(lines.nth(1).getByTestId("line-problem")).toContainText("nie jest już dostępny");
    await expect(page.getByTestId("cart-blocked")).toBeVisible();
    await expect(page.getByTestId("checkout-button")).toBeDisabled();
    // Subtotal counts what can be bought, at the server's prices.
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("90,00 zł"));

    await lines.nth(0).getByRole("button", { name: "Zmień na 2 szt." }).click();
    await expect(lines.nth(0)).toHaveAttribute("data-status", "ok");
    await lines.nth(1).getByTestId("line-problem").getByRole("button", { name: "Usuń" }).click();
    await expect(lines).toHaveCount(1);
    await expect(page.getByTestId("cart-blocked")).toHaveCount(0);
    await expect(page.getByTestId("totals-subtotal")).toHaveText(money("60,00 zł"));
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

  test("a valid code is upper-cased, applied, kept by the cart and removed", async ({ page }) => {
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
    await expect(page.getByTestId("discount-applied")).toContainText("−6,90");

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("discount-applied")).toContainText("NOKTURN10");
    await expect(page.getByTestId("totals-total")).toHaveText(money("79,09 zł"));

    await page.getByTestId("discount-remove").click();
    await expect(page.getByText("Kod usunięty")).toBeVisible();
    await expect(page.getByTestId("totals-total")).toHaveText(money("85,99 zł"));
    await page.reload();
    await expect(page.getByTestId("discount-form")).toBeVisible();
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
      await expect(page.getByTestId("discount-applied")).toHaveCount(0);
    }
  });
});

test.describe("parcel locker and checkout", () => {
  test("InPost without a locker: checkout is refused with the reason, at the locker too", async ({
    page,
  }) => {
    await addProduct(page, "torba-nokturn-tote");
    await openCart(page);
    await page.getByTestId("delivery-inpost").check();
    await expect(page.getByTestId("locker-missing")).toBeVisible();
    await expect(page.getByTestId("cart-totals")).toHaveAttribute("aria-busy", "false");
    await page.getByTestId("checkout-button").click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Wybierz Paczkomat", { exact: true })).toBeVisible();
    await expect(toast.getByText("Musisz wybrać Paczkomat InPost przed płatnością")).toBeVisible();
    await expect(page.getByTestId("locker-code-error")).toHaveText(
      "Musisz wybrać Paczkomat InPost przed płatnością",
    );
    await expect(page).toHaveURL(/\/cart$/);
  });

  test("choosing a point in the Geowidget keeps it, and checkout goes to the payment page", async ({
    page,
  }) => {
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

    // The cart keeps the choice (it is the server's).
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("delivery-inpost")).toBeChecked();
    await expect(page.getByTestId("selected-locker")).toContainText("WRO01M");

    // The busy label while the form is being sent.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/cart\.data/, async (route) => {
      if (route.request().method() === "POST") await held;
      await route.continue();
    });
    await expect(page.getByTestId("checkout-button")).toBeEnabled();
    await page.getByTestId("checkout-button").click();
    await expect(page.getByTestId("checkout-button")).toHaveText("Przekierowywanie...");
    await expect(page.getByTestId("checkout-button")).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Dostawa (Paczkomat InPost)")).toBeVisible();
    await expect(page.getByTestId("test-payment-total")).toHaveText(money("258,00 zł"));
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

  test("checkout refused: a product sold out meanwhile is named, and the cart stays", async ({
    page,
    browser,
  }) => {
    const name = unique("Koszyk ostatnia sztuka");
    const productId = await ownProduct(browser, { name, price: "25,00", stock: 1 });
    await addByForm(page, productId, 1);
    await openCart(page);
    // Sold out while the page was open: the button still reads as it did.
    await panelAction(browser, { intent: "set-stock", productId, stockQuantity: "0" });
    await page.getByTestId("checkout-button").click();
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast.getByText("Produkt niedostępny", { exact: true })).toBeVisible();
    await expect(page.getByTestId("cart-error")).toContainText(`Produkt „${name}” nie jest już dostępny`);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId("checkout-button")).toHaveText("Zamawiam z obowiązkiem zapłaty");
  });

  test("the preview's 'Przejdź do płatności' starts checkout the same way", async ({ page }) => {
    await addProduct(page, "naklejki-pack-vol-1");
    await expect(page.getByTestId("cart-badge")).toHaveText("1");
    await page.getByTestId("cart-link").hover();
    await expect(page.getByTestId("cart-preview-line")).toHaveCount(1);
    await page.getByTestId("cart-preview-checkout").click();
    await expect(page).toHaveURL(/\/platnosc-testowa\/[0-9a-f-]{36}$/);
    // 19,00 zł and the courier (the cart's default).
    await expect(page.getByTestId("test-payment-total")).toHaveText(money("35,99 zł"));
    await expect(page.getByText("Dostawa (Kurier)")).toBeVisible();
  });
});
