import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import sharp from "sharp";
import { signedIn, waitForHydration } from "../support/fixtures";

const baseURL = () => process.env.E2E_BASE_URL ?? "";

/**
 * Signs in through better-auth's endpoint: only for accounts a test creates itself (the seeded ones start
 * signed in). The login limits count per address, and every worker is 127.0.0.1, so
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
  expect(response.status(), await response.text()).toBe(303);
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

/**
 * Units on sale of a product (or one of its variants) as the admin's product form shows them: its own
 * stock, the variant's row, or the sum of the rows (a variant product sells from its variants).
 * `admin` is a browser context signed in as the admin.
 */
export async function stockInPanel(
  admin: BrowserContext,
  productId: string,
  variantId: string | null = null,
) {
  const page = await admin.newPage();
  try {
    await page.goto(`/admin/products/${productId}/edit`);
    const rows = page.getByTestId("variant-row");
    const stockOf = (row: Locator) => row.getByLabel(/^Stan — wariant \d+$/).inputValue();
    if (variantId) {
      return Number(await stockOf(rows.filter({ has: page.locator(`input[value="${variantId}"]`) })));
    }
    const variants = await rows.all();
    if (variants.length === 0) return Number(await page.getByLabel("Stan magazynowy").inputValue());
    let sum = 0;
    for (const row of variants) sum += Number(await stockOf(row));
    return sum;
  } finally {
    await page.close();
  }
}
