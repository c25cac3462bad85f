/**
 * The account, login and admin-entry pages as the production server answers them (moved from
 * tests/e2e/accounts.test.ts, invitations.test.ts and admin-access.test.ts, issue #37): where a login or
 * a logout sends the visitor (the Location of the real HTTP answer, after the server's own URL
 * handling), the account pages as a signed-in visitor gets them, another user's order, an unknown
 * invitation link, who is let into /admin and the panel's tabs. The browser flows (hydrated forms, the
 * avatar menu, the order dialog, axe) stay in tests/e2e.
 *
 * Every login here is a session of its own: the shared sessions (`cookieOf`) are only read with, never
 * logged out (logging out deletes the session row the other files share).
 */
import { describe, expect, test } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../db/seed";
import { collapse, type FetchPageOptions, fetchPage, type HtmlPage } from "../support/html";
import { slugOf, unique } from "../support/names";

/** The `name=value` of the session cookie an answer sets, or undefined when it sets none. */
function sessionCookieOf(page: HtmlPage) {
  return page.headers
    .getSetCookie()
    .find((cookie) => cookie.includes("session_token="))
    ?.split(";")[0];
}

/** A request not followed: the answer itself (status, Location, cookies). */
function answer(path: string, options: FetchPageOptions = {}) {
  return fetchPage(path, { ...options, redirect: "manual" });
}

/**
 * Logs in as a browser without JavaScript does: opens `path` (an /auth URL), fills the login form's
 * e-mail and password, and sends the form with its hidden fields to its action. Not followed.
 */
async function loginThroughForm(path: string, email: string, password: string, cookie?: string) {
  const page = await fetchPage(path, cookie ? { headers: { cookie } } : {});
  expect(page.status, path).toBe(200);
  const form = page.one("form#login-form");
  const fields = new URLSearchParams();
  for (const input of form.querySelectorAll('input[type="hidden"]')) {
    fields.set(input.getAttribute("name") ?? "", input.getAttribute("value") ?? "");
  }
  fields.set("email", email);
  fields.set("password", password);
  return answer(form.getAttribute("action") ?? path, {
    form: fields,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** The element of `within` matching `selector` whose collapsed text is `text` (none: undefined). */
function byText(within: HtmlPage | Element, selector: string, text: string) {
  const elements = "all" in within ? within.all(selector) : [...within.querySelectorAll(selector)];
  return elements.find((element) => collapse(element.textContent) === text);
}

/** A Polish long date, as the account shows the registration date. */
const POLISH_DATE =
  /^\d{1,2} (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \d{4}$/;

describe("where login and logout send the visitor (moved from e2e accounts.test.ts)", () => {
  test("a new session id on every login, and a redirect to another site is ignored", async () => {
    const first = await loginThroughForm(
      `/auth?redirect=${encodeURIComponent("//evil.example")}`,
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
    );
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toBe("/account");
    const firstSession = sessionCookieOf(first);
    expect(firstSession).toMatch(/session_token=.+/);

    const second = await loginThroughForm(
      `/auth?redirect=${encodeURIComponent("https://evil.example/steal")}`,
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
    );
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toBe("/account");
    const secondSession = sessionCookieOf(second);
    expect(secondSession).toMatch(/session_token=.+/);
    expect(secondSession).not.toBe(firstSession);

    // Signed in, /auth itself sends the visitor on (never to another site).
    const signedIn = await answer("/auth?redirect=//evil.example", {
      headers: { cookie: secondSession ?? "" },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/account");
  });

  test("redirect tricks that only normalisation reveals never leave the site, at login or logout (issue 14)", async () => {
    const credentials = { intent: "login", email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password };
    for (const target of [
      "/.//evil.example",
      "/a/..//evil.example",
      "/%2F/evil.example",
      "/\\evil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "javascript:alert(1)",
      "https:evil.example",
    ]) {
      // The attack review's request: POST /auth?redirect=%2F.%2F%2Fevil.example with valid credentials.
      const login = await answer(`/auth?redirect=${encodeURIComponent(target)}`, {
        form: { ...credentials, redirectTo: target },
      });
      expect(login.status, target).toBe(303);
      expect(login.headers.get("location"), target).toBe("/account");
    }

    // A session of its own (never the shared one), ended by the first logout; the cookie the answers
    // set is sent on, as a browser does.
    const signedIn = await answer("/auth", { form: credentials });
    let cookie = sessionCookieOf(signedIn) ?? "";
    expect(cookie).toMatch(/session_token=.+/);
    for (const redirectTo of ["/.//evil.example", "//evil.example", "/%2F/evil.example"]) {
      const out = await answer("/logout", { form: { intent: "logout", redirectTo }, headers: { cookie } });
      expect(out.status, redirectTo).toBe(303);
      expect(out.headers.get("location"), redirectTo).toBe("/");
      cookie = sessionCookieOf(out) ?? cookie;
    }
  });

  test("signed-out visitors of the account go to /auth with the origin kept, and come back after login", async () => {
    const visit = await answer("/account/orders");
    expect(visit.status).toBe(302);
    const loginPage = visit.headers.get("location") ?? "";
    expect(loginPage).toBe("/auth?redirect=%2Faccount%2Forders");

    // The login form of that page, sent as a plain form: back to the page the visitor wanted.
    const login = await loginThroughForm(loginPage, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/account/orders");
    const back = await fetchPage("/account/orders", { headers: { cookie: sessionCookieOf(login) ?? "" } });
    expect(back.status).toBe(200);
    expect(back.url).toBe("/account/orders");
  });
});

describe("the account pages as the signed-in visitor gets them (moved from e2e accounts.test.ts)", () => {
  test("the account of a customer: e-mail, Polish registration date, id; no admin panel", async () => {
    const page = await fetchPage("/account", { as: "customer" });
    expect(page.status).toBe(200);
    expect(collapse(page.one("h1").textContent)).toBe("MOJE KONTO");
    expect(collapse(page.one('[data-testid="account-email"]').textContent)).toBe(DEMO_CUSTOMER.email);
    expect(collapse(page.one('[data-testid="account-created"]').textContent)).toMatch(POLISH_DATE);
    expect(collapse(page.one('[data-testid="account-id"]').textContent)).toMatch(/^[0-9a-f-]{36}$/);
    const sidebar = page.one('nav[aria-label="Konto"]');
    expect(byText(sidebar, "a", "Profil")?.getAttribute("aria-current")).toBe("page");
    expect(byText(sidebar, "a", "Zamówienia")?.getAttribute("href")).toBe("/account/orders");
    expect(byText(sidebar, "button", "Wyloguj się")).toBeDefined();
    expect(byText(sidebar, "a", "Panel Admina")).toBeUndefined();
  });

  test("the account of an admin shows 'Panel Admina'", async () => {
    const page = await fetchPage("/account", { as: "admin" });
    expect(page.status).toBe(200);
    expect(collapse(page.one('[data-testid="account-email"]').textContent)).toBe(DEMO_ADMIN.email);
    const sidebar = page.one('nav[aria-label="Konto"]');
    expect(byText(sidebar, "a", "Panel Admina")?.getAttribute("href")).toBe("/admin");
  });

  test("the customer's orders: the two seeded ones newest first, with status, items and total", async () => {
    const page = await fetchPage("/account/orders", { as: "customer" });
    expect(page.status).toBe(200);
    expect(collapse(page.one("h1").textContent)).toBe("MOJE ZAMÓWIENIA");
    // The two seeded orders are the oldest, newest first; tests buying as the customer on this server
    // add newer ones above them.
    const cards = page.all('[data-testid="order-card"]');
    expect(cards.length).toBeGreaterThanOrEqual(2);
    const [processing, completed] = cards.slice(-2);
    const text = (card: Element, selector: string) => collapse(card.querySelector(selector)?.textContent);
    expect(text(processing, '[data-testid="order-status-badge"]')).toBe("W trakcie");
    expect(collapse(processing.textContent)).toContain("1 produkt");
    expect(text(processing, '[data-testid="order-total"]')).toMatch(/^82,99\szł$/);
    expect(text(completed, '[data-testid="order-status-badge"]')).toBe("Zrealizowane");
    expect(collapse(completed.textContent)).toContain("3 produkty");
    expect(text(processing, "h1, h2, h3, h4, h5, h6")).toMatch(/^#[0-9A-F]{8}$/);
  });

  test("without scripts, 'Zobacz szczegóły' shows the order's details on the page itself", async () => {
    const orders = await fetchPage("/account/orders", { as: "customer" });
    expect(orders.all('[data-testid="order-section"]')).toHaveLength(0);
    const completed = orders.all('[data-testid="order-card"]').at(-1);
    const href = completed?.querySelector('a[href*="order="]')?.getAttribute("href") ?? "";
    expect(href).toMatch(/^\/account\/orders\?order=[0-9a-f-]{36}$/);
    const page = await fetchPage(href, { as: "customer" });
    expect(page.status).toBe(200);
    const section = page.one('[data-testid="order-section"]');
    expect(collapse(section.querySelector("h2")?.textContent)).toMatch(/^Zamówienie #[0-9A-F]{8}$/);
    expect(section.querySelectorAll('[data-testid="order-items"] li').length).toBeGreaterThan(0);
    expect(collapse(section.querySelector('[data-testid="order-dialog-total"]')?.textContent)).toMatch(/zł$/);
    expect(byText(section, "a", "Zamknij")?.getAttribute("href")).toBe("/account/orders");
    expect(byText(section, "a", "Pełna strona zamówienia")?.getAttribute("href")).toMatch(/^\/zamowienie\//);
  });

  test("another user's order answers 404; a new account has no orders", async () => {
    const orders = await fetchPage("/account/orders", { as: "customer" });
    const completed = orders.all('[data-testid="order-card"]').at(-1);
    const href = completed?.querySelector('a[href*="order="]')?.getAttribute("href") ?? "";
    const orderId = new URLSearchParams(href.split("?")[1]).get("order") ?? "";
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/);

    // A new account (its own address), signed in through the forms.
    const email = `${slugOf(unique("http-obcy"))}@example.pl`;
    const signup = await answer("/auth?tab=signup", {
      form: { intent: "signup", email, password: "sekret6", confirmPassword: "sekret6" },
    });
    expect(signup.status).toBe(200);
    expect(collapse(signup.one('[data-testid="signup-success"]').textContent)).toContain(
      "Konto utworzone! Możesz się teraz zalogować.",
    );
    const login = await loginThroughForm("/auth?redirect=%2Faccount%2Forders", email, "sekret6");
    expect(login.headers.get("location")).toBe("/account/orders");
    const cookie = sessionCookieOf(login) ?? "";

    const own = await fetchPage("/account/orders", { headers: { cookie } });
    expect(own.status).toBe(200);
    expect(own.text()).toContain("Nie masz jeszcze żadnych zamówień");
    expect(byText(own, "main a", "Przejdź do sklepu")?.getAttribute("href")).toBe("/merch");
    expect((await fetchPage(`/account/orders?order=${orderId}`, { headers: { cookie } })).status).toBe(404);
    expect((await fetchPage(`/zamowienie/${orderId}`, { headers: { cookie } })).status).toBe(404);
  });
});

describe("invitations (moved from e2e invitations.test.ts)", () => {
  test("an unknown link shows a clear Polish page", async () => {
    const page = await fetchPage("/zaproszenie/nie-ma-takiego-zaproszenia-0123456789", { as: "admin" });
    expect(page.status).toBe(404);
    expect(collapse(page.one("h1").textContent)).toBe("Nieprawidłowy link zaproszenia");
    expect(collapse(page.one('[data-testid="invitation-problem"]').textContent)).toContain(
      "poproś administratora o nowe zaproszenie",
    );
  });
});

describe("who gets into /admin (moved from e2e admin-access.test.ts)", () => {
  test("a guest is sent to /auth with the page they wanted", async () => {
    const panel = await fetchPage("/admin?tab=products");
    expect(panel.status).toBe(200);
    expect(panel.url).toBe("/auth?redirect=%2Fadmin%3Ftab%3Dproducts");
    const newProduct = await fetchPage("/admin/products/new");
    expect(newProduct.status).toBe(200);
    expect(newProduct.url).toBe("/auth?redirect=%2Fadmin%2Fproducts%2Fnew");
  });

  test("the admin's panel: its tabs in the URL, each a route of its own; old ?tab= links redirect", async () => {
    const tabs = (page: HtmlPage) => page.one('nav[aria-label="Sekcje panelu"]');
    const current = (page: HtmlPage) =>
      [...tabs(page).querySelectorAll('a[aria-current="page"]')].map((a) => collapse(a.textContent));

    const panel = await fetchPage("/admin", { as: "admin" });
    expect(panel.status).toBe(200);
    // The panel opens on "Pulpit" (issue #41), its charts in the HTML.
    expect(panel.url).toBe("/admin/dashboard");
    expect(collapse(panel.one("h1").textContent)).toBe("PANEL ADMINA");
    for (const label of [
      "Pulpit",
      "Zamówienia",
      "Produkty",
      "Promocje",
      "Użytkownicy",
      "Zaproszenia",
      "Kody rabatowe",
      "Galerie",
      "Ambasadorzy",
      "Wydarzenia",
      "E-maile",
    ]) {
      expect(byText(tabs(panel), "a", label), label).toBeDefined();
    }
    expect(current(panel)).toEqual(["Pulpit"]);
    expect(panel.all('[data-testid="dashboard"]')).toHaveLength(1);

    // Each tab is a page of its own: loaded directly, it is the current one.
    const products = await fetchPage("/admin/products", { as: "admin" });
    expect(products.status).toBe(200);
    expect(current(products)).toEqual(["Produkty"]);

    const galleries = await fetchPage("/admin?tab=galleries", { as: "admin" });
    expect(galleries.url).toBe("/admin/galleries");
    expect(current(galleries)).toEqual(["Galerie"]);

    const unknown = await fetchPage("/admin?tab=nieznana", { as: "admin" });
    expect(unknown.status).toBe(200);
    expect(unknown.url).toBe("/admin/dashboard");
    expect(unknown.all('[data-testid="dashboard"]')).toHaveLength(1);
  });
});
