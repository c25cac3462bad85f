import { expect, inject, test } from "vitest";
import { DEMO_ADMIN } from "../../db/seed";
import { checkoutThroughCart, postWithFetch } from "../support/cart-checkout";
import { slugOf, unique } from "../support/names";
import { rawGet } from "../support/raw-get";

const base = inject("baseUrl");
const adminCookie = inject("adminCookie");

/** The product form's fields, as the panel's form sends them. */
function productForm(name: string, price: string, stockQuantity = "15") {
  return new URLSearchParams({
    name,
    slug: slugOf(name),
    description: `${name}: produkt testowy paneli administracyjnego.`,
    price,
    stockQuantity,
    category: "accessory",
    isActive: "on",
    images: "[]",
  });
}

/** A POST of the panel's form as the signed-in admin from the site's own page; not followed. */
function adminPost(path: string, form: URLSearchParams) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
}

/** A page as the signed-in admin gets it. */
function asAdmin(path: string) {
  return fetch(`${base}${path}`, { headers: { cookie: adminCookie } });
}

/** An anonymous request (no cookies), its body as it came over the wire (not decoded). */
function raw(path: string, headers: Record<string, string> = {}) {
  return rawGet(`${base}${path}`, headers);
}

/** The id of the product the panel lists under this name. */
async function productId(name: string) {
  const list = await (await asAdmin(`/admin/products?q=${encodeURIComponent(name)}`)).text();
  const id = /data-product-id="([0-9a-f-]{36})"/.exec(list)?.[1];
  expect(id).toBeDefined();
  return id as string;
}

/** An anonymous page as a browser gets it (decoded). */
async function anonymous(path: string) {
  const response = await fetch(`${base}${path}`);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
}

test("anonymous pages are replayed byte for byte with a 304 on revalidation; signed-in pages never shared; a panel price change shows at once", async () => {
  const name = unique("Cache");
  const created = await adminPost("/admin/products/new", productForm(name, "47,30"));
  expect(created.status, await created.text()).toBe(303);
  const path = `/merch/${slugOf(name)}`;

  // Two different anonymous visitors (browsers send br, gzip).
  const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
  const first = await raw(path, { ...browser, "user-agent": "Mozilla/5.0 (visitor A)" });
  const second = await raw(path, { ...browser, "user-agent": "Mozilla/5.0 (visitor B)" });
  expect(first.status).toBe(200);
  expect(second.headers["x-cache"]).toBe("HIT");
  expect(second.headers["content-encoding"]).toBe("br");
  expect(second.body.equals(first.body), "the same bytes for both").toBe(true);
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.headers.etag).toMatch(/^"[\w-]+"$/); // strong
  expect(second.headers.vary).toContain("Accept-Encoding");
  // One CSP for everyone: the page's scripts by hash, no nonce in the header or the page.
  const csp = String(second.headers["content-security-policy"]);
  expect(csp).toBe(first.headers["content-security-policy"]);
  expect(csp).toMatch(/script-src 'self' 'sha256-/);
  expect(csp).not.toContain("'nonce-");
  const plain = await raw(path, { "accept-encoding": "identity" });
  expect(plain.headers["x-cache"]).toBe("HIT");
  expect(plain.body.toString()).toContain("47,30");
  // No nonce attribute on any element (the bootstrap script's text may name the property).
  expect(plain.body.toString()).not.toMatch(/<[^>]*\snonce=/);
  expect(plain.headers.etag).not.toBe(second.headers.etag);

  // Revalidation: 304 without a body, for the encoding it names.
  const revalidated = await raw(path, { ...browser, "if-none-match": String(second.headers.etag) });
  expect(revalidated.status).toBe(304);
  expect(revalidated.body.length).toBe(0);
  expect(revalidated.headers.etag).toBe(second.headers.etag);
  const gzip = await raw(path, { "accept-encoding": "gzip", "if-none-match": String(second.headers.etag) });
  expect(gzip.status).toBe(200);
  expect(gzip.headers["content-encoding"]).toBe("gzip");

  // Signed in (the admin's request has cookies): rendered for them, with a nonce of its own, never kept.
  const signedIn = await asAdmin(path);
  await signedIn.arrayBuffer();
  expect(signedIn.headers.get("x-cache")).toBeNull();
  expect(signedIn.headers.get("content-security-policy")).toContain("'nonce-");
  // Anonymous visitors still get the page kept before, byte for byte.
  const after = await raw(path, browser);
  expect(after.headers["x-cache"]).toBe("HIT");
  expect(after.body.equals(first.body)).toBe(true);

  // The panel changes the price: the next anonymous visitor sees it (the cache was dropped).
  const id = await productId(name);
  const saved = await adminPost(`/admin/products/${id}/edit`, productForm(name, "57,30"));
  expect(saved.status, await saved.text()).toBe(303);
  await expect
    .poll(async () => {
      const changed = await anonymous(path);
      return changed.html.includes("57,30") && !changed.html.includes("47,30");
    })
    .toBe(true);
  // The old validator no longer matches.
  const stale = await raw(path, { ...browser, "if-none-match": String(second.headers.etag) });
  expect(stale.status).toBe(200);
});

test("a client navigation's data (.data) decodes to React Router's stream whether it was kept or made: compressed once, kept or not", async () => {
  const path = `/merch.data?category=accessory&n=${encodeURIComponent(unique("dane"))}`;
  const kept = await fetch(`${base}${path}`, { headers: { "accept-encoding": "br, gzip" } });
  const again = await fetch(`${base}${path}`, { headers: { "accept-encoding": "br, gzip" } });
  const signedIn = await fetch(`${base}${path}`, {
    headers: { "accept-encoding": "br, gzip", cookie: adminCookie },
  });
  expect([
    kept.headers.get("x-cache"),
    again.headers.get("x-cache"),
    signedIn.headers.get("x-cache"),
  ]).toEqual(["MISS", "HIT", null]);
  for (const answer of [kept, again, signedIn]) {
    expect(answer.headers.get("content-encoding")).toBe("br");
    const text = await answer.text();
    expect(text.startsWith('[{"_1":2')).toBe(true);
    expect(text).toContain('"routes/merch"');
  }
});

test("a page rendered for a signed-in visitor is never served to an anonymous one, nor the other way round", async () => {
  // The admin's session (seeded before the server started): their e-mail is in their page.
  for (const path of ["/shipping", "/merch", "/"]) {
    const signedIn = await asAdmin(path);
    expect(signedIn.headers.get("x-cache"), path).toBeNull();
    expect(await signedIn.text(), path).toContain(`Moje konto (${DEMO_ADMIN.email})`);
    for (let i = 0; i < 2; i++) {
      const anonymousPage = await anonymous(path);
      expect(anonymousPage.html, path).not.toContain(DEMO_ADMIN.email);
    }
    // The anonymous page is kept by now; the admin still gets their own.
    expect(await (await asAdmin(path)).text(), path).toContain(DEMO_ADMIN.email);
  }
});

test("a checkout start keeps the cached pages: the product's page shows it sold out within seconds, a price change at once", async () => {
  const name = unique("Ostatnia sztuka");
  const created = await adminPost("/admin/products/new", productForm(name, "33,00", "1"));
  expect(created.status, await created.text()).toBe(303);
  const id = await productId(name);
  const path = `/merch/${slugOf(name)}`;
  // The product's own stock indicator (related products may be sold out too).
  const soldOut = /data-testid="stock-indicator" data-level="out"/;
  for (const page of [path, "/shipping"]) {
    await anonymous(page);
    expect((await anonymous(page)).cache, page).toBe("HIT");
  }
  expect((await anonymous(path)).html).not.toMatch(soldOut);

  // A visitor starts paying for the last unit (decision 032: the stock write drops nothing).
  const started = await checkoutThroughCart(postWithFetch(base), {
    lines: [{ productId: id, quantity: 1 }],
    deliveryMethod: "courier",
    email: "ostatnia@example.pl",
  });
  expect(started.status, started.text).toBe(200);
  // Sold out on the product's page within seconds (STOCK_FRESH_MS, 2 s)…
  await expect
    .poll(async () => (await anonymous(path)).html, { timeout: 6_000, interval: 100 })
    .toMatch(soldOut);
  // …while the page that shows no stock was kept all along.
  expect((await anonymous("/shipping")).cache).toBe("HIT");

  // A price change still empties every page at once.
  const saved = await adminPost(`/admin/products/${id}/edit`, productForm(name, "35,00", "0"));
  expect(saved.status, await saved.text()).toBe(303);
  await expect.poll(async () => (await anonymous("/shipping")).cache).toBe("MISS");
  expect((await anonymous(path)).html).toContain("35,00");
});
