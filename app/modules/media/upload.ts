/** Upload rules shared by the admin's browser checks and the server (SPEC §5 product images). */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_PRODUCT_IMAGES = 10;
/** Larger images are refused before decoding (decompression bombs): 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type UploadKind = "jpeg" | "png" | "webp";

export const invalidFormatMessage = (file: string) => `${file}: Nieprawidłowy format (tylko JPG, PNG, WEBP)`;
export const tooLargeMessage = (file: string) => `${file}: Plik za duży (max 10MB)`;
export const TOO_MANY_IMAGES_MESSAGE = "Maksymalnie 10 zdjęć na produkt";

/** The file type by its first bytes (magic numbers), whatever its name or declared type says. */
export function sniffImageType(bytes: Uint8Array): UploadKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return "png";
  }
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === "RIFF" &&
    String.fromCharCode(...bytes.subarray(8, 12)) === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

/** Widths stored for an image no wider than `width` (the original width is always kept). */
export function responsiveWidths(
  width: number,
  candidates: readonly number[] = [320, 640, 960, 1280, 1600, 1920],
) {
  const widths = candidates.filter((candidate) => candidate < width);
  widths.push(Math.min(width, candidates[candidates.length - 1]));
  return [...new Set(widths)].sort((a, b) => a - b);
}
