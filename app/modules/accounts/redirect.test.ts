import { describe, expect, it } from "vitest";
import { afterLoginPath, loginUrlFor, safeRedirectPath, sameSitePathFromUrl } from "./redirect";

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
