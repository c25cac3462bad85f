import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER } from "~/lib/request.server";
import { CHECKOUT_COOKIE, checkoutClient } from "./checkout-limits.server";

const request = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/api/checkout", { method: "POST", headers });

describe("the checkout's client", () => {
  it("keeps hashes only, the same for one address and one cookie", () => {
    const cookie = `${CHECKOUT_COOKIE}=abcdefghijklmnopqrstuv`;
    const a = checkoutClient(request({ [CLIENT_IP_HEADER]: "203.0.113.9", cookie }), null);
    const b = checkoutClient(request({ [CLIENT_IP_HEADER]: "203.0.113.9", cookie: `x=1; ${cookie}` }), "u1");
    expect(a.client.ip).toBe(b.client.ip);
    expect(a.client.browser).toBe(b.client.browser);
    expect(a.client.ip).not.toContain("203.0.113.9");
    expect(a.client.browser).not.toContain("abcdefghijklmnopqrstuv");
    expect(a.setCookie).toBeNull();
    expect(b.client.userId).toBe("u1");
    // One IPv6 /64 is one client.
    const v6a = checkoutClient(request({ [CLIENT_IP_HEADER]: "2001:db8:1:2::1" }), null);
    const v6b = checkoutClient(request({ [CLIENT_IP_HEADER]: "2001:db8:1:2:ffff::9" }), null);
    expect(v6a.client.ip).toBe(v6b.client.ip);
  });

  it("gives a browser without a (valid) cookie a new one, known from this checkout on", () => {
    for (const cookie of ["", `${CHECKOUT_COOKIE}=short`, `${CHECKOUT_COOKIE}=bad value;`]) {
      const { client, setCookie } = checkoutClient(request({ cookie }), null);
      expect(setCookie).toMatch(
        new RegExp(
          `^${CHECKOUT_COOKIE}=[A-Za-z0-9_-]{24}; Path=/api/checkout; Max-Age=\\d+; HttpOnly; SameSite=Lax`,
        ),
      );
      const value = setCookie!.split(";")[0];
      const again = checkoutClient(request({ cookie: value }), null);
      expect(again.client.browser).toBe(client.browser);
      expect(again.setCookie).toBeNull();
    }
  });
});
