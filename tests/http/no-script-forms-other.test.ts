/**
 * The storefront's other forms with JavaScript off (issue #38; moved from
 * tests/e2e/no-script-forms-other.test.ts): each is a plain HTML form, read out of the page the server
 * rendered and sent as the browser sends it (tests/support/forms.ts), and its answer is in the page the
 * server sends back, in the same words as the toast of the enhanced form (a flash after a 303, or the
 * page's own status box). The enhanced paths and their toasts: e2e shop-reviews.test.ts,
 * 3-drops.clock.test.ts, contact.test.ts, money-back.test.ts; the same message both ways is checked in
 * tests/integration (product-reviews, stock-alerts, contact-action, withdrawals).
 */
import { describe, expect, test } from "vitest";
import { demoProductId } from "../../db/seed";
import { checkoutThroughCart, type PostCartForm } from "../support/cart-checkout";
import {
  CookieJar,
  controlValue,
  formIn,
  nameOfLabelled,
  noticeIn,
  openPage,
  postAsForm,
  submitForm,
  textOf,
} from "../support/forms";
import { baseUrl, type HtmlPage } from "../support/html";

const REVIEW = '[data-testid="review-form-plain"]';
const CONTACT = "form#contact-form";
const NOTICE_SENT = "Sprawdź skrzynkę. Jeśli adres jest poprawny, wysłaliśmy link potwierdzający.";

/** The elements matching `selector` whose text is `text` (or matches it). */
function withText(page: HtmlPage | Element, selector: string, text: string | RegExp) {
  const elements = "all" in page ? page.all(selector) : [...page.querySelectorAll(selector)];
  return elements.filter((element) =>
    typeof text === "string" ? textOf(element).includes(text) : text.test(textOf(element)),
  );
}

/** Fills fields found by their labels, as getByLabel(...).fill(...) does. */
function byLabels(page: HtmlPage, form: string | Element, entries: [string | RegExp, string | boolean][]) {
  return Object.fromEntries(entries.map(([label, value]) => [nameOfLabelled(page, form, label), value]));
}

describe("a signed-in customer without JavaScript", () => {
  test("reviews a product: back to the reviews with the thanks (or the edit's notice)", async () => {
    const jar = CookieJar.as("customer");
    const { page } = await openPage("/merch/czapka-nokturn-beanie#reviews", jar);
    const text = `Opinia bez skryptów ${Date.now()}.`;
    const fields = byLabels(page, REVIEW, [
      ["Twoja ocena", "4"],
      ["Twoja opinia", text],
    ]);
    const done = await submitForm(page, REVIEW, fields, jar, { button: "Dodaj opinię" });
    expect(done.status).toBe(303);
    expect(done.url).toMatch(/\/merch\/czapka-nokturn-beanie#reviews$/);
    // The first review of the account, or a rerun's edit of it: the enhanced form's toast words.
    expect(textOf(noticeIn(done.page))).toMatch(/Dziękujemy za opinię!|Opinia zaktualizowana/);
    expect(withText(done.page, '[data-testid="review"]', text)).toHaveLength(1);
  });

  test("a too short review is refused in the page, keeping what was typed", async () => {
    const jar = CookieJar.as("customer");
    const { page } = await openPage("/merch/czapka-nokturn-beanie#reviews", jar);
    const fields = byLabels(page, REVIEW, [["Twoja opinia", "za krótko"]]);
    const refused = await submitForm(page, REVIEW, fields, jar, { button: "Dodaj opinię" });
    expect(textOf(noticeIn(refused.page))).toBe("Opinia musi mieć minimum 10 znaków");
    const comment = formIn(refused.page, REVIEW).field(nameOfLabelled(refused.page, REVIEW, "Twoja opinia"));
    expect(controlValue(comment)).toBe("za krótko");
  });
});

describe("the storefront's other forms without JavaScript", () => {
  test("a guest's review post goes back to the reviews with the sign-in message", async () => {
    // No form is shown to a guest; a post from a stale page or a script-less client gets the message.
    // (From another page: the redirect's target differs from it only by its #fragment otherwise.)
    const jar = new CookieJar();
    await openPage("/", jar);
    // As a browser marks its own form submission (no script): `Sec-Fetch-Mode: navigate` and the
    // site's Origin are what tell the server a plain form.
    const back = await postAsForm(
      "/merch/czapka-nokturn-beanie",
      { intent: "review", rating: "5", comment: "Opinia gościa bez konta." },
      jar,
    );
    expect(back.status).toBe(303);
    expect(textOf(noticeIn(back.page))).toContain("Musisz być zalogowany");
    expect(textOf(noticeIn(back.page))).toContain("Zaloguj się, aby dodać opinię");
  });

  test("'Powiadom mnie' for a sold-out size goes back to the product with the flash", async () => {
    const jar = new CookieJar();
    const { page } = await openPage("/merch/koszulka-nokturn-logo", jar);
    const form = '[data-testid="notify-size"] [data-testid="notify-me-form"]';
    // A textbox: the consent's label speaks of an e-mail too.
    const fields = {
      ...byLabels(page, form, [["E-mail", `bez-skryptow-${Date.now()}@example.com`]]),
      [consentOf(page, form)]: true,
    };
    const done = await submitForm(page, form, fields, jar, { button: "Powiadom mnie" });
    expect(done.status).toBe(303);
    expect(done.url).toMatch(/\/merch\/koszulka-nokturn-logo$/);
    expect(textOf(noticeIn(done.page))).toBe(NOTICE_SENT);
  });

  test("'Powiadom mnie' with a wrong address: its page shows the form again, keeping what was typed", async () => {
    const jar = new CookieJar();
    const { page } = await openPage("/merch/koszulka-nokturn-logo", jar);
    const sent = '[data-testid="notify-size"] [data-testid="notify-me-form"]';
    const consent = consentOf(page, sent);
    const refused = await submitForm(
      page,
      sent,
      { ...byLabels(page, sent, [["E-mail", "bez-skryptow@"]]), [consent]: true },
      jar,
      { button: "Powiadom mnie" },
    );
    expect(refused.url).toMatch(/\/powiadom-mnie$/);
    const box = refused.page.one('[data-testid="notify-me-refused"]');
    expect(textOf(box)).toContain("„Koszulka");
    expect(textOf(box)).toContain("rozmiar");
    const form = '[data-testid="notify-me-refused"] [data-testid="notify-me-form"]';
    // The field's own words, the same the script's check shows beside it.
    expect(formIn(refused.page, form).text()).toContain("Podaj poprawny adres e-mail");
    const email = nameOfLabelled(refused.page, form, "E-mail");
    expect(controlValue(formIn(refused.page, form).field(email))).toBe("bez-skryptow@");
    expect(formIn(refused.page, form).field(consentOf(refused.page, form)).hasAttribute("checked")).toBe(
      true,
    );

    // Corrected there (the page's own Referrer-Policy decides the post's Origin), it goes back to the
    // product with the flash.
    const done = await submitForm(
      refused.page,
      form,
      { [email]: `bez-skryptow-${Date.now()}@example.com` },
      jar,
      { button: "Powiadom mnie" },
    );
    expect(done.status).toBe(303);
    expect(done.url).toMatch(/\/merch\/koszulka-nokturn-logo$/);
    expect(textOf(noticeIn(done.page))).toBe(NOTICE_SENT);
  });

  test("the contact form confirms in the page, and a refusal keeps what was typed", async () => {
    const jar = new CookieJar();
    const { page } = await openPage("/contact", jar);
    const message = "Czy mogę zmienić rozmiar bluzy?";
    const refused = await submitForm(
      page,
      CONTACT,
      {
        ...byLabels(page, CONTACT, [
          ["Imię", "A"],
          ["E-mail", "ola@example.com"],
          ["Temat", "order"],
          ["Wiadomość", message],
        ]),
        [consentOf(page, CONTACT)]: true,
      },
      jar,
      { button: "Wyślij wiadomość" },
    );
    expect(textOf(noticeIn(refused.page))).toBe("Nie udało się wysłać wiadomości. Popraw zaznaczone pola.");
    const messageField = nameOfLabelled(refused.page, CONTACT, "Wiadomość");
    expect(controlValue(formIn(refused.page, CONTACT).field(messageField))).toBe(message);

    const sent = await submitForm(
      refused.page,
      CONTACT,
      {
        ...byLabels(refused.page, CONTACT, [["Imię", `Ola Bez Skryptów ${Date.now()}`]]),
        [consentOf(refused.page, CONTACT)]: true,
      },
      jar,
      { button: "Wyślij wiadomość" },
    );
    expect(textOf(noticeIn(sent.page))).toContain("Wiadomość wysłana!");
    expect(textOf(noticeIn(sent.page))).toContain("Odpowiemy najszybciej jak to możliwe.");
  });

  test("the test payment refuses in the page keeping the fields, and pays to the order page", async () => {
    const jar = new CookieJar();
    const payment = await openPage(await startCheckout(jar), jar);
    const refused = await pay(payment.page, jar, {
      email: "bez-skryptow@example.com",
      name: "Klient Bez Skryptów",
      postalCode: "50066",
    });
    expect(
      refused.page
        .all("[id], p, span")
        .filter((element) => textOf(element) === "Kod pocztowy w formacie 00-000"),
    ).not.toHaveLength(0);
    const form = paymentForm(refused.page);
    expect(
      controlValue(formIn(refused.page, form).field(nameOfLabelled(refused.page, form, "Imię i nazwisko"))),
    ).toBe("Klient Bez Skryptów");
    const paid = await submitForm(
      refused.page,
      form,
      byLabels(refused.page, form, [["Kod pocztowy", "50-066"]]),
      jar,
      { button: "Zapłać" },
    );
    expect(paid.page.all('[data-testid="order-created"]')).toHaveLength(1);
  });
});

describe("a customer's order without JavaScript", () => {
  test("a withdrawal from the order page is confirmed in the page", async () => {
    const jar = CookieJar.as("customer");
    const payment = await openPage(await startCheckout(jar), jar);
    const paid = await pay(payment.page, jar);
    expect(paid.page.all('[data-testid="order-created"]')).toHaveLength(1);
    const orderNumber = textOf(paid.page.one('[data-testid="order-number"]')).replace("#", "").trim();
    await completeOrder(orderNumber);

    const orders = await openPage("/account/orders", jar);
    // The order's own page, where its details link points (the account's dialog needs scripts).
    const details = orders.page
      .all("a")
      .filter(
        (link) =>
          (link.getAttribute("aria-label") ?? textOf(link)) === `Zobacz szczegóły zamówienia #${orderNumber}`,
      );
    expect(details).toHaveLength(1);
    const orderId = new URL(details[0].getAttribute("href") ?? "", "http://localhost").searchParams.get(
      "order",
    );
    const order = await openPage(`/zamowienie/${orderId}`, jar);
    // The disclosure is a <details>: it opens without scripts; its form is in the page.
    const summary = withText(order.page, "summary", "Odstąp od umowy").filter(
      (element) => textOf(element) === "Odstąp od umowy",
    );
    expect(summary).toHaveLength(1);
    const disclosure = summary[0].closest("details");
    const form = disclosure?.querySelector("form");
    if (!form) throw new Error("no withdrawal form in the order page's disclosure");
    const done = await submitForm(
      order.page,
      form,
      {
        ...byLabels(order.page, form, [[/Torba NOKTURN Tote/, "1"]]),
        [nameOfLabelled(order.page, form, /Oświadczam/)]: true,
      },
      jar,
      { button: "Wyślij oświadczenie" },
    );
    expect(textOf(done.page.one('[data-testid="withdrawal-confirmation"]'))).toContain(
      "Oświadczenie o odstąpieniu od umowy zostało przyjęte",
    );
  });
});

/** The name of the form's one checkbox (a consent: its label speaks of an e-mail too). */
function consentOf(page: HtmlPage, form: string | Element) {
  const boxes = formIn(page, form).controls.filter((control) => control.getAttribute("type") === "checkbox");
  expect(boxes).toHaveLength(1);
  return boxes[0].getAttribute("name") ?? "";
}

/** The cart's form posts of a tab (its cookies), as the hydrated cart sends them (set-up only). */
function postWithJar(jar: CookieJar): PostCartForm {
  return async (form) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    body.append("_enhanced", "1");
    const response = await fetch(`${baseUrl()}/cart`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: baseUrl(),
        ...(jar.header() ? { cookie: jar.header() } : {}),
      },
      body,
    });
    jar.take(response);
    return {
      status: response.status,
      location: response.headers.get("location"),
      text: await response.text(),
    };
  };
}

/** A started test checkout of one tote (through the cart's forms), its payment page's path. */
async function startCheckout(jar: CookieJar) {
  const started = await checkoutThroughCart(postWithJar(jar), {
    lines: [{ productId: demoProductId("torba-nokturn-tote") }],
    deliveryMethod: "courier",
  });
  expect(started.status, started.text).toBe(200);
  const url = new URL(started.url as string, "http://localhost");
  return `${url.pathname}${url.search}`;
}

/** The test payment page's form (the one with "Zapłać"). */
function paymentForm(page: HtmlPage) {
  const [button] = page.all("button").filter((element) => textOf(element) === "Zapłać");
  const form = button?.closest("form");
  if (!form) throw new Error(`no payment form in ${page.url}`);
  return form;
}

/** Fills the test payment page as tests/support/test-payment.ts does, and presses "Zapłać". */
function pay(
  page: HtmlPage,
  jar: CookieJar,
  payer: { email?: string; name?: string; postalCode?: string } = {},
) {
  const form = paymentForm(page);
  const entries: [string, string][] = [
    ["Imię i nazwisko", payer.name ?? "Klient Testowy"],
    ["Adres", "ul. Świdnicka 1"],
    ["Kod pocztowy", payer.postalCode ?? "50-066"],
    ["Miasto", "Wrocław"],
  ];
  if (payer.email !== undefined) entries.unshift(["E-mail", payer.email]);
  return submitForm(page, form, byLabels(page, form, entries), jar, { button: "Zapłać" });
}

/** Marks an order completed with the panel's own form (its "Zmień" button before hydration). */
async function completeOrder(orderNumber: string) {
  const admin = CookieJar.as("admin");
  const { page } = await openPage("/admin/orders", admin);
  const cards = page
    .all('[data-testid="order-card"]')
    .filter((card) => textOf(card).includes(`#${orderNumber}`));
  expect(cards).toHaveLength(1);
  const status = [...cards[0].querySelectorAll("select")].find(
    (select) => select.getAttribute("name") === "status",
  );
  if (!status) throw new Error(`no status select for #${orderNumber}`);
  const done = await submitForm(page, status, { status: "completed" }, admin, { button: "Zmień" });
  expect(done.status).toBeLessThan(400);
}
