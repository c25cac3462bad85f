import { describe, expect, it } from "vitest";
import { isCrossSiteRequest, normalizeOrigin, type OriginCheckRequest } from "./origin-check";

const site = ["https://nokturn.example", "http://127.0.0.1:3000"];
const post = (overrides: Partial<OriginCheckRequest> = {}): OriginCheckRequest => ({
  method: "POST",
  path: "/contact",
  allowedOrigins: site,
  ...overrides,
});

describe("isCrossSiteRequest", () => {
  it("lets reading requests through whatever their origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS", "get"]) {
      expect(isCrossSiteRequest(post({ method, origin: "https://evil.example" })), method).toBe(false);
    }
  });

  it("lets writes from the site's own origins through", () => {
    expect(isCrossSiteRequest(post({ origin: "https://nokturn.example" }))).toBe(false);
    expect(isCrossSiteRequest(post({ origin: "http://127.0.0.1:3000", secFetchSite: "same-origin" }))).toBe(
      false,
    );
    // Default ports and trailing slashes do not matter.
    expect(isCrossSiteRequest(post({ origin: "https://nokturn.example:443" }))).toBe(false);
    expect(
      isCrossSiteRequest(
        post({ allowedOrigins: ["https://nokturn.example/"], origin: "https://nokturn.example" }),
      ),
    ).toBe(false);
  });

  it("refuses writes from any other origin, for every method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isCrossSiteRequest(post({ method, origin: "https://evil.example" })), method).toBe(true);
    }
    // Another scheme, port or subdomain is another origin.
    expect(isCrossSiteRequest(post({ origin: "http://nokturn.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "http://127.0.0.1:3001" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "https://shop.nokturn.example" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "https://nokturn.example.evil.example" }))).toBe(true);
  });

  it("refuses the opaque origin 'null' (sandboxed frames, data: and file: pages) and garbage", () => {
    expect(isCrossSiteRequest(post({ origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(post({ origin: "not a url" }))).toBe(true);
  });

  it("without an Origin, refuses only what the browser marks as coming from another site", () => {
    expect(isCrossSiteRequest(post({ secFetchSite: "cross-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ secFetchSite: "same-site" }))).toBe(true);
    expect(isCrossSiteRequest(post({ secFetchSite: "same-origin" }))).toBe(false);
    expect(isCrossSiteRequest(post({ secFetchSite: "none" }))).toBe(false);
    // Scripts, webhooks and tests calling actions send neither header.
    expect(isCrossSiteRequest(post())).toBe(false);
    expect(isCrossSiteRequest(post({ origin: "", secFetchSite: "" }))).toBe(false);
  });

  it("always lets the signed Stripe webhook through", () => {
    const webhook = {
      path: "/api/webhooks/stripe",
      origin: "https://evil.example",
      secFetchSite: "cross-site",
    };
    expect(isCrossSiteRequest(post(webhook))).toBe(false);
    expect(isCrossSiteRequest(post({ ...webhook, path: "/api/webhooks/stripe/" }))).toBe(false);
    expect(isCrossSiteRequest(post({ ...webhook, path: "/api/webhooks/stripe-other" }))).toBe(true);
  });
});

const TOKEN = `0b6f1c9e-2a4d-4f7e-9a51-3c2d1e0f9a8b.${"s".repeat(43)}`;

describe("the one-click unsubscribe of a stock notice (RFC 8058)", () => {
  it("takes the mail provider's POST to the unsubscribe link, whatever its origin", () => {
    const oneClick = {
      path: `/powiadom-mnie/wypisz/${TOKEN}`,
      origin: "https://mail.example",
      secFetchSite: "cross-site",
    };
    expect(isCrossSiteRequest(post(oneClick))).toBe(false);
    expect(isCrossSiteRequest(post({ ...oneClick, origin: "null" }))).toBe(false);
    expect(isCrossSiteRequest(post({ ...oneClick, path: `${oneClick.path}/` }))).toBe(false);
  });

  it("exempts exactly that path: not its data twin, nor the subscription or the confirmation", () => {
    const foreign = { origin: "https://evil.example", secFetchSite: "cross-site" };
    for (const path of [
      `/powiadom-mnie/wypisz/${TOKEN}.data`,
      `/powiadom-mnie/wypisz/${TOKEN}/x`,
      "/powiadom-mnie/wypisz/nie-token",
      "/powiadom-mnie/wypisz",
      "/powiadom-mnie",
      `/powiadom-mnie/potwierdz/${TOKEN}`,
      `/x/powiadom-mnie/wypisz/${TOKEN}`,
    ]) {
      expect(isCrossSiteRequest(post({ ...foreign, path })), path).toBe(true);
    }
  });
});

describe("normalizeOrigin", () => {
  it("reduces a URL to its origin and rejects what has none", () => {
    expect(normalizeOrigin("https://nokturn.example/sklep?x=1")).toBe("https://nokturn.example");
    expect(normalizeOrigin("HTTPS://NOKTURN.EXAMPLE")).toBe("https://nokturn.example");
    expect(normalizeOrigin("null")).toBeNull();
    expect(normalizeOrigin("data:text/html,x")).toBeNull();
    expect(normalizeOrigin("")).toBeNull();
  });
});
