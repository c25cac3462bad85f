import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageRef } from "../../app/lib/images";
import { LocalDiskStorage, setStorage } from "../../app/lib/storage.server";
import { deleteStoredImage, storeUploadedImage, UploadError } from "../../app/modules/media/images.server";
import { discardImageIfUnreferenced, isImageReferenced } from "../../app/modules/media/stored-images.server";
import * as s from "../../db/schema";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-media-"));
  setStorage(new LocalDiskStorage(root));
});
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(root, { recursive: true, force: true });
});

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid-looking PNG header claiming 60 000 × 60 000 pixels, in under 100 bytes. */
function decompressionBomb() {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.alloc(64))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function refusal(file: { name: string; bytes: Uint8Array }) {
  const error = await storeUploadedImage(file, "products").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(UploadError);
  return (error as Error).message;
}

describe("image uploads", () => {
  it("re-encodes a JPEG into WebP and AVIF at responsive widths and deletes them again", async () => {
    const jpeg = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: "#c6ff3d" } })
      .jpeg()
      .toBuffer();
    const image = await storeUploadedImage({ name: "bluza.jpg", bytes: jpeg }, "products", "Bluza");
    expect(image.src).toMatch(/^\/media\/products\/\d{4}\/[0-9a-f]{24}$/);
    expect(image.widths).toEqual([320, 640, 960, 1280, 1400]);
    expect(image).toMatchObject({ width: 1400, height: 1000, formats: ["avif", "webp"], alt: "Bluza" });
    const base = path.join(root, image.src.replace("/media/", ""));
    for (const width of image.widths) {
      const meta = await sharp(fs.readFileSync(`${base}-${width}.webp`)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(width);
      expect(fs.existsSync(`${base}-${width}.avif`)).toBe(true);
    }
    await deleteStoredImage(image);
    expect(fs.readdirSync(path.dirname(base)).filter((f) => f.startsWith(path.basename(base)))).toEqual([]);
  });

  it("refuses a PHP script or an HTML page renamed .jpg", async () => {
    expect(await refusal({ name: "shell.jpg", bytes: Buffer.from("<?php system($_GET['c']); ?>") })).toBe(
      "shell.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)",
    );
    expect(
      await refusal({ name: "page.jpg", bytes: Buffer.from("<!doctype html><script>alert(1)</script>") }),
    ).toBe("page.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)");
    // Right magic bytes, garbage after them.
    expect(
      await refusal({
        name: "fake.png",
        bytes: Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from("garbage"),
        ]),
      }),
    ).toContain("Nieprawidłowy format");
  });

  it("refuses a file over 10 MB", async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    big.set([0xff, 0xd8, 0xff], 0);
    expect(await refusal({ name: "duzy.jpg", bytes: big })).toBe("duzy.jpg: Plik za duży (max 10MB)");
  });

  it("refuses a decompression bomb without decoding it", async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(200);
    const started = Date.now();
    expect(await refusal({ name: "bomb.png", bytes: bomb })).toContain("Nieprawidłowy format");
    expect(Date.now() - started).toBeLessThan(2000);
    const stored = fs
      .readdirSync(root, { recursive: true })
      .map(String)
      .filter((f) => /\.(webp|avif)$/.test(f));
    expect(stored).toEqual([]);
  });
});

describe("deleting a stored image (one rule for every kind)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function stored(name = "zdjecie.jpg") {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#ff2e88" } })
      .jpeg()
      .toBuffer();
    return storeUploadedImage({ name, bytes: jpeg }, "galleries");
  }
  const filesOf = (image: ImageRef) => {
    const base = path.join(root, image.src.replace("/media/", ""));
    return fs.readdirSync(path.dirname(base)).filter((f) => f.startsWith(path.basename(base)));
  };

  /** One row of each kind that can show an image; each returns how to remove that row again. */
  const kinds: Record<string, (image: ImageRef) => Promise<() => Promise<unknown>>> = {
    product: async (image) => {
      const [row] = await database.db
        .insert(s.products)
        .values({
          slug: "p-ref",
          name: "P",
          description: "P",
          price: 1000,
          category: "clothing",
          images: [image],
        })
        .returning();
      return () => database.db.delete(s.products).where(eq(s.products.id, row.id));
    },
    artist: async (image) => {
      const [row] = await database.db
        .insert(s.artists)
        .values({ slug: "a-ref", name: "A", backgroundImage: image })
        .returning();
      return () => database.db.delete(s.artists).where(eq(s.artists.id, row.id));
    },
    ambassador: async (image) => {
      const [row] = await database.db
        .insert(s.ambassadors)
        .values({ slug: "amb-ref", name: "A", instagramUrl: "https://instagram.com/a", profileImage: image })
        .returning();
      return () => database.db.delete(s.ambassadors).where(eq(s.ambassadors.id, row.id));
    },
    "event poster": async (image) => {
      const [row] = await database.db
        .insert(s.events)
        .values({
          slug: "e-ref",
          title: "E",
          startsAt: new Date("2030-01-01T22:00:00Z"),
          endsAt: new Date("2030-01-02T06:00:00Z"),
          venue: "V",
          city: "C",
          aftermoviePoster: image,
        })
        .returning();
      return () => database.db.delete(s.events).where(eq(s.events.id, row.id));
    },
    "event photo": async (image) => {
      const [row] = await database.db
        .insert(s.events)
        .values({
          slug: "e-photo-ref",
          title: "E",
          startsAt: new Date("2030-01-01T22:00:00Z"),
          endsAt: new Date("2030-01-02T06:00:00Z"),
          venue: "V",
          city: "C",
          photos: [image],
        })
        .returning();
      return () => database.db.delete(s.events).where(eq(s.events.id, row.id));
    },
    "gallery hero": async (image) => {
      const [row] = await database.db
        .insert(s.galleries)
        .values({ slug: "g-ref", title: "G", heroImage: image })
        .returning();
      return () => database.db.delete(s.galleries).where(eq(s.galleries.id, row.id));
    },
    "gallery photo": async (image) => {
      const [gallery] = await database.db
        .insert(s.galleries)
        .values({ slug: "gp-ref", title: "G" })
        .returning();
      await database.db.insert(s.galleryImages).values({ galleryId: gallery.id, image });
      return () => database.db.delete(s.galleries).where(eq(s.galleries.id, gallery.id));
    },
  };

  for (const [kind, insert] of Object.entries(kinds)) {
    it(`keeps the files while a ${kind} shows the image, deletes them once nothing does`, async () => {
      const image = await stored();
      const remove = await insert(image);
      expect(await isImageReferenced(image.src, database.db)).toBe(true);
      expect(await discardImageIfUnreferenced(image, database.db)).toBe(false);
      expect(filesOf(image)).toHaveLength(image.widths.length * image.formats.length);
      await remove();
      expect(await isImageReferenced(image.src, database.db)).toBe(false);
      expect(await discardImageIfUnreferenced(image, database.db)).toBe(true);
      expect(filesOf(image)).toEqual([]);
    });
  }

  it("never deletes a demo image outside /media/", async () => {
    expect(
      await discardImageIfUnreferenced(
        { src: "/demo/plakat", widths: [320], formats: ["webp"] },
        database.db,
      ),
    ).toBe(false);
  });
});
