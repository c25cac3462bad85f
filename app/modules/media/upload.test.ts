import { describe, expect, it } from "vitest";
import { invalidFormatMessage, responsiveWidths, sniffImageType, tooLargeMessage } from "./upload";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

describe("upload rules", () => {
  it("recognises JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImageType(ascii("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
  });

  it("refuses anything else, whatever it is called", () => {
    expect(sniffImageType(ascii("<?php echo 'x'; ?>"))).toBeNull();
    expect(sniffImageType(ascii("<!doctype html><html>"))).toBeNull();
    expect(sniffImageType(ascii("GIF89a"))).toBeNull();
    expect(sniffImageType(ascii("RIFF....WAVE"))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });

  it("has SPEC's messages", () => {
    expect(invalidFormatMessage("a.php.jpg")).toBe("a.php.jpg: Nieprawidłowy format (tylko JPG, PNG, WEBP)");
    expect(tooLargeMessage("big.png")).toBe("big.png: Plik za duży (max 10MB)");
  });

  it("keeps widths up to the original", () => {
    expect(responsiveWidths(800)).toEqual([320, 640, 800]);
    expect(responsiveWidths(4000)).toEqual([320, 640, 960, 1280, 1600, 1920]);
    expect(responsiveWidths(200)).toEqual([200]);
    expect(responsiveWidths(640)).toEqual([320, 640]);
  });
});
