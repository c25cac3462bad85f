import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";
import {
  type CookieDefinition,
  clearCookie,
  forwardCookies,
  readCookie,
  setCookie,
  setsCookies,
} from "./cookies.server";

const COUNT: CookieDefinition = { name: "nokturn_cart_count", httpOnly: false, maxAgeSeconds: 2_592_000 };
const ID: CookieDefinition = { name: "nokturn_cart_id", httpOnly: true, maxAgeSeconds: 2_592_000 };

describe("the one cookie helper", () => {
  it("writes each cookie with its attributes: Path=/, SameSite=Lax, HttpOnly where scripts need not read it", () => {
    const headers = new Headers();
    setCookie(headers, ID, "0b6f8a4e-1111-4a4a-9a9a-000000000001");
    setCookie(headers, COUNT, "3");
    const [id, count] = headers.getSetCookie();
    expect(id).toMatch(/^nokturn_cart_id=0b6f8a4e-1111-4a4a-9a9a-000000000001; /);
    expect(id).toMatch(/Max-Age=2592000/);
    expect(id).toMatch(/Path=\//);
    expect(id).toMatch(/HttpOnly/);
    expect(id).toMatch(/SameSite=Lax/);
    expect(count).not.toMatch(/HttpOnly/);
    expect(setsCookies(headers)).toBe(true);
  });

  it("clears a cookie with Max-Age=0 and an empty value", () => {
    const headers = new Headers();
    clearCookie(headers, COUNT);
    expect(headers.getSetCookie()[0]).toMatch(/^nokturn_cart_count=; Max-Age=0; Path=\//);
  });

  it("encodes a value that would add an attribute, so it cannot", () => {
    const headers = new Headers();
    setCookie(headers, COUNT, "1; Domain=evil.example");
    expect(headers.getSetCookie()[0]).not.toMatch(/; Domain=/i);
    expect(cookieValue(headers.getSetCookie()[0].split("; ")[0], "nokturn_cart_count")).toBe(
      "1; Domain=evil.example",
    );
  });

  it("reads one cookie of a request, and none from a header that only looks like it", () => {
    const request = new Request("http://x/", { headers: { cookie: "a=1; nokturn_cart_count=2; b=3" } });
    expect(readCookie(request, COUNT)).toBe("2");
    expect(readCookie(request, ID)).toBeNull();
    expect(cookieValue("xnokturn_cart_count=9", "nokturn_cart_count")).toBeNull();
    expect(cookieValue(null, "nokturn_cart_count")).toBeNull();
  });

  it("forwards another library's cookies as they are", () => {
    const from = new Headers();
    from.append("Set-Cookie", "better-auth.session_token=abc; Path=/; HttpOnly");
    const to = new Headers();
    forwardCookies(from, to);
    expect(to.getSetCookie()).toEqual(["better-auth.session_token=abc; Path=/; HttpOnly"]);
  });
});
