/**
 * The page cache (server/page-cache.ts) as a visitor and the panel see it: an anonymous product page
 * is served from the cache with a fresh CSP nonce each time, never to a signed-in visitor, and a
 * price changed in the panel replaces the cached page at once.
 */
import { createProduct, expect, slugOf, test, unique } from "./admin-support";

/** An anonymous request (no cookies), as a first-time visitor or a crawler makes it. */
async function anonymous(path: string) {
  const response = await fetch(`${process.env.E2E_BASE_URL}${path}`);
  const html = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    html,
    headerNonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    pageNonces: [...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))],
  };
}

test("anonymous pages come from the cache with their own nonce; a panel price change shows at once", async ({
  page,
}) => {
  const name = unique("Cache");
  await createProduct(page, { name, price: "47,30" });
  const path = `/merch/${slugOf(name)}`;

  const first = await anonymous(path);
  expect(first.status).toBe(200);
  expect(first.html).toContain("47,30");
  const second = await anonymous(path);
  expect(second.cache).toBe("HIT");
  // The cached page carries the nonce of its own response, a new one each time.
  expect(second.pageNonces).toEqual([second.headerNonce]);
  expect(second.headerNonce).not.toBe(first.headerNonce);

  // Signed in (the admin's page has cookies): never from the shared cache.
  const signedIn = await page.request.get(path);
  expect(signedIn.headers()["x-cache"]).toBeUndefined();

  // The panel changes the price: the next anonymous visitor sees it (the cache was dropped).
  const id = /data-product-id="([0-9a-f-]{36})"/.exec(
    await (await page.request.get(`/admin/products?q=${encodeURIComponent(name)}`)).text(),
  )?.[1];
  expect(id).toBeDefined();
  const saved = await page.request.post(`/admin/products/${id}/edit`, {
    form: {
      name,
      slug: slugOf(name),
      description: `${name}: produkt testowy paneli administracyjnego.`,
      price: "57,30",
      stockQuantity: "15",
      category: "accessory",
      isActive: "on",
      images: "[]",
    },
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBe(302);
  await expect
    .poll(async () => {
      const after = await anonymous(path);
      return after.html.includes("57,30") && !after.html.includes("47,30");
    })
    .toBe(true);
});
