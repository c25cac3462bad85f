/**
 * A page rendered whole is compressed here in one call rather than by the streaming compressor, which
 * spent ~0.8 ms of a core on a 14 KB page that one call compresses in 0.17 ms (decision 036). Brotli
 * at quality 2 (a kept page gets 6 once, server/page-cache.ts; this runs on every request), gzip at 3
 * for clients without Brotli, nothing for tiny answers.
 */
import zlib from "node:zlib";

export type DocumentEncoding = "br" | "gzip";

/** Smaller than this, compressing saves less than its headers cost (the `compression` default). */
const MIN_BYTES = 1024;
const BROTLI_QUALITY = 2;
const GZIP_LEVEL = 3;

/**
 * Brotli's window, sized to the page: twice its length, between 64 KB and 4 MB. The same bytes come
 * out; the encoder allocates that much rather than the default 4 MB per call (in a loop 0.06–0.09 ms
 * against 0.8–1.0 ms for a 14 KB page; in the server no change of speed was measurable, decision 043).
 */
export function brotliWindowBits(length: number) {
  return Math.min(22, Math.max(16, Math.ceil(Math.log2(Math.max(length, 1))) + 1));
}

/** The encodings a client accepts (`q=0` refuses one), best first: Brotli, then gzip. */
export function preferredEncoding(acceptEncoding: string | null): DocumentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}

export function encodeDocument(
  html: Buffer<ArrayBuffer>,
  acceptEncoding: string | null,
): { body: Buffer<ArrayBuffer>; encoding: DocumentEncoding | null } {
  const encoding = html.length < MIN_BYTES ? null : preferredEncoding(acceptEncoding);
  if (encoding === "br") {
    const body = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(html.length),
      },
    });
    return { body, encoding };
  }
  if (encoding === "gzip") return { body: zlib.gzipSync(html, { level: GZIP_LEVEL }), encoding };
  return { body: html, encoding: null };
}

/** How long a data answer may take to be complete and still be compressed in one call. */
const WHOLE_WITHIN_MS = 20;

/**
 * A data answer (`.data`: an action's outcome, a page's data for a client navigation) compressed in
 * one call when its body is complete within WHOLE_WITHIN_MS — nearly every one — rather than by a
 * streaming compressor per answer of a few hundred bytes (~5 % of a busy instance in an on-sale
 * minute, decision 040). A body still open by then (a loader's promise) is passed on as it streams, its
 * first bytes included, and the `compression` middleware encodes it as before.
 */
export async function encodeWholeData(response: Response, acceptEncoding: string | null): Promise<Response> {
  if (!response.body || response.headers.has("Content-Encoding")) return response;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  const deadline = Date.now() + WHOLE_WITHIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), WHOLE_WITHIN_MS);
  });
  // A read the deadline overtook is kept: its chunk comes first in what streams on.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  try {
    while (Date.now() <= deadline) {
      pending ??= reader.read();
      const next = await Promise.race([pending, late]);
      if (next === "late") break;
      pending = null;
      if (next.done) {
        const { body, encoding } = encodeDocument(Buffer.concat(chunks), acceptEncoding);
        const headers = new Headers(response.headers);
        headers.append("Vary", "Accept-Encoding");
        if (encoding) headers.set("Content-Encoding", encoding);
        headers.set("Content-Length", String(body.length));
        return new Response(body, { status: response.status, statusText: response.statusText, headers });
      }
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  // Still open: what was read first, then the rest as it comes.
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
    },
    async pull(controller) {
      const next = await (pending ?? reader.read());
      pending = null;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(rest, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
