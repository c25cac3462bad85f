import { describe, expect, it } from "vitest";
import { formatPln, formatPrice, parsePln, toDecimalString } from "./money";

// Intl uses a non-breaking space before "zł" and as the thousands separator.
const normalize = (value: string) => value.replace(/[\u00a0\u202f]/g, " ");

describe("money", () => {
  it("formats grosze as Polish złoty with two decimals", () => {
    expect(normalize(formatPrice(19900))).toBe("199,00 zł");
    expect(normalize(formatPrice(1699))).toBe("16,99 zł");
    expect(normalize(formatPrice(5))).toBe("0,05 zł");
    expect(normalize(formatPrice(129900))).toBe("1299,00 zł");
    expect(normalize(formatPrice(1234567))).toBe("12 345,67 zł");
  });

  it("writes exactly what Intl's pl-PL currency format writes", () => {
    const currency = new Intl.NumberFormat("pl-PL", { style: "currency", currency: "PLN" });
    const plain = new Intl.NumberFormat("pl-PL", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const samples = [1, 5, 99, 100, 1699, 99999, 100000, 129900, 999999, 1000000, 1234567, 123456789];
    for (const grosze of [0, ...samples, ...samples.map((value) => -value), 987654321012]) {
      expect(formatPrice(grosze), String(grosze)).toBe(currency.format(grosze / 100));
      expect(formatPln(grosze), String(grosze)).toBe(`${plain.format(grosze / 100)} PLN`);
    }
  });

  it("has a PLN form for the places SPEC shows PLN", () => {
    expect(normalize(formatPln(20000))).toBe("200,00 PLN");
    expect(normalize(formatPln(7101))).toBe("71,01 PLN");
  });

  it("refuses anything but whole grosze", () => {
    expect(() => formatPrice(19.99)).toThrow(TypeError);
    expect(() => formatPrice(Number.NaN)).toThrow(TypeError);
  });

  it("gives a machine-readable decimal string", () => {
    expect(toDecimalString(19900)).toBe("199.00");
    expect(toDecimalString(1699)).toBe("16.99");
    expect(toDecimalString(5)).toBe("0.05");
    expect(toDecimalString(-250)).toBe("-2.50");
  });

  it("parses amounts people type", () => {
    expect(parsePln("199")).toBe(19900);
    expect(parsePln("199,9")).toBe(19990);
    expect(parsePln("16,99 zł")).toBe(1699);
    expect(parsePln("1 299,00")).toBe(129900);
    expect(parsePln("0.05")).toBe(5);
    expect(parsePln("-5")).toBeNull();
    expect(parsePln("12,345")).toBeNull();
    expect(parsePln("abc")).toBeNull();
    expect(parsePln("")).toBeNull();
  });
});
