import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { signedIn, waitForHydration } from "../support/fixtures";

const baseURL = () => process.env.E2E_BASE_URL ?? "";

/**
 * Signs in through better-auth's endpoint: only for accounts a test creates itself (the seeded ones start
 * signed in). better-auth allows 3 sign-ins per 10 s from one address, and every worker is 127.0.0.1, so
 * a 429 is waited out as the answer's Retry-After says.
 */
export async function signInWith(
  request: APIRequestContext,
  credentials: { email: string; password: string },
) {
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const response = await request.post(`${baseURL()}/api/auth/sign-in/email`, {
      data: credentials,
      headers: { origin: baseURL() },
    });
    if (response.ok()) return;
    if (response.status() !== 429)
      throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
    const wait = Number(response.headers()["x-retry-after"] ?? response.headers()["retry-after"] ?? "3");
    await new Promise((resolve) => setTimeout(resolve, Math.min(15, Math.max(1, wait)) * 1000 + 250));
  }
  throw new Error("sign-in kept being rate-limited");
}

/** `test` whose pages start signed in as the demo admin (a session seeded before the server started). */
export const test = base.extend({
  storageState: async ({ baseURL }, use) => use(signedIn("admin", baseURL)),
});

import { slugOf } from "../support/names";

export { slugOf, unique } from "../support/names";
export { expect };

export type NewProduct = {
  name: string;
  price?: string;
  stock?: number;
  category?: "clothing" | "accessory" | "stickers";
  active?: boolean;
  variants?: { size: string; stock: number }[];
};

/** Creates a product through the panel's form endpoint (as the signed-in admin); returns its id. */
export async function createProduct(page: Pick<Page, "request">, product: NewProduct) {
  const form: Record<string, string> = {
    name: product.name,
    slug: slugOf(product.name),
    description: `${product.name}: produkt testowy paneli administracyjnego.`,
    price: product.price ?? "49,00",
    stockQuantity: String(product.stock ?? 15),
    category: product.category ?? "accessory",
    images: "[]",
  };
  if (product.active !== false) form.isActive = "on";
  (product.variants ?? []).forEach((variant, index) => {
    form[`variants[${index}].size`] = variant.size;
    form[`variants[${index}].stockQuantity`] = String(variant.stock);
    form[`variants[${index}].additionalPrice`] = "0";
  });
  const response = await page.request.post("/admin/products/new", { form, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return productIdBySearch(page, product.name);
}

async function productIdBySearch(page: Pick<Page, "request">, name: string) {
  const response = await page.request.get(`/admin/products?q=${encodeURIComponent(name)}`);
  const html = await response.text();
  const match = /data-product-id="([0-9a-f-]{36})"/.exec(html);
  if (!match) throw new Error(`product ${name} not found after creating it`);
  return match[1];
}

/** Opens a panel page and waits until it is interactive. */
export async function openAdmin(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

/** The row of a product in the products table. */
export function productRow(page: Page, name: string) {
  return page.getByTestId("product-row").filter({ has: page.getByRole("rowheader", { name }) });
}

/** A test image made on the spot (sharp), as a file for an <input type="file">. */
export async function imageFile(name: string, color: string, format: "jpeg" | "png" | "webp" = "jpeg") {
  const image = sharp({ create: { width: 900, height: 900, channels: 3, background: color } });
  const buffer = await (format === "png"
    ? image.png()
    : format === "webp"
      ? image.webp()
      : image.jpeg()
  ).toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

/** Units on sale of a product (or variant), as the shop's price endpoint reports them. */
export async function availableStock(page: Page, productId: string, variantId: string | null = null) {
  const response = await page.request.post("/api/cart/prices", {
    data: { lines: [{ productId, variantId, quantity: 1 }], deliveryMethod: "courier" },
  });
  const quote = (await response.json()) as { lines: { availableStock: number }[] };
  return quote.lines[0].availableStock;
}
