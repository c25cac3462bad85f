import { createCookie } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cookieData, cookieValue } from "./cookies";
import {
  type CookieDefinition,
  clearCookie,
  cookieOf,
  forwardCookies,
  readCookie,
  setCookie,
  setsCookies,
} from "./cookies.server";
import { resetEnvCache } from "./env.server";

const COUNT: CookieDefinition = { name: "nokturn_cart_count", httpOnly: false, maxAgeSeconds: 2_592_000 };
const ID: CookieDefinition = {
  name: "nokturn_cart_id",
  httpOnly: true,
  maxAgeSeconds: 2_592_000,
  acceptsRaw: (raw) => /^[0-9a-f-]{36}$/.test(raw),
};
const CART_ID = "0b6f8a4e-1111-4a4a-9a9a-000000000001";

/** The `name=value` part of a Set-Cookie line, as the browser sends it back. */
const sentBack = (line: string) => line.split("; ")[0];
const requestWith = (cookie: string) => new Request("http://x/", { headers: { cookie } });

const originalSiteUrl = process.env.SITE_URL;
afterEach(() => {
  if (originalSiteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = originalSiteUrl;
  resetEnvCache();
});

describe("the one cookie helper", () => {
  it("writes each cookie with React Router's createCookie: Path=/, SameSite=Lax, HttpOnly where scripts need not read it", async () => {
    const headers = new Headers();
    await setCookie(headers, ID, CART_ID);
    await setCookie(headers, COUNT, "3");
    const [id, count] = headers.getSetCookie();
    // createCookie's own encoding (base64 of the JSON), not the raw value.
    expect(id).toMatch(/^nokturn_cart_id=[A-Za-z0-9%]+; /);
    expect(id).not.toContain(CART_ID);
    expect(id).toBe(await createCookie(ID.name, { httpOnly: true, maxAge: 2_592_000 }).serialize(CART_ID));
    expect(await createCookie(ID.name).parse(sentBack(id))).toBe(CART_ID);
    expect(id).toMatch(/Max-Age=2592000/);
    expect(id).toMatch(/Path=\//);
    expect(id).toMatch(/HttpOnly/);
    expect(id).toMatch(/SameSite=Lax/);
    expect(count).not.toMatch(/HttpOnly/);
    expect(setsCookies(headers)).toBe(true);
  });

  it("marks every cookie Secure when the site is on https", async () => {
    process.env.SITE_URL = "https://sklep.example";
    resetEnvCache();
    const headers = new Headers();
    await setCookie(headers, COUNT, "1");
    await clearCookie(headers, ID);
    for (const line of headers.getSetCookie()) expect(line).toMatch(/; Secure/);
    expect(cookieOf(COUNT).name).toBe("nokturn_cart_count");
  });

  it("clears a cookie with Max-Age=0 and an empty value", async () => {
    const headers = new Headers();
    await clearCookie(headers, COUNT);
    expect(headers.getSetCookie()[0]).toMatch(/^nokturn_cart_count=; Max-Age=0; Path=\//);
  });

  it("encodes a value that would add an attribute, so it cannot", async () => {
    const headers = new Headers();
    await setCookie(headers, COUNT, "1; Domain=evil.example");
    const [line] = headers.getSetCookie();
    expect(line).not.toMatch(/; Domain=/i);
    expect(await readCookie(requestWith(sentBack(line)), COUNT)).toBe("1; Domain=evil.example");
  });

  it("reads back what it wrote, on the server and in the browser alike (non-ASCII too)", async () => {
    for (const value of ["3", CART_ID, "zażółć gęślą jaźń ✓"]) {
      const headers = new Headers();
      await setCookie(headers, COUNT, value);
      const header = `a=1; ${sentBack(headers.getSetCookie()[0])}; b=2`;
      expect(await readCookie(requestWith(header), COUNT)).toBe(value);
      expect(cookieData(header, COUNT.name)).toBe(value);
    }
  });

  it("reads one cookie of a request, and none from a header that only looks like it", async () => {
    const headers = new Headers();
    await setCookie(headers, COUNT, "2");
    const request = requestWith(`a=1; ${sentBack(headers.getSetCookie()[0])}; b=3`);
    expect(await readCookie(request, COUNT)).toBe("2");
    expect(await readCookie(request, ID)).toBeNull();
    expect(cookieValue("xnokturn_cart_count=9", "nokturn_cart_count")).toBeNull();
    expect(cookieValue(null, "nokturn_cart_count")).toBeNull();
    expect(cookieData("xnokturn_cart_count=9", "nokturn_cart_count")).toBeUndefined();
    expect(cookieData(null, "nokturn_cart_count")).toBeUndefined();
  });

  it("takes an old raw value only where the definition accepts it; any other unreadable one reads as sent but empty", async () => {
    // A cart id from before createCookie (one release: decision 035).
    expect(await readCookie(requestWith(`nokturn_cart_id=${CART_ID}`), ID)).toBe(CART_ID);
    expect(await readCookie(requestWith("nokturn_cart_id=not-a-cart"), ID)).toBe("");
    // The count has no raw fallback: an old one is sent again in the new format.
    expect(await readCookie(requestWith("nokturn_cart_count=3"), COUNT)).toBe("");
    expect(await readCookie(requestWith("nokturn_cart_count="), COUNT)).toBe("");
    // Valid base64 JSON of something other than a string is no value of ours either.
    const number = `nokturn_cart_count=${btoa(JSON.stringify(3))}`;
    expect(await readCookie(requestWith(number), COUNT)).toBe("");
  });

  it("forwards another library's cookies as they are", () => {
    const from = new Headers();
    from.append("Set-Cookie", "better-auth.session_token=abc; Path=/; HttpOnly");
    const to = new Headers();
    forwardCookies(from, to);
    expect(to.getSetCookie()).toEqual(["better-auth.session_token=abc; Path=/; HttpOnly"]);
  });

  it("checks a signed value's signature once, and still refuses a forged, a tampered or a doubled one", async () => {
    const SIGNED: CookieDefinition = {
      name: "nokturn_signed_test",
      httpOnly: true,
      maxAgeSeconds: 60,
      signed: true,
    };
    const headers = new Headers();
    await setCookie(headers, SIGNED, CART_ID);
    const sent = sentBack(headers.getSetCookie()[0]);
    // Read twice: the second answer comes from what the first verified, and is the same.
    const verify = vi.spyOn(crypto.subtle, "verify");
    expect(await readCookie(requestWith(sent), SIGNED)).toBe(CART_ID);
    expect(await readCookie(requestWith(`a=1; ${sent}`), SIGNED)).toBe(CART_ID);
    expect(verify).toHaveBeenCalledTimes(1);
    // A value with its signature changed, or the value changed under the signature: refused (read as
    // no cookie, React Router's answer), every time.
    const [value, signature] = decodeURIComponent(sent.slice(SIGNED.name.length + 1)).split(".");
    const forged = `${SIGNED.name}=${encodeURIComponent(`${value}.${signature.slice(0, -2)}AA`)}`;
    const tampered = `${SIGNED.name}=${encodeURIComponent(`${btoa(JSON.stringify(CART_ID.replace("1", "2")))}.${signature}`)}`;
    for (const cookie of [forged, forged, tampered, tampered])
      expect(await readCookie(requestWith(cookie), SIGNED)).toBeNull();
    // Sent twice under one name, a forged one first: not answered from what the valid one verified.
    expect(await readCookie(requestWith(`${forged}; ${sent}`), SIGNED)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(6);
    verify.mockRestore();
  });
});
