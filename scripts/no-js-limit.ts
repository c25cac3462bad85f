/**
 * The no-JavaScript limit of a page, for `npm run lighthouse`: the page's HTML exactly as the production
 * server sends it to an anonymous visitor (or to one with the given cookies), with every `<script>` and `<link rel="modulepreload">`
 * removed, served statically (pre-compressed, like nginx's `gzip_static`) from a server of its own.
 * Every other request (stylesheets, images, fonts, favicon) is passed through to the production server,
 * so those bytes and headers are the very ones the real page gets. What Lighthouse measures there is
 * the best first paint that HTML, CSS and images allow: the page without any cost of its JavaScript.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

/** Removes every script element and module preload (held until `load` too, decision 044); nothing else changes. */
export function withoutScripts(html: string): string {
  const stripped = html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel=["']?(?:x-)?modulepreload[\w-]*[^>]*>/gi, "");
  if (/<script\b/i.test(stripped) || /modulepreload/i.test(stripped)) {
    throw new Error("A script or module preload survived the stripping: check withoutScripts().");
  }
  return stripped;
}

type Snapshot = { html: Buffer; br: Buffer; gzip: Buffer };

export type NoJsServer = {
  url: string;
  /**
   * Fetches `pagePath` from the production server (as an anonymous visitor, or with `cookie`: the
   * visitor's cookies, e.g. a filled cart) and serves it without scripts.
   */
  snapshot(
    pagePath: string,
    options?: { cookie?: string },
  ): Promise<{ rawBytes: number; strippedBytes: number }>;
  stop(): Promise<void>;
};

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "host"]);

export async function startNoJsServer(origin: string): Promise<NoJsServer> {
  const pages = new Map<string, Snapshot>();
  const upstream = new URL(origin);

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const page = req.method === "GET" ? pages.get(url.pathname) : undefined;
    if (page) {
      const accept = String(req.headers["accept-encoding"] ?? "");
      const [body, encoding] = /\bbr\b/.test(accept)
        ? [page.br, "br"]
        : /\bgzip\b/.test(accept)
          ? [page.gzip, "gzip"]
          : [page.html, undefined];
      res.writeHead(200, {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Length": String(body.length),
        "Cache-Control": "no-cache",
        Vary: "Accept-Encoding",
        ...(encoding ? { "Content-Encoding": encoding } : {}),
      });
      res.end(body);
      return;
    }
    // Everything else comes from the production server, byte for byte (compressed as it sends it).
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
    );
    const proxied = http.request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...headers, host: upstream.host },
      },
      (response) => {
        res.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(res);
      },
    );
    proxied.on("error", () => {
      res.writeHead(502).end();
    });
    req.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    async snapshot(pagePath, { cookie } = {}) {
      const response = await fetch(new URL(pagePath, origin), cookie ? { headers: { cookie } } : {});
      if (!response.ok) throw new Error(`${pagePath}: ${response.status} from the production server`);
      const raw = await response.text();
      const html = Buffer.from(withoutScripts(raw));
      pages.set(new URL(pagePath, origin).pathname, {
        html,
        br: zlib.brotliCompressSync(html, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }),
        gzip: zlib.gzipSync(html, { level: 9 }),
      });
      return { rawBytes: Buffer.byteLength(raw), strippedBytes: html.length };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
