/**
 * The front-end budget's server half (decision 010): hashed scripts under /assets are served
 * pre-compressed (Brotli, else gzip), as the client asks, with immutable caching. What the browser
 * downloads and how the page hydrates stay in tests/e2e/front-end-budget.test.ts.
 */
import zlib from "node:zlib";
import { expect, test } from "vitest";
import { baseUrl } from "../support/html";
import { PUBLIC_TEMPLATES } from "../support/public-templates";
import { type RawResponse, rawGet } from "../support/raw-get";

/** The body as a client decodes it (Content-Encoding undone). */
function decoded(response: RawResponse) {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(response.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(response.body).toString("utf8");
  expect(encoding, "an encoding the client asked for").toBeUndefined();
  return response.body.toString("utf8");
}

test("/assets scripts are served pre-compressed with Brotli or gzip, as the client asks", async () => {
  const html = await (await fetch(`${baseUrl()}/`)).text();
  const url = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(url, "the page loads the client entry").toBeTruthy();

  const plain = await rawGet(`${baseUrl()}${url}`, { "accept-encoding": "identity" });
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const source = plain.body.toString("utf8");

  for (const [accept, encoding] of [
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
  ] as const) {
    const response = await rawGet(`${baseUrl()}${url}`, { "accept-encoding": accept });
    const headers = response.headers;
    expect(response.status, accept).toBe(200);
    expect(headers["content-encoding"], accept).toBe(encoding);
    expect(headers["content-type"], accept).toContain("javascript");
    expect(headers.vary?.toLowerCase(), accept).toContain("accept-encoding");
    expect(headers["cache-control"], accept).toContain("immutable");
    // The client decodes it back to the very same script.
    expect(decoded(response), accept).toBe(source);
  }
});

test("a shop window page asks for at most 16 script files, its building blocks in one shared kit (decision 045)", async () => {
  const kits = new Set<string>();
  for (const { path } of PUBLIC_TEMPLATES) {
    const html = await (await fetch(`${baseUrl()}${path}`)).text();
    const scripts = [...html.matchAll(/<link rel="x-modulepreload-after-load" href="([^"]+)"/g)].map(
      (match) => match[1],
    );
    // 38 on the product page before the kit, one request per component.
    expect(scripts.length, `${path}: ${scripts.join(" ")}`).toBeGreaterThan(0);
    expect(scripts.length, `${path}: ${scripts.join(" ")}`).toBeLessThanOrEqual(16);
    for (const script of scripts.filter((script) => /\/kit-[\w-]+\.js$/.test(script))) kits.add(script);
  }
  expect([...kits]).toHaveLength(1);
});
