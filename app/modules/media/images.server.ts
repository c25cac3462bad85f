/**
 * Uploaded images: checked by content (magic bytes), size and pixel count, then re-encoded by sharp
 * into WebP and AVIF at every responsive width. Nothing of the original file is kept or served.
 */
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import type { ImageRef } from "~/lib/images";
import { storage } from "~/lib/storage.server";
import {
  invalidFormatMessage,
  MAX_INPUT_PIXELS,
  MAX_UPLOAD_BYTES,
  responsiveWidths,
  sniffImageType,
  tooLargeMessage,
} from "./upload";

export const MEDIA_PREFIX = "/media/";

export class UploadError extends Error {}

export type UploadFolder = "products" | "galleries" | "ambassadors" | "artists" | "events";

/** Processes one uploaded file into stored variants; throws UploadError with SPEC's Polish message. */
export async function storeUploadedImage(
  file: { name: string; bytes: Uint8Array },
  folder: UploadFolder,
  alt = "",
): Promise<ImageRef> {
  const name = file.name.replace(/[\r\n]/g, "").slice(0, 120) || "plik";
  if (file.bytes.byteLength > MAX_UPLOAD_BYTES) throw new UploadError(tooLargeMessage(name));
  if (!sniffImageType(file.bytes)) throw new UploadError(invalidFormatMessage(name));

  let metadata: Metadata;
  try {
    // limitInputPixels refuses decompression bombs from the header, before decoding.
    metadata = await sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata();
  } catch {
    throw new UploadError(invalidFormatMessage(name));
  }
  if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new UploadError(invalidFormatMessage(name));
  }

  // EXIF rotation applied, so width/height describe the image as shown.
  const rotated = sharp(file.bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const { data: upright, info } = await rotated.toBuffer({ resolveWithObject: true });
  const widths = responsiveWidths(info.width);
  const base = `${folder}/${new Date().getFullYear()}/${randomBytes(12).toString("hex")}`;
  const { dominant } = await sharp(upright).stats();
  const written: string[] = [];
  try {
    for (const width of widths) {
      const resized = sharp(upright).resize({ width, withoutEnlargement: true });
      const webp = await resized.clone().webp({ quality: 78, effort: 4 }).toBuffer();
      await storage().put(`${base}-${width}.webp`, webp, "image/webp");
      written.push(`${base}-${width}.webp`);
      const avif = await resized.clone().avif({ quality: 55, effort: 2 }).toBuffer();
      await storage().put(`${base}-${width}.avif`, avif, "image/avif");
      written.push(`${base}-${width}.avif`);
    }
  } catch (error) {
    await Promise.all(written.map((key) => storage().delete(key)));
    throw error;
  }
  const largest = widths[widths.length - 1];
  const toHex = (n: number) => n.toString(16).padStart(2, "0");
  return {
    src: `${MEDIA_PREFIX}${base}`,
    width: largest,
    height: Math.round((info.height * largest) / info.width),
    widths,
    formats: ["avif", "webp"],
    alt,
    color: `#${toHex(dominant.r)}${toHex(dominant.g)}${toHex(dominant.b)}`,
  };
}

/** Deletes every stored file of an uploaded image (demo images in /demo are left alone). */
export async function deleteStoredImage(image: Pick<ImageRef, "src" | "widths" | "formats">) {
  if (!image.src.startsWith(MEDIA_PREFIX)) return;
  const base = image.src.slice(MEDIA_PREFIX.length);
  await Promise.all(
    image.widths.flatMap((width) =>
      image.formats.map((format) => storage().delete(`${base}-${width}.${format}`)),
    ),
  );
}
