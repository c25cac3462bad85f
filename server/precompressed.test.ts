import fs from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawGet } from "../tests/support/raw-get";
import { matchesIfNoneMatch, pickEncoding, precompressedAssets } from "./precompressed";

const both = new Set([".br", ".gz"]);

describe("pickEncoding", () => {
  it("prefers Brotli, then gzip", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", both)?.name).toBe("br");
    expect(pickEncoding("gzip, deflate", both)?.name).toBe("gzip");
    expect(pickEncoding("gzip", new Set([".br"]))).toBeUndefined();
  });

  it("honours q-values, refusals and the wildcard", () => {
    expect(pickEncoding("br;q=0, gzip", both)?.name).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.8", both)?.name).toBe("gzip");
    expect(pickEncoding("*", both)?.name).toBe("br");
    expect(pickEncoding("*;q=0", both)).toBeUndefined();
  });

  it("serves the plain file without an Accept-Encoding or with identity only", () => {
    expect(pickEncoding(undefined, both)).toBeUndefined();
    expect(pickEncoding("", both)).toBeUndefined();
    expect(pickEncoding("identity", both)).toBeUndefined();
  });
});

describe("matchesIfNoneMatch", () => {
  it("compares entity tags weakly and takes lists and the wildcard", () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch("*", '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe("precompressedAssets, mounted as server/index.ts mounts it", () => {
  // A dot in the build's path (a checkout under ~/.cache, say) once made every twin a 404 for
  // `send`, so each asset fell through to on-the-fly compression with the plain file's ETag.
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-precompressed-"));
  const dir = path.join(root, ".build", "client", "assets");
  const css = `${"body{color:#fff;background:#07060b}\n".repeat(400)}/* end */\n`;
  const name = "app-Ab12Cd34.css";
  let server: http.Server;
  let base = "";
  const twins: Record<string, Buffer> = {};

  beforeAll(async () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, name), css);
    // Quality 11 and level 9, as the build writes them: on-the-fly compression never gives these bytes.
    twins.br = zlib.brotliCompressSync(css, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
    twins.gzip = zlib.gzipSync(css, { level: 9 });
    fs.writeFileSync(path.join(dir, `${name}.br`), twins.br);
    fs.writeFileSync(path.join(dir, `${name}.gz`), twins.gzip);
    const app = express();
    app.use("/assets", precompressedAssets(dir));
    app.use(compression());
    app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y", index: false }));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends the twin's very bytes, each encoding with an ETag of its own", async () => {
    const etags = new Set<string>();
    for (const [accept, encoding] of [
      ["br", "br"],
      ["br, gzip", "br"],
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const response = await rawGet(`${base}/assets/${name}`, { "accept-encoding": accept });
      expect(response.status, accept).toBe(200);
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(response.body.equals(twins[encoding]), accept).toBe(true);
      expect(response.headers["content-length"], accept).toBe(String(twins[encoding].length));
      expect(response.headers["content-type"], accept).toBe("text/css; charset=utf-8");
      expect(response.headers.vary?.toLowerCase(), accept).toContain("accept-encoding");
      expect(response.headers["cache-control"], accept).toContain("immutable");
      expect(response.headers.etag, accept).toMatch(/^"[\w-]{20,}"$/);
      etags.add(`${encoding} ${response.headers.etag}`);
    }
    expect(etags.size).toBe(2);
    const plain = await rawGet(`${base}/assets/${name}`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(css);
    expect([...etags].map((entry) => entry.split(" ")[1])).not.toContain(plain.headers.etag);
  });

  it("answers a revalidation of the same encoding with 304", async () => {
    const first = await rawGet(`${base}/assets/${name}`, { "accept-encoding": "br" });
    const again = await rawGet(`${base}/assets/${name}`, {
      "accept-encoding": "br",
      "if-none-match": String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const otherEncoding = await rawGet(`${base}/assets/${name}`, {
      "accept-encoding": "gzip",
      "if-none-match": String(first.headers.etag),
    });
    expect(otherEncoding.status).toBe(200);
    expect(otherEncoding.body.equals(twins.gzip)).toBe(true);
  });
});
