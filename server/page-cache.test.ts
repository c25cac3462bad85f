import { describe, expect, it } from "vitest";
import { PageCache } from "./page-cache";
import {
  isCacheableRequest,
  isCacheableResponse,
  joinWithNonce,
  splitAroundNonce,
} from "./page-cache-policy";

const entry = (bytes: number, storedAt = 0) => ({ headers: [], parts: ["x"], bytes, storedAt });

describe("what the page cache keeps", () => {
  it("takes anonymous GETs of public pages only", () => {
    const get = (path: string, headers = {}) => isCacheableRequest({ method: "GET", path, headers });
    for (const path of [
      "/",
      "/merch",
      "/merch/torba-nokturn-tote",
      "/gallery/x.data",
      "/_root.data",
      "/rezydenci",
    ]) {
      expect(get(path), path).toBe(true);
    }
    for (const path of ["/admin", "/account", "/api/cart/prices", "/auth", "/merch/a/b", "/zamowienie/1"]) {
      expect(get(path), path).toBe(false);
    }
    expect(get("/merch", { cookie: "better-auth.session_token=x" })).toBe(false);
    expect(get("/merch", { authorization: "Bearer x" })).toBe(false);
    expect(isCacheableRequest({ method: "POST", path: "/contact", headers: {} })).toBe(false);
    expect(isCacheableRequest({ method: "HEAD", path: "/", headers: {} })).toBe(false);
  });

  it("keeps 200s that set no cookie and are not private", () => {
    expect(isCacheableResponse({ status: 200, headers: { "content-type": "text/html" } })).toBe(true);
    expect(isCacheableResponse({ status: 404, headers: {} })).toBe(false);
    expect(isCacheableResponse({ status: 200, headers: { "set-cookie": ["a=b"] } })).toBe(false);
    expect(isCacheableResponse({ status: 200, headers: { "cache-control": "private, max-age=0" } })).toBe(
      false,
    );
    expect(isCacheableResponse({ status: 200, headers: { "cache-control": "no-store" } })).toBe(false);
  });

  it("replays a body with the nonce of the new request", () => {
    const html = '<script nonce="AAA">1</script><script nonce="AAA">2</script>';
    const parts = splitAroundNonce(html, "AAA");
    expect(joinWithNonce(parts, "BBB")).toBe('<script nonce="BBB">1</script><script nonce="BBB">2</script>');
    expect(joinWithNonce(splitAroundNonce("{}", "AAA"), "BBB")).toBe("{}");
  });
});

describe("PageCache", () => {
  const options = { ttlMs: 1_000, maxEntries: 2, maxBytes: 100 };

  it("expires entries after the TTL", () => {
    const cache = new PageCache(options);
    cache.set("/a", entry(10, 0), cache.generation);
    expect(cache.get("/a", 500)).toBeDefined();
    expect(cache.get("/a", 1_501)).toBeUndefined();
  });

  it("evicts the least recently used beyond its entry and byte limits", () => {
    const cache = new PageCache(options);
    cache.set("/a", entry(10), cache.generation);
    cache.set("/b", entry(10), cache.generation);
    cache.get("/a", 0);
    cache.set("/c", entry(10), cache.generation);
    expect(cache.get("/b", 0)).toBeUndefined();
    expect(cache.get("/a", 0)).toBeDefined();
    cache.set("/d", entry(95), cache.generation);
    expect(cache.size).toBe(1);
    cache.set("/huge", entry(101), cache.generation);
    expect(cache.get("/huge", 0)).toBeUndefined();
  });

  it("never stores a render that began before a clear", () => {
    const cache = new PageCache(options);
    const started = cache.generation;
    cache.clear();
    cache.set("/a", entry(10), started);
    expect(cache.get("/a", 0)).toBeUndefined();
  });
});
