import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "./slug";

describe("slugify", () => {
  it("transliterates every Polish letter", () => {
    expect(slugify("ąćęłńóśźż")).toBe("acelnoszz");
    expect(slugify("ĄĆĘŁŃÓŚŹŻ")).toBe("acelnoszz");
  });

  it("turns names into URL slugs", () => {
    expect(slugify("Żółta Łódź – Wrocław 2025!")).toBe("zolta-lodz-wroclaw-2025");
    expect(slugify("  NOKTURN:  Listopad   2025 ")).toBe("nokturn-listopad-2025");
    expect(slugify("Koszulka NOKTURN Logo")).toBe("koszulka-nokturn-logo");
    expect(slugify("Sesja merch — NOKTURN")).toBe("sesja-merch-nokturn");
  });

  it("produces only valid slugs", () => {
    for (const input of ["---a---b---", "Łąka / Ścieżka", "100% bawełna", "é à ü"]) {
      const slug = slugify(input);
      expect(SLUG_PATTERN.test(slug)).toBe(true);
    }
    expect(SLUG_PATTERN.test("Bad Slug")).toBe(false);
    expect(SLUG_PATTERN.test("ok-slug-1")).toBe(true);
    expect(SLUG_PATTERN.test("-leading")).toBe(false);
  });
});
