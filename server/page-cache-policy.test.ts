import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { CACHEABLE_PAGES, pageCacheKey } from "./page-cache-policy";

const key = (url: string, headers: Record<string, string> = {}) => {
  const at = url.indexOf("?");
  return pageCacheKey({
    method: "GET",
    path: at === -1 ? url : url.slice(0, at),
    search: at === -1 ? "" : url.slice(at),
    headers,
  });
};

describe("the page cache's key: the page, not the URL", () => {
  it("is the path alone for a page that reads no query parameter, whatever the URL carries", () => {
    for (const url of [
      "/",
      "/?utm_source=instagram&utm_medium=story&utm_campaign=drop",
      "/?fbclid=IwAR0abc",
      "/?x=1",
      "/?x=2&y=%ff&z",
      "/?%00=%00",
      "/?",
    ]) {
      expect(key(url), url).toBe("/");
    }
    expect(key("/rezydenci?gclid=1")).toBe("/rezydenci");
    expect(key("/merch/koszulka-nokturn-logo?ref=drop")).toBe("/merch/koszulka-nokturn-logo");
    expect(key("/sitemap.xml?a=1")).toBe("/sitemap.xml");
  });

  it("keeps the parameters the page reads, as the page reads them, in one order", () => {
    expect(key("/merch?category=clothing")).toBe("/merch?category=clothing");
    expect(key("/merch?utm_source=x&category=clothing&fbclid=y")).toBe("/merch?category=clothing");
    // The page reads the first value; a value it does not know shows the whole shop.
    expect(key("/merch?category=stickers&category=clothing")).toBe("/merch?category=stickers");
    expect(key("/merch?category=nie-ma")).toBe("/merch");
    expect(key("/merch?category=CLOTHING")).toBe("/merch");
    expect(key("/merch?category=")).toBe("/merch");
  });

  it("keeps which loaders a single-fetch request asks for, as far as the page has them", () => {
    expect(key("/merch.data?category=clothing&_routes=routes%2Fmerch")).toBe(
      "/merch.data?_routes=routes%2Fmerch&category=clothing",
    );
    expect(key("/merch.data?_routes=routes%2Fmerch,root")).toBe("/merch.data?_routes=root%2Croutes%2Fmerch");
    expect(key("/merch.data?_routes=routes%2Fmerch,routes%2Fmerch,root&utm=1")).toBe(
      "/merch.data?_routes=root%2Croutes%2Fmerch",
    );
    // No or an empty `_routes` loads every loader; ids of other pages load nothing, like each other.
    expect(key("/merch.data")).toBe("/merch.data");
    expect(key("/merch.data?_routes=")).toBe("/merch.data");
    expect(key("/merch.data?_routes=routes%2Fadmin%2Fpanel")).toBe("/merch.data?_routes=-");
    expect(key("/merch.data?_routes=x1")).toBe(key("/merch.data?_routes=x2"));
    expect(key("/_root.data?_routes=root&x=1")).toBe("/_root.data?_routes=root");
    expect(key("/wydarzenia/nokturn-hangar.data?_routes=event-page")).toBe(
      "/wydarzenia/nokturn-hangar.data?_routes=event-page",
    );
  });

  it("bounds what a flood of unique URLs can make of one page", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      for (const url of [
        `/?x=${i}`,
        `/merch?category=${i}`,
        `/merch?category=clothing&n=${i}`,
        `/merch.data?_routes=routes%2Fmerch${i}`,
        `/merch.data?_routes=${i},root`,
        `/_root.data?utm=${i}`,
      ]) {
        const made = key(url);
        if (made) keys.add(made);
      }
    }
    expect(keys.size).toBeLessThanOrEqual(6);
  });

  it("is null for what the cache never keeps", () => {
    expect(key("/admin")).toBeNull();
    expect(key("/zamowienie/1?token=x")).toBeNull();
    expect(key("/merch/a/b")).toBeNull();
    expect(key("/merch", { cookie: "better-auth.session_token=x" })).toBeNull();
    expect(key("/merch", { cookie: "nokturn_device=abc.def" })).toBe("/merch");
    expect(key("/merch", { authorization: "Bearer x" })).toBeNull();
    expect(pageCacheKey({ method: "HEAD", path: "/", search: "", headers: {} })).toBeNull();
    // Resource routes have no single-fetch twin.
    expect(key("/sitemap.xml.data")).toBeNull();
  });

  it("keeps the shop's pages shared for a shopper with a cart, and /cart their own (decision 031)", () => {
    const cart = "nokturn_cart_id=0b6f4a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b; nokturn_cart_count=3; nokturn_cart=x";
    expect(key("/", { cookie: cart })).toBe("/");
    expect(key("/merch", { cookie: cart })).toBe("/merch");
    expect(key("/merch/koszulka.data", { cookie: `${cart}; nokturn_device=a.b` })).toBe(
      "/merch/koszulka.data",
    );
    expect(key("/cart", { cookie: cart })).toBeNull();
    expect(key("/cart", { cookie: "nokturn_cart_count=1" })).toBeNull();
    expect(key("/cart.data", { cookie: "nokturn_cart_id=x" })).toBeNull();
    // On https the id is `__Host-` (issue #42): still a cart cookie.
    expect(key("/merch", { cookie: "__Host-nokturn_cart_id=x.y; nokturn_cart_count=1" })).toBe("/merch");
    expect(key("/cart", { cookie: "__Host-nokturn_cart_id=x.y" })).toBeNull();
    expect(key("/cart")).toBe("/cart");
    // A cart cookie beside a session is still a signed-in visitor's page.
    expect(key("/merch", { cookie: `${cart}; better-auth.session_token=x` })).toBeNull();
    // Names that only start like the cart's are not the cart's.
    expect(key("/merch", { cookie: "nokturn_cartx=1" })).toBeNull();
  });

  it("names routes that exist in app/routes.ts", () => {
    const ids = new Set<string>();
    const walk = (entries: readonly { id?: string; file: string; children?: unknown }[]) => {
      for (const entry of entries) {
        ids.add(entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""));
        if (Array.isArray(entry.children)) walk(entry.children);
      }
    };
    walk(routes);
    for (const page of CACHEABLE_PAGES) expect(ids, page.route).toContain(page.route);
  });
});
