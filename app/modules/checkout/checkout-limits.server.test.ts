import { describe, expect, it } from "vitest";
import { cartCheckoutClient } from "./checkout-limits.server";

const CART = "0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the checkout's client", () => {
  it("keeps hashes only, the same for one address and one cart", () => {
    const a = cartCheckoutClient("203.0.113.9", null, CART);
    const b = cartCheckoutClient("203.0.113.9", "u1", CART);
    expect(a.ip).toBe(b.ip);
    expect(a.browser).toBe(b.browser);
    expect(a.ip).not.toContain("203.0.113.9");
    expect(a.browser).not.toContain(CART);
    expect(b.userId).toBe("u1");
    expect(cartCheckoutClient("203.0.113.10", null, CART).ip).not.toBe(a.ip);
    expect(cartCheckoutClient("203.0.113.9", null, "another-cart").browser).not.toBe(a.browser);
    // One IPv6 /64 is one client.
    const v6a = cartCheckoutClient("2001:db8:1:2::1", null, CART);
    const v6b = cartCheckoutClient("2001:db8:1:2:ffff::9", null, CART);
    expect(v6a.ip).toBe(v6b.ip);
  });
});
