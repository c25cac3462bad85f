import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalDiskStorage, setStorage } from "../../app/lib/storage.server";
import { deleteStoredImage, storeUploadedImage, UploadError } from "../../app/modules/media/images.server";

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
