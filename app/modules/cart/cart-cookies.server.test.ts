/**
 * The cart's cookies as React Router cookies (decision 035): the badge in the browser reads the count
 * the server writes, and a cart id written before (raw) is still taken for one release.
 */
import { describe, expect, it } from "vitest";
import { readCookie, setCookie } from "~/lib/cookies.server";
import { CART_COUNT, OLD_CART_ID as CART_ID, LEGACY_CART, syncCartCookies } from "./cart-cookies.server";
import type { CartRecord } from "./cart-store.server";
import { readCartCount } from "./cart-view";

const CART = "0b6f8a4e-1111-4a4a-9a9a-000000000001";
const requestWith = (cookie: string) => new Request("http://x/", { headers: { cookie } });
const encoded = (value: unknown) => `nokturn_cart_count=${encodeURIComponent(btoa(JSON.stringify(value)))}`;

describe("the cart's cookies", () => {
  it("the badge reads the count as the server writes it (React Router's createCookie), and the old raw one for a release", async () => {
    const written = new Headers();
    await setCookie(written, CART_COUNT, "7");
    const cookie = written.getSetCookie()[0].split("; ")[0];
    expect(cookie).not.toBe("nokturn_cart_count=7");
    expect(readCartCount(`a=1; ${cookie}; b=2`)).toBe(7);
    expect(readCartCount(encoded("12"))).toBe(12);
    expect(readCartCount("nokturn_cart_count=12")).toBe(12);
    expect(readCartCount(encoded("-1"))).toBe(0);
    expect(readCartCount(encoded("123456"))).toBe(0);
    expect(readCartCount(encoded({ count: 3 }))).toBe(0);
    expect(readCartCount("nokturn_cart_count=%%%")).toBe(0);
  });

  it("takes a cart id in the old raw format (one release), never a raw value that is no cart id", async () => {
    expect(await readCookie(requestWith(`nokturn_cart_id=${CART}`), CART_ID)).toBe(CART);
    expect(await readCookie(requestWith(`nokturn_cart_id=${CART.toUpperCase()}`), CART_ID)).toBe(
      CART.toUpperCase(),
    );
    expect(await readCookie(requestWith("nokturn_cart_id=x' or 1=1"), CART_ID)).toBe("");
    expect(await readCookie(requestWith("other=1"), CART_ID)).toBeNull();
    const written = new Headers();
    await setCookie(written, CART_ID, CART);
    expect(await readCookie(requestWith(written.getSetCookie()[0].split("; ")[0]), CART_ID)).toBe(CART);
  });

  it("sends an old raw cookie again in the new format, and clears the legacy mirror", async () => {
    const cart = { id: CART, lines: [{ quantity: 2 }], tickets: [] } as unknown as CartRecord;
    const headers = new Headers();
    // What sentCartCookies makes of an old browser's cookies: the raw id taken, the raw count unreadable.
    await syncCartCookies(headers, { user: null }, cart, {
      cartId: CART,
      bound: false,
      oldSent: false,
      count: "",
      legacy: "",
    });
    const lines = headers.getSetCookie();
    expect(lines.map((line) => line.split("=")[0])).toEqual([CART_COUNT.name, LEGACY_CART.name]);
    expect(readCartCount(lines[0].split("; ")[0])).toBe(2);
    expect(lines[1]).toMatch(/^nokturn_cart=; Max-Age=0/);
  });
});
