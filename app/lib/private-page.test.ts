import { describe, expect, it } from "vitest";
import {
  privatePageMeta,
  TOKEN_LINK_HEADERS,
  tokenLinkNotFound,
  tokenLinkRouteHeaders,
} from "./private-page";
import { demoSite } from "./site";

describe("privatePageMeta", () => {
  it("titles the page with the brand of the settings and keeps it out of search engines", () => {
    const matches = [{ id: "root", loaderData: { site: { ...demoSite, name: "NOCNA ZMIANA" } } }];
    expect(privatePageMeta("Moje konto")({ matches })).toEqual([
      { title: "Moje konto | NOCNA ZMIANA" },
      { name: "robots", content: "noindex, nofollow" },
    ]);
  });
});

describe("token link pages", () => {
  it("their own answers are never cached, indexed or sent on as a Referer", () => {
    expect(TOKEN_LINK_HEADERS).toEqual({
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    });
  });

  it("the route passes on the link pages' headers and Retry-After, and is never cached", () => {
    const loaderHeaders = new Headers(TOKEN_LINK_HEADERS);
    const actionHeaders = new Headers({ "Retry-After": "60" });
    const headers = tokenLinkRouteHeaders({ loaderHeaders, actionHeaders });
    expect(Object.fromEntries(headers)).toEqual({
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
      "x-robots-tag": "noindex, nofollow",
      "retry-after": "60",
    });
    // The form's own page (no link headers): no `no-referrer`, or Chromium posts `Origin: null`.
    const plain = tokenLinkRouteHeaders({ loaderHeaders: new Headers(), actionHeaders: new Headers() });
    expect(Object.fromEntries(plain)).toEqual({ "cache-control": "private, no-store" });
  });
});

describe("tokenLinkNotFound", () => {
  it("throws a 404 with the token link's headers", () => {
    let thrown: unknown;
    try {
      tokenLinkNotFound();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 404, headers: TOKEN_LINK_HEADERS } });
  });
});
