import { describe, expect, it } from "vitest";
import {
  CART_COOKIE_MAX_AGE,
  CART_COOKIE_NAME,
  cartCookieAssignment,
  cartCookieValue,
  decodeCartCookie,
  encodeCartCookie,
  MAX_CART_COOKIE_LENGTH,
  packUuid,
  readCartCookie,
  unpackUuid,
} from "./cart-cookie";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";

const uuid = (n: number) => `${n.toString(16).padStart(8, "0")}-89ab-4cde-8f01-23456789abcd`;
const tee = {
  productId: "0b9d2c4e-1f3a-4b5c-9d6e-7f8091a2b3c4",
  variantId: "ffffffff-ffff-4fff-bfff-ffffffffffff",
};
const sticker = { productId: "00000000-0000-4000-8000-000000000000", variantId: null };

describe("packUuid / unpackUuid", () => {
  it("round-trips UUIDs in 22 cookie-safe characters", () => {
    for (const id of [tee.productId, tee.variantId, sticker.productId, uuid(1), uuid(0xfffffff)]) {
      const packed = packUuid(id);
      expect(packed).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(unpackUuid(packed as string)).toBe(id);
    }
    expect(unpackUuid(packUuid(tee.productId.toUpperCase()) as string)).toBe(tee.productId);
  });

  it("refuses what is not a UUID or a packed one", () => {
    for (const id of ["", "p1", "not-a-uuid", `${tee.productId}0`, `${tee.productId}\u0000`]) {
      expect(packUuid(id)).toBeNull();
    }
    for (const packed of [
      "",
      "abc",
      "A".repeat(21),
      "A".repeat(23),
      `${"A".repeat(21)}B`,
      `${"A".repeat(21)}\u0000`,
    ]) {
      expect(unpackUuid(packed)).toBeNull();
    }
  });
});

describe("encodeCartCookie / decodeCartCookie", () => {
  it("keeps only ids and quantities, in order, and reads them back", () => {
    const lines = [
      { ...tee, quantity: 2, name: "Koszulka", price: 1 },
      { ...sticker, quantity: 1, name: "Naklejki", price: 1 },
    ];
    const value = encodeCartCookie(lines);
    expect(value).not.toContain("Koszulka");
    expect(value).not.toMatch(/[\s;,"\\]/);
    expect(decodeCartCookie(value)).toEqual([
      { ...tee, quantity: 2 },
      { ...sticker, quantity: 1 },
    ]);
  });

  it("an empty cart is an empty value", () => {
    expect(encodeCartCookie([])).toBe("");
    expect(decodeCartCookie("")).toEqual([]);
    expect(decodeCartCookie(null)).toEqual([]);
    expect(decodeCartCookie(undefined)).toEqual([]);
  });

  it("writes whole quantities within the limit, once per product and variant, non-UUID ids left out", () => {
    const value = encodeCartCookie([
      { ...tee, quantity: 250 },
      { ...tee, quantity: 3 },
      { ...sticker, quantity: 1.7 },
      { productId: "p1", variantId: null, quantity: 1 },
      { productId: uuid(5), variantId: "v-m", quantity: 1 },
      { productId: uuid(6), variantId: null, quantity: 0 },
      { productId: uuid(7), variantId: null, quantity: Number.NaN },
    ]);
    expect(decodeCartCookie(value)).toEqual([
      { ...tee, quantity: MAX_LINE_QUANTITY },
      { ...sticker, quantity: 1 },
    ]);
  });

  it("a full cart stays well under 4 KB", () => {
    const lines = Array.from({ length: MAX_CART_LINES + 10 }, (_, i) => ({
      productId: uuid(i),
      variantId: uuid(i + 1000),
      quantity: MAX_LINE_QUANTITY,
    }));
    const assignment = cartCookieAssignment(lines, true);
    expect(assignment.length).toBeLessThan(2600);
    const value = encodeCartCookie(lines);
    expect(decodeCartCookie(value)).toHaveLength(MAX_CART_LINES);
  });

  it("malformed values decode to the safe lines or nothing, never throw", () => {
    const good = encodeCartCookie([{ ...tee, quantity: 2 }]);
    const packedSticker = packUuid(sticker.productId);
    const cases: [string, number][] = [
      ["garbage", 0],
      ["~~~", 0],
      ["..", 0],
      [`${good}\u0000`, 0],
      [`${good}~\u0000.\u0000.1`, 1],
      [`${packedSticker}..1.5`, 0],
      [`${packedSticker}..1e3`, 0],
      [`${packedSticker}..-1`, 0],
      [`${packedSticker}..0`, 0],
      [`${packedSticker}..0x10`, 0],
      [`${packedSticker}..${"9".repeat(400)}`, 0],
      [`${packedSticker}..1.extra`, 0],
      [`${packedSticker}.notanid.1`, 0],
      [`${good}~${good}~${good}`, 1],
      [`%7B%22a%22%3A1%7D~${good}`, 1],
    ];
    for (const [value, count] of cases) {
      expect(() => decodeCartCookie(value), value.slice(0, 40)).not.toThrow();
      expect(decodeCartCookie(value), value.slice(0, 40)).toHaveLength(count);
    }
    // A huge quantity that is still digits is held to the limit.
    expect(decodeCartCookie(`${packedSticker}..999999`)).toEqual([
      { ...sticker, quantity: MAX_LINE_QUANTITY },
    ]);
  });

  it("10 000 entries or a 100 KB value are not read (nothing that long is ours)", () => {
    const line = `${packUuid(sticker.productId)}..1`;
    const tenThousand = Array.from({ length: 10_000 }, () => line).join("~");
    expect(tenThousand.length).toBeGreaterThan(MAX_CART_COOKIE_LENGTH);
    expect(decodeCartCookie(tenThousand)).toEqual([]);
    expect(decodeCartCookie("a".repeat(100 * 1024))).toEqual([]);
    // Under the length limit, many distinct lines: only the first MAX_CART_LINES count.
    const many = Array.from({ length: 80 }, (_, i) => `${packUuid(uuid(i))}..1`).join("~");
    expect(many.length).toBeLessThanOrEqual(MAX_CART_COOKIE_LENGTH);
    expect(decodeCartCookie(many)).toHaveLength(MAX_CART_LINES);
    expect(decodeCartCookie(many)[0]).toEqual({ productId: uuid(0), variantId: null, quantity: 1 });
  });
});

describe("the cookie in requests and in document.cookie", () => {
  it("finds the cart cookie among others; none means null", () => {
    const value = encodeCartCookie([{ ...tee, quantity: 1 }]);
    expect(cartCookieValue(`nokturn_device=a.b; ${CART_COOKIE_NAME}=${value}; x=y`)).toBe(value);
    expect(readCartCookie(`${CART_COOKIE_NAME}=${value}`)).toEqual([{ ...tee, quantity: 1 }]);
    expect(readCartCookie(`x${CART_COOKIE_NAME}=${value}`)).toBeNull();
    expect(readCartCookie("nokturn_device=a")).toBeNull();
    expect(readCartCookie(null)).toBeNull();
    expect(readCartCookie(`${CART_COOKIE_NAME}=`)).toEqual([]);
    expect(readCartCookie(`${CART_COOKIE_NAME}=${"x".repeat(100 * 1024)}`)).toEqual([]);
  });

  it("writes Path=/, SameSite=Lax, 30 days (Secure on https only); an empty cart deletes it", () => {
    const lines = [{ ...tee, quantity: 1 }];
    const plain = cartCookieAssignment(lines, false);
    expect(plain).toBe(
      `${CART_COOKIE_NAME}=${encodeCartCookie(lines)}; Path=/; SameSite=Lax; Max-Age=${CART_COOKIE_MAX_AGE}`,
    );
    expect(cartCookieAssignment(lines, true)).toBe(`${plain}; Secure`);
    expect(cartCookieAssignment([], false)).toBe(`${CART_COOKIE_NAME}=; Path=/; SameSite=Lax; Max-Age=0`);
    expect(CART_COOKIE_MAX_AGE).toBe(30 * 24 * 60 * 60);
  });
});
