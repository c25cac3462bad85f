/**
 * The account forms with JavaScript off (issue #38; moved from tests/e2e/no-script-forms-accounts.test.ts):
 * each is a plain HTML form, read out of the page the server rendered and sent as the browser sends it
 * (tests/support/forms.ts), and its answer is in the page the server sends back, in the same words as the
 * toast of the enhanced form — a flash after a 303 (login, logout, a resent verification link), or the
 * page's own status box and the form's errors, with what was typed kept (a refused login, sign-up, reset
 * request, invitation). The enhanced paths and their toasts: e2e accounts.test.ts and
 * invitations.test.ts; the same message both ways is checked in tests/integration/accounts.test.ts and
 * invitations.test.ts ("plain and enhanced").
 *
 * Every account here is new (its own address); the shared seeded sessions are never logged out.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, inject, test } from "vitest";
import { DEMO_CUSTOMER } from "../../db/seed";
import { CookieJar, formIn, noticeIn, openPage, submitForm, textOf } from "../support/forms";
import { baseUrl, cookieOf, type HtmlPage } from "../support/html";
import { mailsIn } from "../support/mail-files";

const PASSWORD = "sekret-bez-skryptow";
const LOGIN = 'form[aria-label="Logowanie"]';
const SIGNUP = 'form[aria-label="Rejestracja"]';

/** A new address per test: rate limits and accounts never collide between tests or runs. */
function uniqueEmail(label: string) {
  return `http-${label}-${Date.now().toString(36)}-${randomBytes(3).toString("hex")}@example.pl`;
}

/** The value a field of the form shows as the server rendered it. */
function valueIn(page: HtmlPage, formSelector: string, name: string) {
  return formIn(page, formSelector).field(name).getAttribute("value") ?? "";
}

/** The elements whose collapsed text is `text` (as getByText finds them), outside hidden parts. */
function shownWithText(page: HtmlPage, selector: string, text: string) {
  return page
    .all(selector)
    .filter((element) => textOf(element) === text && !element.closest("[hidden], [aria-hidden='true']"));
}

/** Logs in with the login form of `path` (an /auth URL). */
async function submitLogin(jar: CookieJar, path: string, email: string, password: string) {
  const { page } = await openPage(path, jar);
  return submitForm(page, LOGIN, { email, password }, jar, { button: "Zaloguj się" });
}

/** A new account through the sign-up tab, sent as a plain form. */
async function signUpPlain(jar: CookieJar, email: string, password = PASSWORD) {
  const { page } = await openPage("/auth?tab=signup", jar);
  return submitForm(page, SIGNUP, { email, password, confirmPassword: password }, jar, {
    button: "Załóż konto",
  });
}

describe("the account forms without JavaScript", () => {
  test("a wrong password: the page says so in the toast's words, the e-mail kept, the password not", async () => {
    const jar = new CookieJar();
    const email = uniqueEmail("bez-skryptow-zle");
    const refused = await submitLogin(jar, "/auth", email, "zle-haslo");
    expect(refused.url).toMatch(/\/auth$/);
    expect(textOf(refused.page.one('[data-testid="login-error"]'))).toBe("Nieprawidłowy email lub hasło");
    expect(textOf(noticeIn(refused.page))).toBe("Nieprawidłowy email lub hasło");
    expect(valueIn(refused.page, LOGIN, "email")).toBe(email);
    expect(valueIn(refused.page, LOGIN, "password")).toBe("");
  });

  test("a login goes to where the visitor was going, with the 'Zalogowano pomyślnie!' flash", async () => {
    const jar = new CookieJar();
    const done = await submitLogin(
      jar,
      "/auth?redirect=%2Faccount%2Forders",
      DEMO_CUSTOMER.email,
      DEMO_CUSTOMER.password,
    );
    expect(done.status).toBe(303);
    expect(done.url).toMatch(/\/account\/orders$/);
    expect(textOf(noticeIn(done.page))).toBe("Zalogowano pomyślnie!");
    // Shown once: the next page has no flash.
    const next = await openPage("/account", jar);
    expect(next.url).toMatch(/\/account$/);
    expect(noticeIn(next.page)).toBeUndefined();
  });

  test("sign-up: invalid fields are explained in the page, what was typed kept; then the account is made", async () => {
    const jar = new CookieJar();
    const email = uniqueEmail("bez-skryptow-konto");
    const refused = await signUpPlain(jar, email, "12345");
    expect(textOf(noticeIn(refused.page))).toBe("Popraw zaznaczone pola.");
    expect(shownWithText(refused.page, "*", "Hasło musi mieć minimum 6 znaków").length).toBeGreaterThan(0);
    expect(valueIn(refused.page, SIGNUP, "email")).toBe(email);

    const made = await signUpPlain(jar, email);
    expect(textOf(made.page.one('[data-testid="signup-success"]'))).toContain(
      "Konto utworzone! Możesz się teraz zalogować.",
    );
    expect(textOf(noticeIn(made.page))).toContain("Konto utworzone! Możesz się teraz zalogować.");
    expect(textOf(noticeIn(made.page))).toContain(
      "Wysłaliśmy Ci e-mail powitalny z linkiem potwierdzającym adres.",
    );
  });

  test("a reset link: the e-mail-sent page with the toast's words", async () => {
    const jar = new CookieJar();
    const { page } = await openPage("/reset-password", jar);
    const form = "form#reset-password-form";
    const refused = await submitForm(page, form, { email: "nie-email" }, jar, {
      button: "Wyślij link resetujący",
    });
    expect(shownWithText(refused.page, "*", "Nieprawidłowy adres email").length).toBeGreaterThan(0);
    expect(textOf(noticeIn(refused.page))).toBe("Popraw zaznaczone pola.");
    expect(valueIn(refused.page, form, "email")).toBe("nie-email");

    const email = uniqueEmail("bez-skryptow-reset");
    const sent = await submitForm(refused.page, form, { email }, jar, { button: "Wyślij link resetujący" });
    expect(shownWithText(sent.page, "h1, h2, h3", "Email wysłany!")).toHaveLength(1);
    expect(textOf(noticeIn(sent.page))).toContain("Email wysłany");
    expect(textOf(noticeIn(sent.page))).toContain("Sprawdź swoją skrzynkę pocztową");
  });

  test("a new verification link from the account page, then a logout: back with each one's flash", async () => {
    const jar = new CookieJar();
    const email = uniqueEmail("bez-skryptow-link");
    const made = await signUpPlain(jar, email);
    expect(made.page.all('[data-testid="signup-success"]')).toHaveLength(1);
    const account = await submitLogin(jar, "/auth?redirect=%2Faccount", email, PASSWORD);
    expect(account.url).toMatch(/\/account$/);

    const resend = shownWithText(account.page, "button", "Wyślij link ponownie");
    expect(resend).toHaveLength(1);
    const resent = await submitForm(account.page, resend[0], {}, jar, { button: resend[0] });
    expect(resent.url).toMatch(/\/account$/);
    expect(textOf(noticeIn(resent.page))).toContain("Wysłaliśmy nowy link potwierdzający");
    expect(textOf(noticeIn(resent.page))).toContain("Sprawdź swoją skrzynkę pocztową.");

    const [logout] = shownWithText(resent.page, "button", "Wyloguj się");
    const out = await submitForm(resent.page, logout, {}, jar, { button: logout });
    expect(out.url).toMatch(/^\/$/);
    expect(textOf(noticeIn(out.page))).toBe("Wylogowano pomyślnie!");
    const after = await openPage("/account", jar);
    expect(after.url).toMatch(/\/auth\?redirect=%2Faccount$/);
  });

  test("an invitation: a wrong password is refused in the page, then a sign-up through it accepts it", async () => {
    const email = uniqueEmail("bez-skryptow-zaproszenie");
    const link = await invite(email);

    // Without scripts the tabs are links: the page renders the chosen form.
    const jar = new CookieJar();
    const invitation = await openPage(link, jar);
    const loginTab = tab(invitation.page, "Mam już konto");
    const loginPage = await openPage(loginTab, jar);
    expect(loginPage.url).toMatch(/\?tab=login$/);
    const refused = await submitForm(loginPage.page, LOGIN, { password: "zle-haslo" }, jar, {
      button: "Zaloguj się i przyjmij zaproszenie",
    });
    expect(textOf(noticeIn(refused.page))).toBe("Nieprawidłowy email lub hasło");
    expect(textOf(refused.page.one('[data-testid="invitation-login-error"]'))).toBe(
      "Nieprawidłowy email lub hasło",
    );

    const signupPage = await openPage(tab(refused.page, "Nowe konto"), jar);
    const accepted = await submitForm(
      signupPage.page,
      SIGNUP,
      { password: PASSWORD, confirmPassword: PASSWORD },
      jar,
      { button: "Załóż konto i przyjmij zaproszenie" },
    );
    expect(textOf(accepted.page.one('[data-testid="invitation-accepted"]'))).toContain("Użytkownik");
    expect(textOf(noticeIn(accepted.page))).toContain("Zaproszenie przyjęte");
    expect(textOf(noticeIn(accepted.page))).toContain("Twoja rola: Użytkownik");
  });
});

/** The href of the tab (a link without scripts) named `name`. */
function tab(page: HtmlPage, name: string) {
  const tabs = page.all('[role="tab"]').filter((element) => textOf(element) === name);
  expect(tabs, `the tab "${name}"`).toHaveLength(1);
  const href = tabs[0].getAttribute("href");
  expect(href, `the tab "${name}" is a link`).toBeTruthy();
  const target = new URL(href ?? "", new URL(page.url, baseUrl()));
  return `${target.pathname}${target.search}`;
}

/** A new invitation for `email` sent by the admin (the panel's own action), and its link's path. */
async function invite(email: string) {
  const sent = await fetch(`${baseUrl()}/admin/invitations`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: baseUrl(),
      cookie: cookieOf("admin") ?? "",
    },
    body: new URLSearchParams({ intent: "send", email, role: "user" }),
  });
  expect(sent.status).toBeLessThan(400);
  await expect
    .poll(() => mailsIn(inject("dataDir"), email, "invitation").length, {
      timeout: 25_000,
      interval: 100,
      message: `invitation to ${email}`,
    })
    .toBeGreaterThan(0);
  const match = /https?:\/\/[^/\s"]+(\/zaproszenie\/[A-Za-z0-9_-]+)/.exec(
    mailsIn(inject("dataDir"), email, "invitation")[0],
  );
  if (!match) throw new Error(`No invitation link for ${email}`);
  return match[1];
}
