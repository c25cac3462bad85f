import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  brotliWindowBits,
  encodeDocument,
  encodeWholeData,
  preferredEncoding,
} from "./document-encoding.server";

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

  it("sizes Brotli's window to the page: twice its length, 64 KB to 4 MB", () => {
    expect(brotliWindowBits(0)).toBe(16);
    expect(brotliWindowBits(14_000)).toBe(16);
    expect(brotliWindowBits(40_000)).toBe(17);
    expect(brotliWindowBits(83_730)).toBe(18);
    expect(brotliWindowBits(3_000_000)).toBe(22);
    expect(brotliWindowBits(50_000_000)).toBe(22);
  });

  it("decodes to the page whatever its size", () => {
    const pages = [3_000, 70_000, 300_000].map((size) =>
      Buffer.from(
        Array.from({ length: size }, (_, index) => String.fromCharCode(32 + ((index * 7919) % 90))).join(""),
      ),
    );
    for (const page of pages) {
      const { body, encoding } = encodeDocument(page, "br");
      expect(encoding).toBe("br");
      expect(zlib.brotliDecompressSync(body).equals(page)).toBe(true);
    }
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

describe("encodeWholeData", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  const dataAnswer = (body: ReadableStream<Uint8Array>) =>
    new Response(body, { status: 202, headers: { "Content-Type": "text/x-script" } });

  it("compresses a data answer complete at once in one call, its length said", async () => {
    const text = `[{"_1":2},"data",${JSON.stringify("Bilety są wyprzedane. ".repeat(100))}]`;
    const answer = await encodeWholeData(dataAnswer(new Response(text).body as ReadableStream), "br, gzip");
    expect(answer.status).toBe(202);
    expect(answer.headers.get("Content-Encoding")).toBe("br");
    expect(answer.headers.get("Vary")).toBe("Accept-Encoding");
    const body = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get("Content-Length"))).toBe(body.length);
    expect(zlib.brotliDecompressSync(body).toString("utf8")).toBe(text);
  });

  it("leaves a small one as it is, with its length (so nothing compresses it afterwards)", async () => {
    const answer = await encodeWholeData(
      dataAnswer(new Response('[{"_1":2},"ok",true]').body as ReadableStream),
      "br",
    );
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    expect(answer.headers.get("Content-Length")).toBe("20");
    expect(await answer.text()).toBe('[{"_1":2},"ok",true]');
  });

  it("passes on as it streams an answer still open after the wait, every byte in order", async () => {
    let send: (chunk: string | null) => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes("first;"));
        send = (chunk) => (chunk === null ? controller.close() : controller.enqueue(bytes(chunk)));
      },
    });
    const answer = await encodeWholeData(dataAnswer(body), "br");
    expect(answer.headers.get("Content-Length")).toBeNull();
    expect(answer.headers.get("Content-Encoding")).toBeNull();
    // The deferred data settles later (a loader's promise).
    setTimeout(() => {
      send("second;");
      send("third");
      send(null);
    }, 30);
    expect(await answer.text()).toBe("first;second;third");
  });
});
