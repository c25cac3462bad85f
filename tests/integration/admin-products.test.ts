/**
 * Products in the admin panel against a real database: the product form's save (validation, a taken
 * slug as a Polish field error, variants kept/added/removed, images resolved and their files deleted),
 * the list's filters and quick actions, and the upload endpoint's refusals.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadBodyOf } from "../../app/lib/cap-body.server";
import { DomainError } from "../../app/lib/domain-error";
import { requestContext } from "../../app/lib/request-context";
import { getAdminProduct, listAdminProducts } from "../../app/modules/catalog/panel-products.server";
import {
  deleteProduct,
  markProductSoldOut,
  setProductStock,
} from "../../app/modules/catalog/product-commands.server";
import { parseProductFilters } from "../../app/modules/catalog/product-filters";
import { receiveProductImage } from "../../app/modules/catalog/product-images.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "../../app/modules/media/image-upload.server";
import { storeUploadedImage } from "../../app/modules/media/images.server";
import { action as editProductAction } from "../../app/routes/admin/product-edit";
import { action as newProductAction } from "../../app/routes/admin/product-new";
import * as s from "../../db/schema";
import { demoProductId } from "../../db/seed";
import { flashIn } from "../support/flash";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv } from "./admin-support";

let env: AdminTestEnv;
let cookie: string;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
  cookie = await adminCookie();
});
afterAll(async () => {
  await env?.dispose();
});

async function jpeg(color = "#c6ff3d") {
  return sharp({ create: { width: 700, height: 500, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

function formRequest(fields: Record<string, string>, url: string) {
  return new Request(url, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
}

const validFields = {
  name: "Koszulka Żółta Łódź",
  slug: "koszulka-zolta-lodz",
  description: "Koszulka testowa z nadrukiem, bawełna organiczna.",
  metaDescription: "",
  price: "149,90",
  stockQuantity: "0",
  category: "clothing",
  brand: "",
  isActive: "on",
  images: "[]",
};

/** Submits the product form through its route's action, as the signed-in admin. */
async function submit(fields: Record<string, string>, productId: string | null = null) {
  try {
    const answer = productId
      ? await editProductAction({
          request: formRequest(fields, `${ORIGIN}/admin/products/${productId}/edit`),
          params: { id: productId },
          context: requestContext(),
        } as unknown as Parameters<typeof editProductAction>[0])
      : await newProductAction({
          request: formRequest(fields, `${ORIGIN}/admin/products/new`),
          params: {},
          context: requestContext(),
        } as unknown as Parameters<typeof newProductAction>[0]);
    return { status: answer.init?.status ?? 200, data: answer.data };
  } catch (thrown) {
    if (thrown instanceof Response)
      return {
        status: thrown.status,
        location: thrown.headers.get("location"),
        flash: (await flashIn(thrown))?.title,
      };
    throw thrown;
  }
}

async function bySlug(slug: string) {
  const [product] = await db().select().from(s.products).where(eq(s.products.slug, slug));
  return product ? getAdminProduct(product.id) : null;
}

function storedFiles() {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(env.uploads);
  return files;
}

describe("saving the product form", () => {
  it("creates a product with two variants and images, then back to the list with a flash", async () => {
    const images = [
      await storeUploadedImage({ name: "a.jpg", bytes: await jpeg("#111111") }, "products"),
      await storeUploadedImage({ name: "b.jpg", bytes: await jpeg("#222222") }, "products"),
    ];
    const result = await submit({
      ...validFields,
      images: JSON.stringify(images),
      "variants[0].size": "M",
      "variants[0].stockQuantity": "5",
      "variants[0].additionalPrice": "0",
      "variants[1].size": "XL",
      "variants[1].color": "czarny",
      "variants[1].stockQuantity": "2",
      "variants[1].additionalPrice": "10,50",
    });
    expect(result).toMatchObject({ status: 303, location: "/admin/products" });
    expect(result.flash).toBe("Produkt dodany");
    const product = await bySlug("koszulka-zolta-lodz");
    expect(product).toMatchObject({
      name: "Koszulka Żółta Łódź",
      price: 14990,
      brand: "NOKTURN",
      isActive: true,
      featured: false,
    });
    expect(product!.images.map((image) => image.src)).toEqual(images.map((image) => image.src));
    expect(product!.images[0].alt).toBe("Koszulka Żółta Łódź");
    expect(product!.variants.map((v) => [v.size, v.color, v.additionalPrice, v.stockQuantity])).toEqual([
      ["M", null, 0, 5],
      ["XL", "czarny", 1050, 2],
    ]);
  });

  it("answers 400 with SPEC's messages and keeps what was typed", async () => {
    const result = await submit({
      ...validFields,
      name: "ab",
      slug: "Zły Slug",
      description: "krótki",
      price: "0",
      stockQuantity: "-1",
    });
    expect(result.status).toBe(400);
    const reply = (
      result.data as { result: { error: Record<string, string[]>; initialValue: Record<string, unknown> } }
    ).result;
    expect(reply.error).toMatchObject({
      name: ["Nazwa musi mieć minimum 3 znaki"],
      slug: ["Slug może zawierać tylko małe litery, cyfry i myślniki"],
      description: ["Opis musi mieć minimum 10 znaków"],
      price: ["Cena musi być dodatnia"],
      stockQuantity: ["Stan nie może być ujemny"],
    });
    expect(reply.initialValue).toMatchObject({ name: "ab", description: "krótki" });
  });

  it("refuses more than 10 images, a meta description over 160 and duplicate variants", async () => {
    const image = (await bySlug("koszulka-zolta-lodz"))!.images[0];
    const result = await submit({
      ...validFields,
      slug: "inny-slug",
      metaDescription: "x".repeat(161),
      images: JSON.stringify(Array.from({ length: 11 }, () => image)),
      "variants[0].size": "M",
      "variants[0].stockQuantity": "1",
      "variants[1].size": "m",
      "variants[1].stockQuantity": "1",
    });
    expect(result.status).toBe(400);
    const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.images).toEqual(["Maksymalnie 10 zdjęć"]);
    expect(errors.metaDescription).toEqual(["Meta description max 160 znaków"]);
    expect(errors["variants[1].size"]).toEqual(["Taki wariant (rozmiar i kolor) już istnieje"]);
  });

  it("a taken slug is a Polish message on the slug field, not a 500", async () => {
    const result = await submit({ ...validFields, slug: "torba-nokturn-tote" });
    expect(result.status).toBe(400);
    expect((result.data as { result: { error: Record<string, string[]> } }).result.error.slug).toEqual([
      "Ten slug jest już zajęty przez inny produkt",
    ]);
  });

  it("refuses images that are not stored uploads (a made-up path)", async () => {
    const forged = {
      src: "/media/products/2026/0123456789abcdef01234567",
      width: 10,
      height: 10,
      widths: [10],
      formats: ["webp"],
    };
    const result = await submit({
      ...validFields,
      slug: "falszywe-zdjecie",
      images: JSON.stringify([forged]),
    });
    expect(result.status).toBe(400);
    const external = { ...forged, src: "https://zly.example/x" };
    expect(
      (await submit({ ...validFields, slug: "obce-zdjecie", images: JSON.stringify([external]) })).status,
    ).toBe(400);
  });

  it("editing keeps, updates, adds and removes variants, reorders images and deletes a dropped image's files", async () => {
    const product = (await bySlug("koszulka-zolta-lodz"))!;
    const [first, second] = product.images;
    const [m, xl] = product.variants;
    const filesBefore = storedFiles().length;
    const result = await submit(
      {
        ...validFields,
        name: "Koszulka Żółta Łódź v2",
        images: JSON.stringify([second]),
        // Swapping sizes between kept variants must not trip the unique key.
        "variants[0].id": xl.id,
        "variants[0].size": "M",
        "variants[0].color": "",
        "variants[0].stockQuantity": "7",
        "variants[0].stockQuantityOriginal": "2",
        "variants[0].additionalPrice": "0",
        "variants[1].size": "S",
        "variants[1].stockQuantity": "3",
      },
      product.id,
    );
    expect(result).toMatchObject({ status: 303 });
    expect(result.flash).toBe("Produkt zaktualizowany");
    const saved = (await getAdminProduct(product.id))!;
    expect(saved.name).toBe("Koszulka Żółta Łódź v2");
    expect(saved.images.map((image) => image.src)).toEqual([second.src]);
    expect(saved.variants.map((v) => [v.id, v.size, v.stockQuantity])).toEqual([
      [xl.id, "M", 7],
      [expect.any(String), "S", 3],
    ]);
    expect(saved.variants.some((v) => v.id === m.id)).toBe(false);
    // The first image's files are gone (2 formats × its widths); the kept one's remain.
    expect(storedFiles().length).toBe(filesBefore - first.widths.length * first.formats.length);
  });

  it("does not overwrite stock that changed while the form was open when the stock was not touched", async () => {
    const product = (await bySlug("koszulka-zolta-lodz"))!;
    const [variant] = product.variants;
    // A sale happens while the admin edits the name.
    await db()
      .update(s.productVariants)
      .set({ stockQuantity: 4 })
      .where(eq(s.productVariants.id, variant.id));
    await submit(
      {
        ...validFields,
        name: "Koszulka po sprzedaży",
        images: JSON.stringify(product.images),
        "variants[0].id": variant.id,
        "variants[0].size": variant.size,
        "variants[0].stockQuantity": "7",
        "variants[0].stockQuantityOriginal": "7",
        "variants[0].additionalPrice": "0",
      },
      product.id,
    );
    const saved = (await getAdminProduct(product.id))!;
    expect(saved.variants[0].stockQuantity).toBe(4);
  });
});

describe("list filters and quick actions", () => {
  it("filters by name (case-insensitive, % literal), category, status and stock band", async () => {
    const names = async (query: string) =>
      (await listAdminProducts(parseProductFilters(new URLSearchParams(query)))).map((p) => p.name);
    expect(await names("q=naklej")).toEqual(
      expect.arrayContaining(["Naklejki Pack Vol. 1", "Naklejka Holo Logo"]),
    );
    expect(await names("q=%25")).toEqual([]);
    const accessories = await listAdminProducts(
      parseProductFilters(new URLSearchParams("category=accessory")),
    );
    expect(accessories.every((p) => p.category === "accessory")).toBe(true);
    const inactive = await listAdminProducts(parseProductFilters(new URLSearchParams("status=inactive")));
    expect(inactive.every((p) => !p.isActive)).toBe(true);
    const soldOut = await listAdminProducts(parseProductFilters(new URLSearchParams("stock=sold_out")));
    expect(soldOut.every((p) => p.stock === 0)).toBe(true);
    const low = await listAdminProducts(parseProductFilters(new URLSearchParams("stock=low_stock")));
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((p) => p.stock >= 1 && p.stock <= 10)).toBe(true);
    const inStock = await listAdminProducts(parseProductFilters(new URLSearchParams("stock=in_stock")));
    expect(inStock.every((p) => p.stock > 10)).toBe(true);
    // A variant product's stock is the sum of its variants'.
    const tee = inStock.find((p) => p.slug === "koszulka-nokturn-logo")!;
    expect(tee.variantCount).toBe(6);
  });

  it("inline stock is refused for a variant product; sold out zeroes the product and every variant", async () => {
    const error = await setProductStock(demoProductId("koszulka-nokturn-logo"), 5).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    await markProductSoldOut(demoProductId("koszulka-nokturn-logo"));
    const tee = (await getAdminProduct(demoProductId("koszulka-nokturn-logo")))!;
    expect(tee.variants.every((v) => v.stockQuantity === 0)).toBe(true);
    await setProductStock(demoProductId("torba-nokturn-tote"), 12);
    expect((await getAdminProduct(demoProductId("torba-nokturn-tote")))!.stockQuantity).toBe(12);
  });

  it("delete refuses while someone is paying for the product, then removes it and keeps order history", async () => {
    const productId = demoProductId("bandana-nokturn");
    const [checkout] = await db()
      .insert(s.checkouts)
      .values({
        provider: "test",
        lines: [],
        deliveryMethod: "courier",
        subtotal: 4900,
        deliveryCost: 0,
        total: 4900,
        expiresAt: new Date(Date.now() + 60_000),
      })
      .returning();
    const [reservation] = await db()
      .insert(s.stockReservations)
      .values({ checkoutId: checkout.id, productId, quantity: 1, expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    const refused = await deleteProduct(productId).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(409);
    await db()
      .update(s.stockReservations)
      .set({ status: "released" })
      .where(eq(s.stockReservations.id, reservation.id));
    await deleteProduct(productId);
    expect(await getAdminProduct(productId)).toBeNull();
  });
});

describe("upload endpoint", () => {
  function uploadRequest(name: string, bytes: Uint8Array | Buffer, type = "image/jpeg") {
    const body = new FormData();
    body.append("file", new File([new Uint8Array(bytes)], name, { type }));
    return new Request(`${ORIGIN}/admin/products/images?name=${encodeURIComponent(name)}`, {
      method: "POST",
      body,
    });
  }
  async function answer(request: Request) {
    const result = await receiveProductImage(uploadBodyOf(request, MAX_UPLOAD_REQUEST_BYTES));
    if ("init" in result && result.init)
      return { status: result.init.status, body: result.data as { message?: string } };
    return { status: 200, body: result as { image?: unknown; message?: string } };
  }

  it("stores a real image", async () => {
    const result = await answer(uploadRequest("zdjecie.jpg", await jpeg()));
    expect(result.status).toBe(200);
    expect(result.body).toHaveProperty("image.src", expect.stringMatching(/^\/media\/products\//));
    // Our own path (never the uploaded name) and our own formats (moved from e2e admin-product-form).
    expect(result.body).toHaveProperty(
      "image.src",
      expect.stringMatching(/^\/media\/products\/\d{4}\/[0-9a-f]{24}$/),
    );
    expect(result.body).toHaveProperty("image.formats", ["avif", "webp"]);
  });

  it("refuses a PHP script and an HTML page renamed .jpg", async () => {
    const php = await answer(uploadRequest("shell.jpg", Buffer.from("<?php system($_GET['c']); ?>")));
    expect(php).toEqual({
      status: 400,
      body: { message: "shell.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)" },
    });
    const html = await answer(
      uploadRequest("strona.jpg", Buffer.from("<!doctype html><script>alert(1)</script>")),
    );
    expect(html.body.message).toBe("strona.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)");
  });

  it("refuses a file over 10 MB, by its declared length and while streaming", async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0xff);
    big[0] = 0xff;
    big[1] = 0xd8;
    big[2] = 0xff;
    const declared = await answer(uploadRequest("duze.jpg", big));
    expect(declared).toEqual({ status: 413, body: { message: "duze.jpg: Plik za duży (max 10MB)" } });
    // Without a Content-Length (chunked), the cap cuts the stream off.
    const form = uploadRequest("duze.jpg", big);
    const bytes = new Uint8Array(await form.arrayBuffer());
    let offset = 0;
    const chunked = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 256 * 1024));
        offset += 256 * 1024;
      },
    });
    const stream = new Request(form.url, {
      method: "POST",
      headers: { "content-type": form.headers.get("content-type")! },
      body: chunked,
      duplex: "half",
    } as RequestInit);
    expect((await answer(stream)).body.message).toBe("duze.jpg: Plik za duży (max 10MB)");
    // Just over 10 MB of file inside the allowed envelope: refused by the media checks.
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 10, 0);
    justOver.set([0xff, 0xd8, 0xff]);
    expect((await answer(uploadRequest("prawie.jpg", justOver))).body.message).toBe(
      "prawie.jpg: Plik za duży (max 10MB)",
    );
  });

  it("refuses a decompression bomb (huge dimensions in a tiny file)", async () => {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(60_000, 0);
    header.writeUInt32BE(60_000, 4);
    header[8] = 8;
    header[9] = 2;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    const result = await answer(uploadRequest("bomba.png", bomb, "image/png"));
    expect(result).toEqual({
      status: 400,
      body: { message: "bomba.png: Nieprawidłowy format (tylko JPG, PNG, WEBP)" },
    });
  });
});

describe("an unknown product's edit page (moved from e2e admin-product-form.test.ts)", () => {
  it("sends the admin back to the list with 'Błąd ładowania produktu'", async () => {
    const { loader } = await import("../../app/routes/admin/product-edit");
    for (const id of ["00000000-0000-4000-8000-000000000000", "nie-uuid"]) {
      const thrown = await loader({
        request: new Request(`${ORIGIN}/admin/products/${id}/edit`, { headers: { cookie } }),
        params: { id },
        context: requestContext(),
      } as unknown as Parameters<typeof loader>[0]).catch((error: unknown) => error);
      expect(thrown, id).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/admin/products");
      expect(await flashIn(response)).toMatchObject({ kind: "error", title: "Błąd ładowania produktu" });
    }
  });
});

describe("the drop fields of the product form", () => {
  it("stores a release typed in Warsaw time and a limit, and a size's own release", async () => {
    const result = await submit({
      ...validFields,
      slug: "drop-zimowy",
      releaseAt: "2026-12-04T18:00",
      maxPerCustomer: "2",
      "variants[0].size": "M",
      "variants[0].stockQuantity": "5",
      "variants[0].additionalPrice": "0",
      "variants[0].releaseAt": "2026-07-03T18:00",
    });
    expect(result.status).toBe(303);
    const product = await bySlug("drop-zimowy");
    expect(product?.releaseAt?.toISOString()).toBe("2026-12-04T17:00:00.000Z");
    expect(product?.maxPerCustomer).toBe(2);
    expect(product?.variants[0].releaseAt?.toISOString()).toBe("2026-07-03T16:00:00.000Z");
  });

  it("refuses a release that is not a date and a limit of 0, −1, 2.5 or 100 in Polish, storing nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ releaseAt: "jutro o 18" }, "releaseAt", "Podaj datę i godzinę premiery, np. 04.12.2026 18:00"],
      [{ releaseAt: "2026-02-30T18:00" }, "releaseAt", "Podaj datę i godzinę premiery, np. 04.12.2026 18:00"],
      [{ maxPerCustomer: "0" }, "maxPerCustomer", "Limit na klienta musi być liczbą całkowitą od 1 do 99"],
      [{ maxPerCustomer: "-1" }, "maxPerCustomer", "Limit na klienta musi być liczbą całkowitą od 1 do 99"],
      [{ maxPerCustomer: "2.5" }, "maxPerCustomer", "Limit na klienta musi być liczbą całkowitą od 1 do 99"],
      [{ maxPerCustomer: "100" }, "maxPerCustomer", "Limit na klienta musi być liczbą całkowitą od 1 do 99"],
    ];
    for (const [fields, field, message] of cases) {
      const result = await submit({ ...validFields, slug: "drop-odrzucony", ...fields });
      expect(result.status, JSON.stringify(fields)).toBe(400);
      const answer = result.data as { result: { error?: Record<string, string[]> } };
      expect(answer.result.error?.[field]).toEqual([message]);
      // What was typed comes back with the answer, so the form keeps it.
      expect(JSON.stringify(answer.result)).toContain(Object.values(fields)[0]);
      expect(await bySlug("drop-odrzucony")).toBeNull();
    }
  });
});
