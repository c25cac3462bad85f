import { describe, expect, it } from "vitest";
import { isDomainError, isWidgetStartupError, lockerFromCode, lockerFromPoint } from "./geowidget";

describe("InPost Geowidget points", () => {
  it("keeps the point's name and address lines", () => {
    expect(
      lockerFromPoint({
        name: "WRO01M",
        address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" },
      }),
    ).toEqual({ id: "WRO01M", name: "WRO01M", address: { line1: "ul. Ruska 46", line2: "50-079 Wrocław" } });
  });

  it("ignores points without a name or an address", () => {
    expect(lockerFromPoint(null)).toBeNull();
    expect(lockerFromPoint({ name: "", address: { line1: "x" } })).toBeNull();
    expect(lockerFromPoint({ name: "WRO01M", address: null })).toBeNull();
    expect(lockerFromPoint({ name: 42, address: { line1: "x" } })).toBeNull();
  });

  it("accepts typed locker codes only in InPost's shape", () => {
    expect(lockerFromCode(" wro01m ")?.name).toBe("WRO01M");
    expect(lockerFromCode("KRA10A")?.id).toBe("KRA10A");
    expect(lockerFromCode("12")).toBeNull();
    expect(lockerFromCode("<script>")).toBeNull();
  });

  it("recognises the widget's token/domain failures", () => {
    const origin = "https://geowidget.inpost.pl";
    expect(isDomainError("Token is not valid for domain example.com")).toBe(true);
    expect(isDomainError("Cannot read properties of undefined")).toBe(false);
    expect(isWidgetStartupError({ message: "Script error.", filename: "" }, origin)).toBe(true);
    expect(
      isWidgetStartupError(
        { message: "Invalid token for domain", filename: `${origin}/inpost-geowidget.js` },
        origin,
      ),
    ).toBe(true);
    expect(
      isWidgetStartupError({ message: "Invalid token", filename: "https://other.example/app.js" }, origin),
    ).toBe(false);
    expect(
      isWidgetStartupError({ message: "x is undefined", filename: `${origin}/inpost-geowidget.js` }, origin),
    ).toBe(false);
  });
});
