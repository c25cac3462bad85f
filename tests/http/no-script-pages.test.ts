/**
 * What the controls that work without JavaScript (issue #26, decision 031) are made of, as the server
 * sends it: a photo's own page (the photo, its counter, previous/next links that wrap around, the close
 * link back to its tile) for a gallery, an archive entry and a night, the 404 of an unknown photo, the
 * floating ticket button's link and the product gallery's links to its full-size images. What needs a
 * browser (the photo's size, the scroll back to the tile, the carousel's scrolling, the button shown
 * after a viewport of scroll, the thumbnails' CSS, the mobile menu, the keyboard after hydration) stays
 * in tests/e2e/no-script-controls.test.ts (issue #37).
 *
 * And the private order link of tests/e2e/money-back.test.ts with a wrong token: a 404 that shows and
 * offers nothing. The guest's order is bought here (a product of this file's own, paid on the test
 * provider's page as a form without JavaScript sends it).
 */
import { expect, inject, test } from "vitest";
import { checkoutThroughCart, postWithFetch } from "../support/cart-checkout";
import { collapse, fetchPage, type HtmlPage } from "../support/html";
import { mailsIn } from "../support/mail-files";
import { slugOf, unique } from "../support/names";

const GALLERY = "/gallery/nokturn-listopad-2025";

const textOf = (element: Element | null | undefined) => collapse(element?.textContent);

/** The one link with this accessible name (its aria-label, else its text), as getByRole finds it. */
function linkNamed(page: HtmlPage, name: string) {
  const found = page
    .all("a[href]")
    .filter((a) => (a.getAttribute("aria-label") ?? textOf(a)).toLowerCase().includes(name.toLowerCase()));
  expect(found.length, `links named ${name} in ${page.url}`).toBe(1);
  return found[0];
}

/** The href of the n-th (0-based) photo tile of a grid page. */
async function tileHref(collection: string, n: number) {
  const page = await fetchPage(collection);
  expect(page.status, collection).toBe(200);
  const tile = page.all('[data-testid="photo-tile"]')[n];
  return tile?.getAttribute("href");
}

/** A photo's page: answered 200 at its own address with this counter. */
async function photoPage(photoPath: string, counter: string) {
  const page = await fetchPage(photoPath);
  expect(page.status, photoPath).toBe(200);
  expect(page.url).toBe(photoPath);
  expect(textOf(page.one('[data-testid="photo-counter"]')), photoPath).toBe(counter);
  return page;
}

test("a gallery photo's own page: its tile links to it, the photo, the title, previous/next around, close back to its tile", async () => {
  expect(await tileHref(GALLERY, 2)).toBe(`${GALLERY}/zdjecie/3`);
  const third = await photoPage(`${GALLERY}/zdjecie/3`, "3 / 10");
  expect(textOf(third.one("title"))).toBe("NOKTURN: Listopad 2025 — zdjęcie 3 z 10 | NOKTURN");
  expect(third.one('[data-testid="photo-image"]').getAttribute("src")).toMatch(
    /gallery-nokturn-listopad-2025-3-\d+\.webp$/,
  );

  const next = linkNamed(third, "Następne zdjęcie").getAttribute("href");
  expect(next).toBe(`${GALLERY}/zdjecie/4`);
  await photoPage(`${GALLERY}/zdjecie/4`, "4 / 10");

  const first = await photoPage(`${GALLERY}/zdjecie/1`, "1 / 10");
  const previous = linkNamed(first, "Poprzednie zdjęcie").getAttribute("href");
  expect(previous).toBe(`${GALLERY}/zdjecie/10`);
  const tenth = await photoPage(`${GALLERY}/zdjecie/10`, "10 / 10");
  expect(linkNamed(tenth, "Zamknij").getAttribute("href")).toBe(`${GALLERY}#zdjecie-10`);
  // The close link's anchor is the tenth tile of the gallery.
  const gallery = await fetchPage(GALLERY);
  expect(gallery.all('[data-testid="photo-tile"]')[9]?.getAttribute("id")).toBe("zdjecie-10");
});

test("an archive entry's and a night's photos have pages too; an unknown photo is a 404", async () => {
  const archive = "/archive/nokturn-wroclaw-2025";
  expect(await tileHref(archive, 8)).toBe(`${archive}/zdjecie/9`);
  const ninth = await photoPage(`${archive}/zdjecie/9`, "9 / 9");
  expect(linkNamed(ninth, "Następne zdjęcie").getAttribute("href")).toBe(`${archive}/zdjecie/1`);
  await photoPage(`${archive}/zdjecie/1`, "1 / 9");

  const night = "/wydarzenia/nokturn-17-01-2026";
  expect(await tileHref(night, 0)).toBe(`${night}/zdjecie/1`);
  const nightFirst = await photoPage(`${night}/zdjecie/1`, "1 / 9");
  expect(linkNamed(nightFirst, "Zamknij").getAttribute("href")).toBe(`${night}#zdjecie-1`);

  for (const unknown of [`${GALLERY}/zdjecie/11`, `${GALLERY}/zdjecie/0`, `${GALLERY}/zdjecie/03`]) {
    const page = await fetchPage(unknown);
    expect(page.status, unknown).toBe(404);
    const headings = page.all("h1, h2, h3, h4, h5, h6").map(textOf);
    expect(headings, unknown).toContain("Zdjęcie nie znalezione");
    expect(linkNamed(page, "Wróć do galerii").getAttribute("href"), unknown).toBe(GALLERY);
  }
});

test("the floating ticket button is a plain link to the next night's tickets, on its own page when sold here", async () => {
  const page = await fetchPage("/");
  const button = page.one('[data-testid="floating-ticket"]');
  expect(button.tagName.toLowerCase()).toBe("a");
  // The seeded next night sells on the site (issue #40): its page's tickets, in the same tab (an
  // outside seller's link opens in a new one: app/components/floating-ticket-button.test.tsx).
  expect(button.getAttribute("href")).toBe("/wydarzenia/nokturn-hangar#bilety");
  expect(button.getAttribute("target")).toBeNull();
});

test("a product's images link to their full size; the thumbnails are radios, the first one chosen", async () => {
  const page = await fetchPage("/merch/koszulka-bouncy-stage");
  const gallery = page.one('[data-testid="product-gallery"]');
  const images = [...gallery.querySelectorAll("[data-image]")];
  expect(images).toHaveLength(2);
  expect(images[1].getAttribute("href")).toMatch(/product-koszulka-bouncy-stage-2-\d+\.webp$/);
  const radios = [...gallery.querySelectorAll('input[type="radio"]')];
  expect(radios.map((radio) => radio.getAttribute("aria-label"))).toEqual([
    "Pokaż zdjęcie 1 z 2",
    "Pokaż zdjęcie 2 z 2",
  ]);
  expect(radios[0].hasAttribute("checked")).toBe(true);
  expect(radios[1].hasAttribute("checked")).toBe(false);
});

// ---------------------------------------------------------------------------------------------
// A guest's private order link with a wrong token (tests/e2e/money-back.test.ts)

const base = inject("baseUrl");

/** The e-mails of this kind sent to this address by the shared server, decoded. */
function mailsTo(to: string, kind: string) {
  return mailsIn(inject("dataDir"), to, kind);
}

/** A product of this test's own (so no seeded stock changes), created in the panel; its id. */
async function productOfOurOwn() {
  const adminCookie = inject("adminCookie");
  const name = unique("Odstąpienie gościa");
  const created = await fetch(`${base}/admin/products/new`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      name,
      slug: slugOf(name),
      description: `${name}: produkt testowy prywatnego linku zamówienia.`,
      price: "25,00",
      stockQuantity: "5",
      category: "accessory",
      isActive: "on",
      images: "[]",
    }),
    redirect: "manual",
  });
  expect(created.status, await created.text()).toBe(303);
  const list = await (
    await fetch(`${base}/admin/products?q=${encodeURIComponent(name)}`, { headers: { cookie: adminCookie } })
  ).text();
  const id = /data-product-id="([0-9a-f-]{36})"/.exec(list)?.[1];
  expect(id).toBeDefined();
  return id as string;
}

test("a guest's order through its private link: a wrong token is a Polish not-found that shows and offers nothing", async () => {
  const email = `gosc-zly-token-${Date.now()}@example.pl`;
  const productId = await productOfOurOwn();
  const started = await checkoutThroughCart(postWithFetch(base), {
    lines: [{ productId, quantity: 1 }],
    deliveryMethod: "courier",
  });
  expect(started.status, started.text).toBe(200);
  const paymentPath = new URL(started.url as string, base).pathname;
  const paid = await fetchPage(paymentPath, {
    form: {
      intent: "pay",
      email,
      name: "Klient Testowy",
      address: "ul. Świdnicka 1",
      postalCode: "50-066",
      city: "Wrocław",
    },
  });
  expect(paid.status).toBe(200);
  expect(paid.url).toMatch(/^\/order-success\?session_id=test_cs_/);
  const number = textOf(paid.one('[data-testid="order-number"]')).replace("#", "");
  expect(number).toMatch(/^[0-9A-F]{8}$/);

  // The confirmation e-mail carries the private link to the order.
  await expect.poll(() => mailsTo(email, "order-confirmation").length, { timeout: 25_000 }).toBe(1);
  const link = /\/zamowienie\/([0-9a-f-]{36})\?token=[A-Za-z0-9_-]+/.exec(
    mailsTo(email, "order-confirmation")[0],
  );
  expect(link, "private link in the confirmation e-mail").not.toBeNull();
  const [privatePath, orderId] = link as RegExpExecArray;
  const own = await fetchPage(privatePath);
  expect(own.status).toBe(200);
  expect(own.all("h1").map(textOf)).toContain(`#${number}`);

  // The same order with a wrong token.
  const wrong = await fetchPage(`/zamowienie/${orderId}?token=nieprawidlowy`);
  expect(wrong.status).toBe(404);
  expect(textOf(wrong.one("title"))).toBe("Nie znaleziono strony | NOKTURN");
  expect(wrong.text()).not.toContain(`#${number}`);
  expect(wrong.all("summary, button, a").map(textOf)).not.toContain("Odstąp od umowy");
  expect(wrong.text()).not.toContain("Odstąp od umowy");
});
