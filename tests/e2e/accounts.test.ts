/**
 * Accounts in the browser (SPEC §2 Auth, Account, Orders, Password screens; §5; §8): validation
 * messages, sign-up with the welcome e-mail, login and its redirect rules, the avatar menu, logout ending
 * the session on the server, password reset from the captured e-mail, the account and order pages,
 * e-mail verification joining guest orders. Every test uses its own new address, so no test trips the
 * limits meant for attackers (those, the lock-out rule and the expired reset link are tested in
 * tests/integration/accounts.test.ts). Tests whose subject is not the login start signed in. The server's
 * answers without a browser (where a login or logout sends the visitor, the account pages as rendered,
 * another user's order) are in tests/http/account-pages.test.ts.
 */
import { expect, test } from "@playwright/test";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import { checkoutThroughCart, postWithPage } from "../support/cart-checkout";
import { expectNoSeriousA11yViolations, signedIn, waitForHydration } from "../support/fixtures";
import { payOnTestPage } from "../support/test-payment";
import { fillLogin, linkFromMail, login, signUp, uniqueEmail } from "./accounts-support";

// Multi-step flows (sign-up, e-mail, login, …): more time than a single page check needs.
test.describe.configure({ timeout: 90_000 });

test.describe("/auth validation", () => {
  test("shows every validation message in Polish, in the browser and from the server", async ({
    page,
    browser,
  }) => {
    await page.goto("/auth");
    await waitForHydration(page);
    await expect(page.getByRole("tab", { name: "Logowanie" })).toHaveAttribute("aria-selected", "true");

    // Login: required fields, then a malformed address.
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page.getByText("Podaj adres email")).toBeVisible();
    await expect(page.getByText("Podaj hasło")).toBeVisible();
    await page.getByLabel("E-mail").fill("to-nie-email");
    await page.getByLabel("Hasło", { exact: true }).fill("cokolwiek");
    await page.getByRole("button", { name: "Zaloguj się" }).click();
    await expect(page.getByText("Nieprawidłowy adres email")).toBeVisible();

    // Wrong credentials: one message from the server, the e-mail kept, the password not.
    await fillLogin(page, uniqueEmail("nieznany"), "zle-haslo");
    await expect(page.getByTestId("login-error")).toHaveText("Nieprawidłowy email lub hasło");
    await expect(page.getByLabel("Hasło", { exact: true })).toHaveValue("");

    // Sign-up: required, too short, not matching.
    await page.getByRole("tab", { name: "Rejestracja" }).click();
    await expect(page).toHaveURL(/tab=signup/);
    await page.getByRole("button", { name: "Załóż konto" }).click();
    await expect(page.getByText("Podaj adres email")).toBeVisible();
    await expect(page.getByText("Podaj hasło")).toBeVisible();
    await expect(page.getByText("Powtórz hasło", { exact: true }).last()).toBeVisible();
    await page.getByLabel("E-mail").fill("zly@adres");
    await page.getByLabel("Hasło", { exact: true }).fill("abc");
    await page.getByLabel("Powtórz hasło", { exact: true }).fill("abd");
    await page.getByRole("button", { name: "Załóż konto" }).click();
    await expect(page.getByText("Nieprawidłowy adres email")).toBeVisible();
    await expect(page.getByText("Hasło musi mieć minimum 6 znaków")).toBeVisible();
    await expect(page.getByText("Hasła nie są identyczne")).toBeVisible();

    // Reset request and new password screens.
    await page.goto("/reset-password");
    await waitForHydration(page);
    await page.getByLabel("E-mail").fill("nie-email");
    await page.getByRole("button", { name: "Wyślij link resetujący" }).click();
    await expect(page.getByText("Nieprawidłowy adres email")).toBeVisible();
    await expect(page.getByRole("link", { name: "Wróć do logowania" })).toHaveAttribute("href", "/auth");

    // Before hydration the forms are answered by the server with the same messages (status 400).
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/auth?tab=signup");
    await plain.getByLabel("E-mail").fill("ktos@example.pl");
    await plain.getByLabel("Hasło", { exact: true }).fill("12345");
    await plain.getByLabel("Powtórz hasło", { exact: true }).fill("54321");
    const [answer] = await Promise.all([
      plain.waitForResponse((response) => response.request().method() === "POST"),
      plain.getByRole("button", { name: "Załóż konto" }).click(),
    ]);
    expect(answer.status()).toBe(400);
    await expect(plain.getByText("Hasło musi mieć minimum 6 znaków")).toBeVisible();
    await expect(plain.getByText("Hasła nie są identyczne")).toBeVisible();
    await expect(plain.getByLabel("E-mail")).toHaveValue("ktos@example.pl");
    await noScript.close();
  });

  test("auth and password screens have no serious accessibility problems", async ({ page }) => {
    for (const path of ["/auth", "/auth?tab=signup", "/reset-password", "/update-password?token=nieznany"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test.describe("sign-up, login, logout", () => {
  test("signs up (welcome e-mail), logs in to the redirect target, uses the avatar menu by keyboard, logs out", async ({
    page,
  }) => {
    const email = uniqueEmail("nowy");
    await signUp(page, email, "sekret6");
    await expect(page.getByTestId("signup-success")).toContainText(
      "Konto utworzone! Możesz się teraz zalogować.",
    );
    // The fields are cleared after sign-up.
    await expect(page.getByLabel("E-mail")).toHaveValue("");
    await expect(page.getByLabel("Hasło", { exact: true })).toHaveValue("");
    // The welcome e-mail carries the verification link.
    const verifyLink = await linkFromMail(email, "welcome", "/verify-email");
    expect(verifyLink).toMatch(/^\/verify-email\?token=/);

    // Login goes to the redirect parameter.
    await login(page, email, "sekret6", "/cart");
    await expect(page).toHaveURL(/\/cart$/);
    // The flash the login left for the next page, shown by the browser (read after the URL, not waited on).
    await expect(page.getByText("Zalogowano pomyślnie!")).toBeVisible();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");

    // The avatar (first letter) opens the menu from the keyboard.
    const avatar = page.getByTestId("account-menu-trigger");
    await expect(avatar).toHaveText("e");
    await avatar.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem")).toHaveText(["Moje konto", "Zamówienia", "Wyloguj się"]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Moje konto" })).toBeFocused();
    // As a person would: the menu has finished opening before the next key.
    await expect
      .poll(() =>
        menu.evaluate((element) =>
          element.getAnimations({ subtree: true }).some((animation) => animation.playState === "running"),
        ),
      )
      .toBe(false);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Zamówienia" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page.getByRole("heading", { name: "MOJE ZAMÓWIENIA" })).toBeVisible();

    // Logout ends the session on the server: the old cookie no longer opens the account.
    const cookieHeader = (await page.context().cookies())
      .filter((cookie) => cookie.name.includes("session_token"))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
    await page.getByTestId("account-menu-trigger").click();
    await page.getByRole("menuitem", { name: "Wyloguj się" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Wylogowano pomyślnie!")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zaloguj się" })).toBeVisible();
    const replay = await page.request.get("/account", { headers: { cookie: cookieHeader }, maxRedirects: 0 });
    expect(replay.status()).toBe(302);
    expect(replay.headers().location).toBe("/auth?redirect=%2Faccount");
  });

  test("login and logout work before hydration (plain form posts)", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/auth?redirect=%2Faccount%2Forders");
    await fillLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expect(page).toHaveURL(/\/account\/orders$/);
    // The seeded orders are the oldest (other tests on this server may have added newer ones).
    await expect(page.getByTestId("order-card").last()).toContainText("Zrealizowane");
    await page
      .getByRole("navigation", { name: "Konto" })
      .getByRole("button", { name: "Wyloguj się" })
      .click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Faccount$/);
    await context.close();
  });

  test("without a redirect parameter, login returns to the previous page; a redirect trick stays on the site", async ({
    page,
  }) => {
    // A plain link and a plain form: the previous page comes from the Referer, no script needed.
    await page.goto("/merch");
    await page.getByRole("link", { name: "Zaloguj się" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await fillLogin(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expect(page).toHaveURL(/\/merch$/);

    // The hydrated form with a redirect only normalisation reveals (issue 14) stays on the site; the
    // server's answers to every such trick, at login and logout, are in tests/http/account-pages.test.ts.
    await page.context().clearCookies();
    await login(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password, "/.//evil.example");
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/account$/);
  });
});

test.describe("password reset", () => {
  test("from the e-mailed link once: new password works, the link is refused the second time", async ({
    page,
  }) => {
    const email = uniqueEmail("reset");
    await signUp(page, email, "stare-haslo");

    await page.goto("/reset-password");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Wyślij link resetujący" }).click();
    await expect(page.getByRole("heading", { name: "Email wysłany!" })).toBeVisible();
    await expect(page.getByText("Link jest ważny przez 1 godzinę")).toBeVisible();
    await expect(page.getByText("Sprawdź swoją skrzynkę pocztową")).toBeVisible();

    const link = await linkFromMail(email, "password-reset", "/update-password");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Ustaw nowe hasło" })).toBeVisible();
    await page.getByLabel("Nowe hasło", { exact: true }).fill("nowe-haslo");
    await page.getByLabel("Powtórz nowe hasło", { exact: true }).fill("inne-haslo");
    await page.getByRole("button", { name: "Ustaw nowe hasło" }).click();
    await expect(page.getByText("Hasła nie są identyczne")).toBeVisible();
    await page.getByLabel("Nowe hasło", { exact: true }).fill("12345");
    await page.getByLabel("Powtórz nowe hasło", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Ustaw nowe hasło" }).click();
    await expect(page.getByText("Hasło musi mieć minimum 6 znaków")).toBeVisible();
    await page.getByLabel("Nowe hasło", { exact: true }).fill("nowe-haslo");
    await page.getByLabel("Powtórz nowe hasło", { exact: true }).fill("nowe-haslo");
    await page.getByRole("button", { name: "Ustaw nowe hasło" }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await fillLogin(page, email, "nowe-haslo");
    await expect(page).toHaveURL(/\/account$/);

    // The link works once.
    await page.goto(link);
    await expect(page.getByTestId("reset-link-invalid")).toBeVisible();
    await expect(page.getByText("Link do zmiany hasła wygasł lub został już użyty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Wyślij nowy link" })).toHaveAttribute(
      "href",
      "/reset-password",
    );
    // Posting it anyway is refused too.
    const token = new URL(link, "http://x").searchParams.get("token") ?? "";
    const reuse = await page.request.post("/update-password", {
      form: { intent: "update-password", token, password: "trzecie-haslo", confirmPassword: "trzecie-haslo" },
      maxRedirects: 0,
    });
    expect(reuse.status()).toBe(400);
  });
});

test.describe("account pages", () => {
  test.use({ storageState: signedIn("customer") });

  // What the account and orders pages show as the server renders them (the customer's and the admin's
  // account, the order cards, another user's 404) is in tests/http/account-pages.test.ts.
  test("the order details dialog, also from a deep link; the account pages have no serious accessibility problems", async ({
    page,
  }) => {
    await page.goto("/account/orders");
    // The two seeded orders are the oldest; tests buying as the customer on this server
    // (checkout-cart, money-back) add newer ones above them.
    const cards = page.getByTestId("order-card");
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(2);
    const completed = cards.nth(count - 1);

    const details = completed.getByRole("link", { name: /Zobacz szczegóły/ });
    const href = (await details.getAttribute("href")) ?? "";
    const orderId = new URLSearchParams(href.split("?")[1]).get("order") ?? "";
    await waitForHydration(page);
    await details.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 2 })).toHaveText(
      `Zamówienie #${orderId.slice(0, 8).toUpperCase()}`,
    );
    await expect(dialog.getByTestId("order-items").getByRole("listitem")).toHaveCount(2);
    await expect(dialog).toContainText("Rozmiar: M");
    await expect(dialog).toContainText("Ilość: 2 × 19,00 zł");
    await expect(dialog).toContainText("Suma");
    await expect(dialog.getByTestId("order-dialog-total")).toHaveText(/183,99\szł/);
    await expect(dialog.getByTestId("order-status-badge")).toHaveText("Zrealizowane");
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
    await expect(page).toHaveURL(/\/account\/orders$/);

    // A deep link opens the dialog.
    await page.goto(`/account/orders?order=${orderId}`);
    await expect(page.getByRole("dialog")).toBeVisible();

    await page.goto("/account");
    await expect(page.getByTestId("account-email")).toHaveText(DEMO_CUSTOMER.email);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("e-mail verification", () => {
  test("a guest's orders join the account only after the address is verified", async ({ page }) => {
    const email = uniqueEmail("gosc");
    // A guest order paid with the test provider.
    const started = await checkoutThroughCart(postWithPage(page.request), {
      lines: [{ productId: demoProductId("torba-nokturn-tote") }],
      deliveryMethod: "courier",
    });
    expect(started.status, started.text).toBe(200);
    await page.goto(new URL(started.url as string, "http://localhost").pathname);
    await payOnTestPage(page, {
      email,
      name: "Gość Później Klient",
      address: "ul. Ruska 1",
      postalCode: "50-079",
    });
    await expect(page.getByTestId("order-created")).toBeVisible();

    // The account exists, but the address is not verified yet: no orders.
    await signUp(page, email, "sekret6");
    await login(page, email, "sekret6", "/account/orders");
    await expect(page.getByText("Nie masz jeszcze żadnych zamówień")).toBeVisible();
    await page.goto("/account");
    await expect(page.getByText("E-mail niepotwierdzony")).toBeVisible();

    const link = await linkFromMail(email, "welcome", "/verify-email");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Adres potwierdzony!" })).toBeVisible();
    await page.getByRole("link", { name: "Moje zamówienia" }).click();
    await expect(page.getByTestId("order-card")).toHaveCount(1);
    await page.goto("/account");
    await expect(page.getByText("E-mail potwierdzony")).toBeVisible();

    // A broken link explains itself.
    await page.goto("/verify-email?token=zepsuty");
    await expect(page.getByTestId("email-verification-failed")).toBeVisible();
  });
});
