import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scriptHash } from "../app/lib/inline-scripts.server";
import { rawGet } from "../tests/support/raw-get";
import { createCsp } from "./csp";
import {
  contentChanged,
  type Entry,
  PageCache,
  pageCacheHits,
  pageCacheStore,
  REVALIDATE_MS,
  STOCK_FRESH_MS,
} from "./page-cache";
import { isCacheableRequest, isCacheableResponse, showsStock } from "./page-cache-policy";

const entry = (bytes: number, storedAt = 0) => ({ bytes, storedAt }) as Entry;

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
      "/wydarzenia/nokturn-hangar",
      "/wydarzenia/nokturn-hangar.data",
    ]) {
      expect(get(path), path).toBe(true);
    }
    for (const path of [
      "/admin",
      "/account",
      "/api/auth/get-session",
      "/auth",
      "/merch/a/b",
      "/zamowienie/1",
    ]) {
      expect(get(path), path).toBe(false);
    }
    expect(get("/merch", { cookie: "better-auth.session_token=x" })).toBe(false);
    // The known-device mark alone changes nothing a page shows; with any other cookie it is not kept.
    expect(get("/merch", { cookie: "nokturn_device=abc.def" })).toBe(true);
    expect(get("/merch", { cookie: "nokturn_device=abc.def; better-auth.session_token=x" })).toBe(false);
    expect(get("/merch", { cookie: "better-auth.session_token=x; nokturn_device=abc.def" })).toBe(false);
    expect(get("/merch", { cookie: "xnokturn_device=abc" })).toBe(false);
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

  it("empties itself when a night starts or ends: the earliest stated instant, by the page clock", () => {
    let clock = 1_000;
    const cache = new PageCache({ ...options, ttlMs: 60_000, clock: () => clock });
    cache.set("/", entry(10), cache.generation);
    cache.expireAllAt(5_000);
    cache.expireAllAt(9_000); // a later instant does not postpone the earlier one
    clock = 4_999;
    expect(cache.get("/", 0)).toBeDefined();
    clock = 5_000;
    expect(cache.get("/", 0)).toBeUndefined();
    // Emptied once: what is stored after it stays until the next stated instant.
    cache.set("/", entry(10), cache.generation);
    expect(cache.get("/", 0)).toBeDefined();
    cache.expireAllAt(7_000);
    clock = 7_000;
    expect(cache.get("/", 0)).toBeUndefined();
  });

  it("does not store a render that finishes after the stated instant", () => {
    let clock = 0;
    const cache = new PageCache({ ...options, ttlMs: 60_000, clock: () => clock });
    const started = cache.generation;
    cache.expireAllAt(100); // the render read the timeline before the night began…
    clock = 100; // …and finishes as it begins
    cache.set("/", entry(10), started);
    expect(cache.size).toBe(0);
    expect(cache.get("/", 0)).toBeUndefined();
  });

  it("never stores a render that began before a clear", () => {
    const cache = new PageCache(options);
    const started = cache.generation;
    cache.clear();
    cache.set("/a", entry(10), started);
    expect(cache.get("/a", 0)).toBeUndefined();
  });
});

describe("PageCache: stock changes keep the cache (decision 032)", () => {
  const options = { ttlMs: 60_000, maxEntries: 100, maxBytes: 10_000 };
  /** An entry of `path` whose render began at `at`, as pageCacheStore keeps it. */
  const rendered = (cache: PageCache, path: string, at: number) => ({
    ...entry(10, at),
    stock: cache.renderStart(path, at),
  });

  it("marks only the pages that show stock: the shop's, the landing's and the nights' pages and their data", () => {
    for (const path of [
      "/merch",
      "/merch.data",
      "/merch/torba-nokturn-tote",
      "/merch/torba-nokturn-tote.data",
      // A night's tickets (issue #40): the landing's hero and the event page.
      "/",
      "/_root.data",
      "/wydarzenia/nokturn-17-01-2026",
      "/wydarzenia/nokturn-17-01-2026.data",
    ]) {
      expect(showsStock(path), path).toBe(true);
    }
    for (const path of [
      "/wydarzenia/nokturn-17-01-2026/zdjecie/1",
      "/shipping",
      "/cart",
      "/artist/x",
      "/gallery/x.data",
      "/sitemap.xml",
    ]) {
      expect(showsStock(path), path).toBe(false);
    }
  });

  it("a stock change leaves every page in place and makes stock pages stale STOCK_FRESH_MS after their render began", () => {
    const cache = new PageCache(options);
    const stock = ["/", "/wydarzenia/x", "/merch", "/merch/x", "/merch/x.data"];
    const paths = ["/contact", "/shipping", "/artist/x", ...stock];
    for (const path of paths) cache.set(path, rendered(cache, path, 0), cache.generation);
    cache.stockChanged();
    // Within the window every page is still served; nothing was dropped.
    for (const path of paths) expect(cache.get(path, STOCK_FRESH_MS - 1), path).toBeDefined();
    expect(cache.size).toBe(paths.length);
    // Then the stock pages are re-rendered (each by one caller); the others stay until their TTL.
    for (const path of stock) {
      expect(cache.get(path, STOCK_FRESH_MS), path).toBeUndefined();
    }
    for (const path of ["/contact", "/shipping", "/artist/x"])
      expect(cache.get(path, STOCK_FRESH_MS), path).toBeDefined();
    expect(cache.size).toBe(paths.length);
  });

  it("coalesces: a page rendered long ago is re-rendered at the first change, then at most once per window", () => {
    const cache = new PageCache(options);
    cache.set("/merch/x", rendered(cache, "/merch/x", 0), cache.generation);
    expect(cache.get("/merch/x", 30_000)).toBeDefined(); // no change yet: fresh however old
    cache.stockChanged();
    expect(cache.get("/merch/x", 30_000)).toBeUndefined(); // older than the window: at once
    cache.set("/merch/x", rendered(cache, "/merch/x", 30_000), cache.generation);
    // A checkout start every 100 ms: the page rendered at 30 s is served until 30 s + the window.
    for (let t = 30_100; t < 30_000 + STOCK_FRESH_MS; t += 100) {
      cache.stockChanged();
      expect(cache.get("/merch/x", t), String(t)).toBeDefined();
    }
    expect(cache.get("/merch/x", 30_000 + STOCK_FRESH_MS)).toBeUndefined();
  });

  it("a render under way when stock changes is kept, but stale like one rendered before the change", () => {
    const cache = new PageCache(options);
    const begun = cache.renderStart("/merch/x", 0);
    cache.stockChanged(); // the render read the old stock, and stores after the change
    cache.set("/merch/x", { ...entry(10, 500), stock: begun }, cache.generation);
    expect(cache.get("/merch/x", STOCK_FRESH_MS - 1)).toBeDefined();
    expect(cache.get("/merch/x", STOCK_FRESH_MS)).toBeUndefined();
    // One that began after the change saw the new stock: fresh until the next change.
    cache.set("/merch/x", rendered(cache, "/merch/x", 1_000), cache.generation);
    expect(cache.get("/merch/x", 50_000)).toBeDefined();
  });

  it("one caller re-renders a stale page while the others get the kept copy, for REVALIDATE_MS at most", () => {
    const cache = new PageCache(options);
    const old = rendered(cache, "/merch/x", 0);
    cache.set("/merch/x", old, cache.generation);
    cache.stockChanged();
    const at = STOCK_FRESH_MS;
    expect(cache.get("/merch/x", at)).toBeUndefined(); // this caller renders
    for (let i = 0; i < 500; i++) expect(cache.get("/merch/x", at + i)).toBe(old);
    expect(cache.get("/merch/x", at + REVALIDATE_MS - 1)).toBe(old);
    // That render failed or hangs: the next caller tries, and the others keep getting the copy.
    expect(cache.get("/merch/x", at + REVALIDATE_MS)).toBeUndefined();
    expect(cache.get("/merch/x", at + REVALIDATE_MS + 1)).toBe(old);
    // Its render replaces the stale copy: served to everyone, no one re-renders.
    const fresh = rendered(cache, "/merch/x", at + REVALIDATE_MS);
    cache.set("/merch/x", fresh, cache.generation);
    expect(cache.get("/merch/x", at + REVALIDATE_MS + 2)).toBe(fresh);
    // A stale copy is never served past its TTL.
    cache.stockChanged();
    expect(cache.get("/merch/x", options.ttlMs + at + REVALIDATE_MS + 1)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it("'content_changed' with a stock payload marks stock pages; any other payload empties the cache", () => {
    const cache = new PageCache(options);
    cache.set("/shipping", rendered(cache, "/shipping", 0), cache.generation);
    cache.set("/merch", rendered(cache, "/merch", 0), cache.generation);
    contentChanged(cache, "stock:5f0c1d2e-0000-4000-8000-000000000000");
    expect(cache.size).toBe(2);
    expect(cache.get("/merch", STOCK_FRESH_MS)).toBeUndefined();
    expect(cache.get("/shipping", STOCK_FRESH_MS)).toBeDefined();
    const started = cache.generation;
    contentChanged(cache, "");
    expect(cache.size).toBe(0);
    expect(cache.generation).toBe(started + 1);
    cache.set("/shipping", rendered(cache, "/shipping", 0), cache.generation);
    contentChanged(cache, "anything else");
    expect(cache.size).toBe(0);
  });
});

describe("kept pages: compressed once, replayed byte for byte", () => {
  const csp = createCsp({ widgetOrigin: "https://geowidget.example", https: false });
  const SCRIPT = "window.boot=1;";
  let renders = 0;
  let stockLeft = 5;
  let cache: PageCache;
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    // No stock window here: a stock change makes stock pages stale at once (the window is tested above).
    cache = new PageCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 1024 * 1024, stockFreshMs: 0 });
    const app = express();
    app.use(pageCacheHits(cache, () => {}));
    app.use((_req, res, next) => {
      // What the app's security headers set on every response, a per-request nonce CSP included.
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", csp.withNonce(randomUUID()));
      next();
    });
    app.use(
      pageCacheStore(cache, {
        securityHeaders: [["X-Content-Type-Options", "nosniff"]],
        cspWithHashes: csp.withHashes,
      }),
    );
    // Stands in for React Router: a page a few kilobytes long, written in chunks like a stream.
    app.get("/{*splat}", async (req, res) => {
      renders += 1;
      // 'content_changed' arriving while this page renders.
      if (req.path === "/gallery/zmiana") cache.clear();
      // A product page that takes a while to render, showing how much stock it read.
      let stock = "";
      if (req.path.startsWith("/merch/sztuk-")) {
        stock = ` sztuk: ${stockLeft}`;
        // A checkout start committing while this page renders.
        if (req.path === "/merch/sztuk-w-trakcie") cache.stockChanged();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // As server/request-handler.ts does: the cache's mark in, the page's script hashes back out.
      const forCache = res.locals.forSharedCache === true;
      res.locals.requestFacts = { scriptHashes: forCache ? [scriptHash(SCRIPT)] : [] };
      const who = req.headers.cookie ? "Zalogowano: ola@example.com" : "Gość";
      if (req.path === "/contact") res.setHeader("Set-Cookie", "nokturn_flash=sent; Path=/; HttpOnly");
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      res.status(req.path === "/merch/nie-ma" ? 404 : 200);
      res.write(`<!DOCTYPE html><html><body><p>${who} ${req.path}${stock}</p>`);
      res.write(`<p>${"Koszulka NOKTURN — 89,00 zł. ".repeat(200)}</p>`);
      res.end(`<script>${SCRIPT}</script></body></html>`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (path: string, headers: Record<string, string> = {}) => rawGet(`${base}${path}`, headers);

  it("sends two anonymous visitors the very same bytes, rendered once, in each encoding", async () => {
    const before = renders;
    const first = await get("/merch", { "accept-encoding": "br, gzip", "user-agent": "visitor-a" });
    const second = await get("/merch", { "accept-encoding": "br, gzip", "user-agent": "visitor-b" });
    expect(renders - before).toBe(1);
    expect([first.headers["x-cache"], second.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    for (const response of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      expect(response.headers.vary).toBe("Accept-Encoding");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["x-nokturn-script-hashes"]).toBeUndefined();
    }
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    // The CSP is the page's: its script's hash, the same for both, no nonce.
    expect(second.headers["content-security-policy"]).toBe(csp.withHashes([scriptHash(SCRIPT)]));
    expect(first.headers["content-security-policy"]).toBe(second.headers["content-security-policy"]);
    const html = zlib.brotliDecompressSync(second.body).toString();
    expect(html).toContain("Gość /merch");

    const gz = await get("/merch", { "accept-encoding": "gzip" });
    const plain = await get("/merch", { "accept-encoding": "identity" });
    expect(zlib.gunzipSync(gz.body).toString()).toBe(html);
    expect(plain.body.toString()).toBe(html);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.body.length));
    expect(new Set([first.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(renders - before).toBe(1);
  });

  it("answers If-None-Match with 304 Not Modified, per encoding", async () => {
    const page = await get("/rezydenci", { "accept-encoding": "br, gzip" });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get("/rezydenci", { "accept-encoding": "br, gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["content-security-policy"]).toBe(page.headers["content-security-policy"]);
    // Another encoding is another representation: sent in full.
    const gzip = await get("/rezydenci", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
  });

  it("never keeps or replays a page rendered for a signed-in visitor", async () => {
    const signedIn = await get("/shipping", {
      cookie: "better-auth.session_token=abc",
      "accept-encoding": "identity",
    });
    expect(signedIn.body.toString()).toContain("Zalogowano: ola@example.com");
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    // Rendered for one visitor: a nonce CSP, not the shared one.
    expect(signedIn.headers["content-security-policy"]).toContain("'nonce-");
    const anonymous = await get("/shipping", { "accept-encoding": "identity" });
    expect(anonymous.headers["x-cache"]).toBe("MISS");
    expect(anonymous.body.toString()).not.toContain("ola@example.com");
    // And a signed-in visitor is never answered from the cache either.
    const again = await get("/shipping", {
      cookie: "better-auth.session_token=abc",
      "accept-encoding": "identity",
    });
    expect(again.headers["x-cache"]).toBeUndefined();
    expect(again.body.toString()).toContain("Zalogowano: ola@example.com");
  });

  it("never keeps a response that sets a cookie, or one that is not a 200", async () => {
    const before = renders;
    for (const path of ["/contact", "/contact", "/merch/nie-ma", "/merch/nie-ma"]) {
      const response = await get(path, { "accept-encoding": "gzip" });
      expect(response.headers["x-cache"], path).toBeUndefined();
    }
    expect(renders - before).toBe(4);
  });

  it("answers any query a page does not read with the kept page: no render, no entry of its own", async () => {
    const first = await get("/ambasadorzy", { "accept-encoding": "gzip" });
    expect(first.headers["x-cache"]).toBe("MISS");
    const before = renders;
    const size = cache.size;
    for (let i = 0; i < 200; i++) {
      const junk = await get(`/ambasadorzy?utm_source=drop&fbclid=${i}&x=${i}`, {
        "accept-encoding": "gzip",
      });
      expect(junk.headers["x-cache"]).toBe("HIT");
      expect(junk.body.equals(first.body)).toBe(true);
    }
    expect(renders).toBe(before);
    expect(cache.size).toBe(size);
    // A parameter the page reads is another page: rendered and kept once, under its canonical key.
    const category = await get("/merch?fbclid=1&category=clothing", { "accept-encoding": "gzip" });
    expect(category.headers["x-cache"]).toBe("MISS");
    const again = await get("/merch?category=clothing&utm_medium=story", { "accept-encoding": "gzip" });
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(renders).toBe(before + 1);
  });

  it("after a stock change, one request re-renders a stock page while concurrent visitors get the kept one", async () => {
    const path = "/merch/sztuk-nagle";
    const first = await get(path, { "accept-encoding": "identity" });
    expect(first.body.toString()).toContain("sztuk: 5");
    const unrelated = await get("/terms", { "accept-encoding": "identity" });
    expect(unrelated.headers["x-cache"]).toBe("MISS");
    const before = renders;
    stockLeft = 0;
    cache.stockChanged();
    // 50 visitors at once: one render (the first request), the others served the kept page meanwhile.
    const all = await Promise.all(
      Array.from({ length: 50 }, () => get(path, { "accept-encoding": "identity" })),
    );
    expect(renders - before).toBe(1);
    const state = (response: (typeof all)[number]) =>
      `${response.headers["x-cache"]} ${response.body.toString().includes("sztuk: 0") ? "new" : "old"}`;
    const states = all.map(state);
    expect(states.filter((value) => value === "MISS new")).toHaveLength(1);
    // While it rendered (50 ms), the others got the kept page; after, the new one.
    expect(states.filter((value) => value === "HIT old").length).toBeGreaterThan(0);
    for (const value of states) expect(["MISS new", "HIT old", "HIT new"]).toContain(value);
    // From now on everyone gets the new page, and the page without stock was never dropped.
    const next = await get(path, { "accept-encoding": "identity" });
    expect([next.headers["x-cache"], next.body.toString().includes("sztuk: 0")]).toEqual(["HIT", true]);
    expect((await get("/terms", { "accept-encoding": "identity" })).headers["x-cache"]).toBe("HIT");
    expect(renders - before).toBe(1);
    stockLeft = 5;
  });

  it("keeps a stock page whose render saw a stock change, and re-renders it on the next request", async () => {
    const path = "/merch/sztuk-w-trakcie";
    const before = renders;
    expect((await get(path, { "accept-encoding": "gzip" })).headers["x-cache"]).toBe("MISS");
    // Kept (a concurrent visitor gets it) but stale (the other one re-renders it).
    const both = await Promise.all([
      get(path, { "accept-encoding": "gzip" }),
      get(path, { "accept-encoding": "gzip" }),
    ]);
    expect(both.map((response) => response.headers["x-cache"]).sort()).toEqual(["HIT", "MISS"]);
    expect(renders - before).toBe(2);
  });

  it("keeps nothing whose render saw a clear (a price changed meanwhile)", async () => {
    const before = renders;
    for (let i = 0; i < 2; i++) {
      const response = await get("/gallery/zmiana", { "accept-encoding": "gzip" });
      expect(response.status).toBe(200);
      expect(response.headers["x-cache"]).toBe("MISS");
    }
    expect(renders - before).toBe(2);
  });
});
