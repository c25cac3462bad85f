import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeDocument, preferredEncoding } from "./document-encoding.server";

describe("preferredEncoding", () => {
  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["*", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0, gzip;q=0", null],
    ["GZIP;Q=0.5", "gzip"],
    ["identity", null],
    ["", null],
    [null, null],
    ["br;q=abc", null],
  ])("%s → %s", (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe("encodeDocument", () => {
  const html = Buffer.from(
    `<!DOCTYPE html><html><body>${"<p>Noc w Wrocławiu</p>".repeat(200)}</body></html>`,
  );

  it("sends Brotli that decodes to the page", () => {
    const { body, encoding } = encodeDocument(html, "gzip, br");
    expect(encoding).toBe("br");
    expect(body.length).toBeLessThan(html.length / 5);
    expect(zlib.brotliDecompressSync(body).equals(html)).toBe(true);
  });

  it("sends gzip to a client without Brotli", () => {
    const { body, encoding } = encodeDocument(html, "gzip");
    expect(encoding).toBe("gzip");
    expect(zlib.gunzipSync(body).equals(html)).toBe(true);
  });

  it("sends a tiny page or an identity client the bytes as they are", () => {
    const tiny = Buffer.from("<p>404</p>");
    expect(encodeDocument(tiny, "br")).toEqual({ body: tiny, encoding: null });
    expect(encodeDocument(html, "identity")).toEqual({ body: html, encoding: null });
  });
});
