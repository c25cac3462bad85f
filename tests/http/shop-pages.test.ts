/**
 * The shop's pages as the server renders them, before any script runs: the merch list and its
 * categories, a product's page, its JSON-LD and Open Graph tags, the 404 of a product not sold, the
 * cart (empty, and after the product page's form without JavaScript), the reviews' sign-in link and the
 * order-success page without a valid session. What needs a browser (hydration, the category switch,
 * the toasts, the hover preview, the InPost map, keyboard, axe) stays in tests/e2e/shop-*.test.ts and
 * tests/e2e/checkout-payment.test.ts (issue #37).
 *
 * Other files add products to the shared server, so the lists are read for the seeded products and
 * their order, not for exact counts.
 */
import { describe, expect, test } from "vitest";
import { demoProductId, productData } from "../../db/seed";
import { collapse, fetchPage, type HtmlPage, jsonLd, metaContent } from "../support/html";

/** A price as formatPrice writes it (with a non-breaking space before "zł"). */
const money = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll(" ", "\\s"));

const SEEDED = new Set(productData.map((product) => product.name));
/** The seeded products a visitor may buy, newest first (the list's order). */
const SEEDED_ACTIVE = productData
  .filter((product) => product.isActive !== false)
  .toSorted((a, b) => a.ageDays - b.ageDays)
  .map((product) => product.name);

const textOf = (element: Element | null | undefined) => collapse(element?.textContent);

/** The product cards of a list with their names, in the page's order. */
function cards(page: HtmlPage) {
  return page.all('[data-testid="product-card"]').map((card) => ({
    card,
    name: textOf(card.querySelector("h2")),
    category: textOf(card.querySelector("h2")?.previousElementSibling),
    text: textOf(card),
  }));
}

/** The cards of the seeded products only (other files add products of their own). */
const seededCards = (page: HtmlPage) => cards(page).filter((card) => SEEDED.has(card.name));

/** The headings of the page (h1–h6), texts collapsed. */
const headings = (page: HtmlPage, selector = "h1, h2, h3, h4, h5, h6") =>
  page.all(selector).map((heading) => textOf(heading));

/** The href of the one link inside `within` with this text (exactly, or matching a pattern). */
function hrefOf(page: HtmlPage, within: string, text: string | RegExp) {
  const matching = page
    .all(`${within} a[href]`)
    .filter((a) => (typeof text === "string" ? textOf(a) === text : text.test(textOf(a))));
  expect(matching, `one link ${text} in ${within}`).toHaveLength(1);
  return matching[0].getAttribute("href");
}

/** The one element with this test id. */
const byTestId = (page: HtmlPage, id: string) => page.one(`[data-testid="${id}"]`);

describe("merch list", () => {
  test("shows MERCH, the categories and only active products, newest first", async () => {
    const page = await fetchPage("/merch");
    expect(page.status).toBe(200);
    expect(headings(page, "h1")).toContain("MERCH");
    expect(page.all('nav[aria-label="Kategorie produktów"] a').map((a) => textOf(a))).toEqual([
      "Wszystko",
      "Odzież",
      "Akcesoria",
      "Naklejki",
    ]);
    const seeded = seededCards(page);
    expect(seeded.map((card) => card.name)).toEqual(SEEDED_ACTIVE);
    expect(seeded).toHaveLength(11);
    expect(seeded[0].text).toContain("Longsleeve Strobe");
    expect(seeded[0].text).toContain("Nowość");
    expect(page.text()).not.toContain("Naklejki Pack Vol. 2");
    const tee = seeded.filter((card) => card.text.includes("Koszulka NOKTURN Logo"));
    expect(tee).toHaveLength(1);
    expect(tee[0].text).toContain("Odzież");
    expect(tee[0].text).toMatch(money("129,00 zł"));
    expect(tee[0].text).toContain("Zobacz szczegóły");
    expect(tee[0].card.querySelectorAll("img")).toHaveLength(1);
    expect(textOf(byTestId(page, "breadcrumbs"))).toContain("Strona główna");
  });

  test("a category URL opens filtered; an unknown category shows everything", async () => {
    const stickers = await fetchPage("/merch?category=stickers");
    expect(seededCards(stickers).map((card) => card.name)).toEqual([
      "Naklejka Holo Logo",
      "Naklejki Pack Vol. 1",
    ]);
    expect(cards(stickers).map((card) => card.category)).toEqual(cards(stickers).map(() => "Naklejki"));
    expect(textOf(stickers.one("title"))).toMatch(/Naklejki/);
    const unknown = await fetchPage("/merch?category=buty");
    expect(seededCards(unknown).map((card) => card.name)).toEqual(SEEDED_ACTIVE);
    expect(seededCards(unknown)).toHaveLength(11);
  });
});

describe("product page", () => {
  test("shows breadcrumb, badges, SKU, price, instalments, stock, sizes and the trust strip", async () => {
    const page = await fetchPage("/merch/bluza-nokturn-afterhours");
    expect(page.status).toBe(200);
    const breadcrumbs = '[data-testid="breadcrumbs"]';
    expect(hrefOf(page, breadcrumbs, "Sklep")).toBe("/merch");
    expect(hrefOf(page, breadcrumbs, "Odzież")).toBe("/merch?category=clothing");
    expect(headings(page, "h1")).toEqual(["Bluza NOKTURN Afterhours"]);
    expect(textOf(byTestId(page, "product-badges"))).toMatch(/Bestseller/);
    expect(textOf(byTestId(page, "sku"))).toMatch(/^[0-9A-F]{8}$/);
    expect(textOf(byTestId(page, "product-price"))).toMatch(money("279,00 zł"));
    expect(textOf(byTestId(page, "instalments"))).toMatch(/3 x 93,00\szł \(0%\)/);
    expect(textOf(byTestId(page, "trust-strip"))).toContain("14 dni na zwrot");
    // XS (3 in stock) is the first available size and preselected.
    const xs = page.all('input[type="radio"]').filter((radio) => radio.getAttribute("aria-label") === "XS");
    expect(xs).toHaveLength(1);
    expect(xs[0].hasAttribute("checked")).toBe(true);
    const stock = byTestId(page, "stock-indicator");
    expect(textOf(stock)).toBe("Tylko 3 sztuki w magazynie!");
    expect(stock.getAttribute("data-tone")).toBe("red");
    expect(byTestId(page, "stock-bar").getAttribute("style")).toMatch(/width:\s?6%/);
  });

  test("a sold-out product shows the unavailable box and cannot be added", async () => {
    const page = await fetchPage("/merch/smycz-nokturn");
    const stock = byTestId(page, "stock-indicator");
    expect(stock.getAttribute("data-level")).toBe("out");
    expect(textOf(stock)).toContain("Produkt niedostępny");
    const add = byTestId(page, "add-to-cart");
    expect(add.hasAttribute("disabled")).toBe(true);
    expect(textOf(add)).toBe("Wyprzedane");
  });

  test("has Product JSON-LD with an Offer and an Open Graph image", async () => {
    const page = await fetchPage("/merch/torba-nokturn-tote");
    const product = jsonLd(page).find((data) => data["@type"] === "Product");
    expect(product).toMatchObject({
      name: "Torba NOKTURN Tote",
      offers: {
        "@type": "Offer",
        price: "69.00",
        priceCurrency: "PLN",
        availability: "https://schema.org/InStock",
      },
    });
    expect(metaContent(page, "og:image")).toMatch(/product-torba-nokturn-tote-1-1200/);
    expect(metaContent(page, "og:type")).toBe("product");
  });

  test("unknown and inactive products: PRODUKT NIE ZNALEZIONY with status 404", async () => {
    for (const slug of ["nie-ma-takiego-produktu", "naklejki-pack-vol-2"]) {
      const page = await fetchPage(`/merch/${slug}`);
      expect(page.status, slug).toBe(404);
      expect(headings(page), slug).toContain("PRODUKT NIE ZNALEZIONY");
      expect(hrefOf(page, "body", "Wróć do sklepu"), slug).toBe("/merch");
      expect(metaContent(page, "robots"), slug).toBe("noindex");
    }
  });

  test("reviews: signed-out visitors get the heading and a sign-in link back to the reviews", async () => {
    const page = await fetchPage("/merch/bandana-nokturn");
    expect(headings(page, "#reviews h1, #reviews h2, #reviews h3")).toContain("Opinie");
    expect(hrefOf(page, "#reviews", "Zaloguj się")).toBe(
      `/auth?redirect=${encodeURIComponent("/merch/bandana-nokturn#reviews")}`,
    );
  });
});

describe("cart page", () => {
  test("empty cart: TWÓJ KOSZYK JEST PUSTY with a link to the shop", async () => {
    const page = await fetchPage("/cart");
    expect(page.status).toBe(200);
    expect(headings(page)).toContain("TWÓJ KOSZYK JEST PUSTY");
    expect(hrefOf(page, "body", "Przejdź do sklepu")).toBe("/merch");
  });

  test("shows the summary essentials: login prompt, continue shopping, consumer information", async () => {
    // The product page's form without JavaScript: the cart answers with a redirect and its cookies.
    const added = await fetchPage("/cart", {
      form: { intent: "add", productId: demoProductId("naklejka-holo-logo"), variantId: "", quantity: "1" },
      redirect: "manual",
    });
    expect(added.status, added.html.slice(0, 200)).toBe(303);
    expect(added.headers.get("location")).toBe("/cart");
    const cookie = added.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(cookie).toContain("nokturn_cart_id=");

    const page = await fetchPage("/cart", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(hrefOf(page, '[data-testid="login-prompt"]', "Zaloguj się")).toBe("/auth?redirect=/cart");
    expect(hrefOf(page, "body", /Kontynuuj zakupy/)).toBe("/merch");
    const info = '[data-testid="consumer-info"]';
    const infoText = textOf(page.one(info));
    expect(infoText).toContain("NOKTURN Events sp. z o.o.");
    expect(infoText).toContain("kontakt@nokturn.example");
    expect(infoText).toMatch(money("25,99 zł"));
    expect(infoText).toContain("14 dni");
    expect(hrefOf(page, info, "Regulamin")).toBe("/terms");
    expect(textOf(byTestId(page, "checkout-button"))).toBe("Zamawiam z obowiązkiem zapłaty");
  });
});

describe("order success", () => {
  test("order-success without a session goes home; an unknown session shows the error screen", async () => {
    const home = await fetchPage("/order-success");
    expect(home.url).toBe("/");
    const unknown = await fetchPage("/order-success?session_id=test_cs_unknown");
    expect(headings(unknown)).toContain("BŁĄD");
    expect(unknown.text()).toContain("Wystąpił błąd podczas tworzenia zamówienia");
  });
});
