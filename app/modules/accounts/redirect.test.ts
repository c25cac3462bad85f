import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  afterLoginPath,
  loginUrlFor,
  safeRedirectPath,
  sameSiteDestination,
  sameSitePath,
  sameSitePathFromUrl,
} from "./redirect";

describe("where login may send the visitor", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/cart")).toBe("/cart");
    expect(safeRedirectPath("/merch?category=clothing#top")).toBe("/merch?category=clothing#top");
    expect(safeRedirectPath("/account/orders")).toBe("/account/orders");
  });

  it("refuses other sites, however they are written", () => {
    for (const value of [
      "//evil.example",
      "//evil.example/path",
      "https://evil.example",
      "http:evil.example",
      "javascript:alert(1)",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      " //evil.example",
      // Harmless until normalised: dot segments collapse to a protocol-relative "//evil.example".
      "/.//evil.example",
      "/a/..//evil.example",
      "/./\\evil.example",
      "/%2F/evil.example",
      "/%2fevil.example",
      "/%5Cevil.example",
      "/%5c%5cevil.example",
      "/.%2F/evil.example",
      "/\n/evil.example",
      "/\r\n//evil.example",
      "/\u0000//evil.example",
      "/%09/evil.example",
      "https:",
      "https:/evil.example",
      "javascript:alert(1)//",
      "JaVaScRiPt:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "evil.example",
      "",
      null,
      undefined,
      42,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBeNull();
    }
  });

  it("never returns to the auth screens themselves", () => {
    expect(safeRedirectPath("/auth")).toBeNull();
    expect(safeRedirectPath("/auth?redirect=/cart")).toBeNull();
    expect(safeRedirectPath("/logout")).toBeNull();
    expect(safeRedirectPath("/update-password?token=x")).toBeNull();
    expect(safeRedirectPath("/api/auth/session")).toBeNull();
    expect(safeRedirectPath("/authors")).toBe("/authors");
  });

  it("picks the redirect parameter, else the previous page, else /account", () => {
    expect(afterLoginPath("/cart", "/merch")).toBe("/cart");
    expect(afterLoginPath("//evil.example", "/merch")).toBe("/merch");
    expect(afterLoginPath(null, undefined)).toBe("/account");
  });

  it("reads the previous page from a full URL of this site only", () => {
    expect(sameSitePathFromUrl("http://127.0.0.1:3000/merch/x?y=1", "http://127.0.0.1:3000")).toBe(
      "/merch/x?y=1",
    );
    expect(sameSitePathFromUrl("https://evil.example/merch", "http://127.0.0.1:3000")).toBeNull();
    expect(sameSitePathFromUrl("http://127.0.0.1:3000/auth", "http://127.0.0.1:3000")).toBeNull();
    expect(sameSitePathFromUrl("not a url", "http://127.0.0.1:3000")).toBeNull();
  });

  it("builds the login URL that keeps the origin", () => {
    expect(loginUrlFor("/account/orders?order=1")).toBe("/auth?redirect=%2Faccount%2Forders%3Forder%3D1");
    expect(loginUrlFor("//evil.example")).toBe("/auth");
  });
});

/** Pieces an attacker combines: slashes, backslashes, dot segments, encodings, schemes, whitespace. */
const trickyPiece = fc.constantFrom(
  "/",
  "//",
  "\\",
  ".",
  "..",
  "./",
  "../",
  "%2F",
  "%2f",
  "%5C",
  "%5c",
  "%2e",
  "%00",
  "%09",
  "\t",
  "\n",
  "\r",
  "\u0000",
  " ",
  "@",
  ":",
  "?",
  "#",
  "https:",
  "javascript:",
  "evil.example",
  "cart",
  "merch",
);
const trickyInput = fc.array(trickyPiece, { maxLength: 8 }).map((pieces) => pieces.join(""));

/** Where a browser on https://shop.example goes when a Location header carries `location`. */
function browserTarget(location: string) {
  return new URL(location, "https://shop.example/auth?redirect=x");
}

describe("where login may send the visitor: properties", () => {
  const anyInput = fc.oneof(trickyInput, fc.string(), fc.string({ unit: "binary" }), fc.webUrl());

  it("never leaves the site, however the input is written or normalised", () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const path = safeRedirectPath(value);
        if (path === null) return;
        expect(path.startsWith("/")).toBe(true);
        expect(path.startsWith("//")).toBe(false);
        expect(path.startsWith("/\\")).toBe(false);
        expect(/[\\\p{Cc}]/u.test(path)).toBe(false);
        expect(/^\/%(?:2f|5c)/i.test(path)).toBe(false);
        expect(browserTarget(path).origin).toBe("https://shop.example");
        // Decoded once more (a proxy might), it still is a path on this site.
        expect(browserTarget(decodeURIComponent(path)).origin).toBe("https://shop.example");
      }),
      { numRuns: 5000 },
    );
  });

  it("is stable: a returned path is accepted again unchanged", () => {
    fc.assert(
      fc.property(anyInput, (value) => {
        const path = safeRedirectPath(value);
        if (path !== null) expect(safeRedirectPath(path)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps ordinary site paths as they are", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
        const path = `/${segments.join("/")}`;
        fc.pre(!/^\/(?:auth|logout|reset-password|update-password|verify-email|api)(?:\/|$)/.test(path));
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });

  it("afterLoginPath always answers a path on this site", () => {
    fc.assert(
      fc.property(anyInput, anyInput, (first, second) => {
        const path = afterLoginPath(first, second);
        expect(browserTarget(path).origin).toBe("https://shop.example");
        expect(path.startsWith("//")).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("callbacks given to better-auth's endpoints", () => {
  const site = "http://127.0.0.1:3000";
  it("accept a path or a full URL of this site, the auth screens included", () => {
    expect(sameSiteDestination("/update-password", site)).toBe("/update-password");
    expect(sameSiteDestination("/account?x=1", site)).toBe("/account?x=1");
    expect(sameSiteDestination("http://127.0.0.1:3000/account", site)).toBe("/account");
  });
  it("refuse other sites and the normalisation tricks", () => {
    for (const value of [
      "https://evil.example",
      "//evil.example",
      "/.//evil.example",
      "/\\evil.example",
      "/%2F/evil.example",
      "http://127.0.0.1:3000//evil.example",
      "http://127.0.0.1:3000/.//evil.example",
      "http://127.0.0.1:3001/account",
      "javascript:alert(1)",
      "",
      42,
    ]) {
      expect(sameSiteDestination(value, site), String(value)).toBeNull();
    }
  });
  it("never answers a path that leaves the site (property)", () => {
    fc.assert(
      fc.property(fc.oneof(trickyInput, fc.webUrl(), fc.string()), (value) => {
        const path = sameSiteDestination(value, site);
        if (path !== null) expect(browserTarget(path).origin).toBe("https://shop.example");
        const plain = sameSitePath(value);
        if (plain !== null) expect(browserTarget(plain).origin).toBe("https://shop.example");
      }),
      { numRuns: 3000 },
    );
  });
});
