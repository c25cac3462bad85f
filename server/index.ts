/**
 * Starts the site: `node server/index.ts` (Node strips the types). In development Vite serves the app
 * with hot reload; in production the built bundle is served with hashed assets cached for a year.
 */
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { precompressedAssets } from "./precompressed.ts";

const production = process.env.NODE_ENV === "production";
const root = process.cwd();
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");

type AppModule = {
  prepare(): Promise<void>;
  shutdown(): Promise<void>;
  app(): Promise<express.Express>;
  staticSecurityHeaders(): express.RequestHandler;
  cachedPages(): express.RequestHandler;
  frontDoor(): express.RequestHandler;
  clientError(): (error: NodeJS.ErrnoException, socket: import("node:stream").Duplex) => void;
};

const FILE_NAME = /\.[a-z0-9]+$/i;

/** On-the-fly compression, for what is neither a pre-compressed asset nor a kept page (X-Cache). */
function compressOnTheFly() {
  return compression({
    filter: (req, res) => !res.hasHeader("X-Cache") && compression.filter(req, res),
    // Levels for pages made per request, not for files kept compressed (decision 036): Brotli 2 and
    // gzip 3 take a third of the time of the defaults (4 and 6) for ~7 % more bytes, and one output
    // buffer holds a whole page.
    level: 3,
    // A 256 KB window, more than a page: the default allocates 4 MB per response (decision 043).
    brotli: {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
    },
    chunkSize: 64 * 1024,
  });
}

function fail(error: unknown): never {
  // One line, no stack: the reason is what the operator needs (bad setting, unreachable database…).
  const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
  process.stderr.write(`Start-up failed: ${reason}\n`);
  process.exit(1);
}

async function main() {
  const server = express();
  server.disable("x-powered-by");
  const httpServer = http.createServer(server);
  // An idle keep-alive connection is closed by the client or the balancer in front, not by us: when
  // the server closed it after Node's 5 s default, a request sent on it at that moment was reset
  // (ECONNRESET; seen once in CI from Playwright's own request pool). Longer than the usual 60 s of a
  // balancer's idle timeout; the headers' deadline stays above it, as Node requires.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  let loadApp: () => Promise<AppModule>;
  if (production) {
    const bundle = path.join(buildDir, "server/index.js");
    const mod = (await import(bundle)) as AppModule;
    loadApp = async () => mod;
    // Malformed methods, paths, queries and GET bodies are refused before anything reads them.
    server.use(mod.frontDoor());
    // Pages the page cache holds, answered before anything else (they carry every header).
    server.use(mod.cachedPages());
    // Static files carry helmet's headers and a fixed CSP of their own; pages get the app's instead.
    server.use(mod.staticSecurityHeaders());
    const assetsDir = path.join(buildDir, "client/assets");
    // Brotli/gzip files written at build time, sent as they are (before `compression`, which would
    // only wrap them); other files and encodings fall through.
    server.use("/assets", precompressedAssets(assetsDir));
    server.use(compressOnTheFly());
    server.use("/assets", express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }));
    // The public files (/favicon.svg, /demo/…) all have an extension; a page's path is not looked up on
    // disk (a stat per page, decision 036).
    const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false });
    server.use((req, res, next) => (FILE_NAME.test(req.path) ? publicFiles(req, res, next) : next()));
  } else {
    const vite = await import("vite");
    // Vite's hot-reload socket shares this server's port (by default middleware mode opens port 24678,
    // which a second dev server on the machine cannot have).
    const devServer = await vite.createServer({
      server: { middlewareMode: true, ws: { server: httpServer } },
      appType: "custom",
    });
    server.use(compressOnTheFly());
    server.use(devServer.middlewares);
    loadApp = () => devServer.ssrLoadModule("./server/app.ts") as Promise<AppModule>;
  }

  const mod = await loadApp().catch(fail);
  await mod.prepare().catch(fail);

  if (production) {
    server.use(await mod.app());
  } else {
    server.use(async (req, res, next) => {
      try {
        (await (await loadApp()).app())(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  }

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "127.0.0.1";
  const listener = httpServer.listen(port, host, () => {
    const address = listener.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    console.log(`NOKTURN listening on http://${host === "0.0.0.0" ? "localhost" : host}:${actualPort}`);
  });
  listener.on("error", fail);
  // Requests Node's parser cannot read (an unknown method, a broken header) get the Polish page too.
  listener.on("clientError", mod.clientError());

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: closing`);
    // Stop accepting, let requests in flight finish, then release the database.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    listener.close(async () => {
      await mod.shutdown().catch(() => {});
      process.exit(0);
    });
    listener.closeIdleConnections();
  };
  // Test servers stop by themselves when the process that started them goes away.
  if (process.env.STOP_WITH_PARENT === "1") {
    process.stdin.on("end", () => close("parent exited"));
    process.stdin.on("error", () => close("parent exited"));
    process.stdin.resume();
  }
  process.on("SIGTERM", () => close("SIGTERM"));
  process.on("SIGINT", () => close("SIGINT"));
}

main().catch(fail);
