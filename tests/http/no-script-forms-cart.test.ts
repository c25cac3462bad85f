/**
 * The cart's forms with JavaScript off (issue #38; moved from tests/e2e/no-script-forms-cart.test.ts):
 * each is a plain HTML form posting to `/cart`, read out of the page the server rendered and sent as the
 * browser sends it (tests/support/forms.ts), answered by a 303 back (the product page for an add, else
 * the cart) with a flash box in the words the enhanced form's toast shows. The enhanced paths and their
 * toasts are e2e shop-cart.test.ts's ('Dodano do koszyka', 'Usunięto z koszyka', 'Kod nieprawidłowy',
 * 'Kod NOKTURN10 został zastosowany'); the same message both ways is checked in
 * tests/integration/cart-server.test.ts. The whole purchase without scripts: e2e cart-server.test.ts.
 */
import { describe, expect, test } from "vitest";
import { CookieJar, noticeIn, openPage, submitForm, textOf } from "../support/forms";

const CART = '[data-testid="cart-line"]';

/** A tab whose cart holds one tote bag (added with the product page's form), on the cart page. */
async function cartWithTote() {
  const jar = new CookieJar();
  const product = await openPage("/merch/torba-nokturn-tote", jar);
  const added = await submitForm(product.page, '[data-testid="add-to-cart-form"]', {}, jar);
  expect(added.status).toBe(303);
  const cart = await openPage("/cart", jar);
  expect(cart.page.status).toBe(200);
  expect(cart.page.all(CART)).toHaveLength(1);
  return { jar, cart: cart.page };
}

describe("the cart's forms without JavaScript", () => {
  test("'Dodaj do koszyka' goes back to the product page with the toast's words", async () => {
    const jar = new CookieJar();
    const product = await openPage("/merch/torba-nokturn-tote", jar);
    const added = await submitForm(product.page, '[data-testid="add-to-cart-form"]', {}, jar, {
      button: "Dodaj do koszyka",
    });
    expect(added.status).toBe(303);
    expect(added.url).toMatch(/\/merch\/torba-nokturn-tote$/);
    const flash = noticeIn(added.page);
    expect(flash?.getAttribute("data-kind")).toBe("success");
    expect(textOf(flash)).toContain("Dodano do koszyka");
    expect(textOf(flash)).toContain("Torba NOKTURN Tote został dodany do koszyka");
    const cart = await openPage("/cart", jar);
    expect(textOf(cart.page.one(CART))).toContain("Torba NOKTURN Tote");
  });

  test("'+' on a line comes back to the cart with the new quantity, and no message, as with scripts", async () => {
    const { jar, cart } = await cartWithTote();
    const plus = cart.all('button[aria-label^="Zwiększ ilość"]');
    expect(plus).toHaveLength(1);
    const after = await submitForm(cart, plus[0], {}, jar, { button: plus[0] });
    expect(after.status).toBe(303);
    expect(after.url).toMatch(/\/cart$/);
    // The enhanced form shows the quantity at once and no toast; the plain one the same page, no box.
    expect(textOf(after.page.one('[data-testid="line-quantity-value"]'))).toBe("2");
    expect(noticeIn(after.page)).toBeUndefined();
  });

  test("removing a line comes back to the cart with 'Usunięto z koszyka'", async () => {
    const { jar, cart } = await cartWithTote();
    const remove = cart.one('[data-testid="remove-line"]');
    const after = await submitForm(cart, remove, {}, jar, { button: remove });
    expect(after.status).toBe(303);
    expect(after.url).toMatch(/\/cart$/);
    const flash = noticeIn(after.page);
    expect(textOf(flash)).toContain("Usunięto z koszyka");
    expect(textOf(flash)).toContain("Produkt został usunięty z koszyka");
    expect(after.page.all('[data-testid="empty-cart"]')).toHaveLength(1);
  });

  test("a discount code: a wrong one is refused, NOKTURN10 applied, each in the toast's words", async () => {
    const { jar, cart } = await cartWithTote();
    const refused = await submitForm(cart, '[data-testid="discount-form"]', { code: "XYZ123" }, jar);
    expect(refused.status).toBe(303);
    expect(refused.url).toMatch(/\/cart$/);
    expect(noticeIn(refused.page)?.getAttribute("data-kind")).toBe("error");
    expect(textOf(noticeIn(refused.page))).toContain("Kod nieprawidłowy");
    expect(refused.page.all('[data-testid="discount-form"]')).toHaveLength(1);

    // Lower case as typed: the server upper-cases it.
    const applied = await submitForm(
      refused.page,
      '[data-testid="discount-form"]',
      { code: "nokturn10" },
      jar,
    );
    expect(applied.status).toBe(303);
    expect(applied.url).toMatch(/\/cart$/);
    const flash = noticeIn(applied.page);
    expect(flash?.getAttribute("data-kind")).toBe("success");
    expect(textOf(flash)).toContain("Sukces!");
    expect(textOf(flash)).toContain("Kod NOKTURN10 został zastosowany");
    expect(textOf(applied.page.one('[data-testid="discount-applied"]'))).toContain("NOKTURN10");
  });

  test("tickets (issue #40): added from the night's page, named in the cart, each form a plain post", async () => {
    const jar = new CookieJar();
    const night = await openPage("/wydarzenia/nokturn-hangar", jar);
    // The seeded night: its early bird sold out, Pula 1 on sale.
    const onSale = night.page.all('[data-testid="ticket-type"][data-state="on_sale"]');
    expect(onSale.map((type) => textOf(type))).toEqual([expect.stringContaining("Pula 1")]);
    const form = onSale[0].querySelector('[data-testid="add-ticket-form"]');
    expect(form).not.toBeNull();
    const added = await submitForm(night.page, form as Element, { quantity: "2" }, jar);
    expect(added.status).toBe(303);
    expect(added.url).toMatch(/\/wydarzenia\/nokturn-hangar$/);
    expect(noticeIn(added.page)?.getAttribute("data-kind")).toBe("success");
    expect(textOf(noticeIn(added.page))).toContain("Dodano do koszyka");

    const cart = await openPage("/cart", jar);
    const line = cart.page.one('[data-testid="cart-ticket-line"]');
    expect(textOf(line.querySelector('[data-testid="ticket-quantity-value"]'))).toBe("2");
    expect(textOf(line.querySelector('[data-testid="attendees-state"]'))).toBe(
      "Do uzupełnienia przed płatnością",
    );
    expect(cart.page.all('[data-testid="adult-confirmation"] input[type="checkbox"][required]')).toHaveLength(
      1,
    );
    const named = await submitForm(
      cart.page,
      '[data-testid="attendees-form"]',
      {
        "attendees[0].firstName": "Zofia",
        "attendees[0].lastName": "Żółkiewska",
        "attendees[1].firstName": "Jan",
        "attendees[1].lastName": "Kowalski",
      },
      jar,
    );
    expect(named.status).toBe(303);
    expect(named.url).toMatch(/\/cart$/);
    const saved = named.page.one('[data-testid="cart-ticket-line"]');
    expect(textOf(saved.querySelector('[data-testid="attendees-state"]'))).toBe("Uzupełnione");
    const values = [
      ...saved.querySelectorAll('[data-testid="attendees-form"] input[name^="attendees["]'),
    ].map((input) => input.getAttribute("value"));
    expect(values).toEqual(["Zofia", "Żółkiewska", "Jan", "Kowalski"]);
  });
});
