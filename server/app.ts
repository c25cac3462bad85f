/**
 * The Express app around React Router: security headers with a per-request CSP nonce, request logs,
 * the health check, and start-up (settings, database, migrations, demo seed). Bundled by Vite as the
 * SSR entry; server/index.ts serves it.
 */
import express, { type Request, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { assertClockReadable, now, usesTestClock } from "../app/lib/clock.server";
import { clearContent, keepContent } from "../app/lib/content-cache.server";
import { getDatabaseHandle, openDatabase, ping, setDatabase } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { redactUrl } from "../app/lib/log-redaction";
import { logger } from "../app/lib/logger.server";
import { CROSS_ORIGIN_MESSAGE, isCrossSiteRequest, isOriginCheckExempt } from "../app/lib/origin-check";
import { onPageExpiry } from "../app/lib/page-expiry.server";
import { resolveAuthSecret } from "../app/lib/secret.server";
import { createStorage, setStorage } from "../app/lib/storage.server";
import { clearSessions, keepSessions } from "../app/modules/accounts/session-cache.server";
import { startCheckoutSweeper, stopCheckoutSweeper } from "../app/modules/checkout/release-checkout.server";
import { startOutboxWorker, stopOutboxWorker } from "../app/modules/mail/outbox.server";
import { startStockAlertNotifier, stopStockAlertNotifier } from "../app/modules/stock-alerts/notifier.server";
import { isDatabaseEmpty, seedDemo } from "../db/seed";
import { Admission, admission } from "./admission";
import { bodyLimit, requestBodyOf } from "./body-limit";
import { createCsp, cspNonce } from "./csp";
import { errorText, sendErrorPage } from "./error-page";
import { contentChanged, PageCache, pageCacheHits, pageCacheStore } from "./page-cache";
import { clientErrorResponse, requestGuard } from "./request-guard";
import { createRequestHandler } from "./request-handler";

let cache: PageCache | undefined;
let stopListening: (() => Promise<void>) | undefined;
let stopListeningSessions: (() => Promise<void>) | undefined;

let gate: Admission | undefined;

/** A refused visitor tries again after this (a second or two of a crowd's queue). */
const RETRY_AFTER_SECONDS = 5;

/** A kept page sent within this long: visitors are being answered from the cache. */
const KEPT_PAGES_RECENTLY_MS = 250;

/** This instance's gate for pages made per request (server/admission.ts). */
function pagesGate() {
  const settings = env();
  gate ??= new Admission({
    concurrency: settings.PAGES_AT_ONCE,
    maxQueue: settings.PAGES_WAITING,
    maxWaitMs: settings.PAGE_WAIT_SECONDS * 1000,
    // While the cache answers visitors, a crowd's pages are made one at a time (decision 040).
    oneAtATime: () => pageCache().servedWithin(KEPT_PAGES_RECENTLY_MS),
  });
  return gate;
}

/** This instance's cache of anonymous pages (off outside production: code changes under Vite). */
export function pageCache() {
  const settings = env();
  cache ??= new PageCache({
    ttlMs: settings.NODE_ENV === "production" ? settings.PAGE_CACHE_TTL_SECONDS * 1000 : 0,
    maxEntries: 2_000,
    maxBytes: 64 * 1024 * 1024,
    clock: () => now().getTime(),
  });
  return cache;
}

/** Validates settings, connects and migrates the database, and seeds demo content into an empty one. */
export async function prepare() {
  const settings = env();
  assertClockReadable();
  if (usesTestClock())
    logger.warn({ file: process.env.E2E_CLOCK_FILE }, "TEST CLOCK in use (E2E_CLOCK_FILE)");
  const handle = await openDatabase({ databaseUrl: settings.DATABASE_URL, dataDir: settings.DATA_DIR });
  setDatabase(handle);
  await handle.migrate();
  if (settings.SEED_DEMO === "auto" && (await isDatabaseEmpty(handle.db))) {
    logger.info("empty database: adding demo content");
    await seedDemo(handle.db, now());
  }
  resolveAuthSecret();
  setStorage(await createStorage());
  // Any committed write to what public pages show empties this instance's page cache (migration 0003),
  // except one that only moved stock: that marks the pages showing stock (migration 0010, decision 032).
  // Notifications possibly missed (a reconnect) empty it too.
  const clear = () => {
    pageCache().clear();
    clearContent();
  };
  // Pages that change when a night starts or ends are dropped then (decision 022).
  onPageExpiry((at) => pageCache().expireAllAt(at.getTime()));
  stopListening = await handle.listen(
    "content_changed",
    (payload) => {
      contentChanged(pageCache(), payload);
      clearContent();
    },
    clear,
  );
  // Pages read public content from memory while these notifications keep it true (decision 036).
  keepContent(true);
  // Signed-in pages read their session from memory while changes to sessions are heard (migration 0013).
  stopListeningSessions = await handle.listen("sessions_changed", clearSessions, clearSessions);
  keepSessions(true);
  startOutboxWorker();
  startStockAlertNotifier();
  startCheckoutSweeper();
  logger.info(
    { database: handle.kind, payments: settings.paymentProvider, storage: settings.STORAGE_DRIVER },
    "ready",
  );
}

export async function shutdown() {
  keepContent(false);
  keepSessions(false);
  await stopListeningSessions?.().catch(() => {});
  stopListeningSessions = undefined;
  stopCheckoutSweeper();
  await stopListening?.().catch(() => {});
  stopListening = undefined;
  await stopStockAlertNotifier().catch((error: unknown) =>
    logger.error({ err: error }, "notifier stop failed"),
  );
  // Lets a send in progress finish and record its outcome before the database goes away.
  await stopOutboxWorker().catch((error: unknown) => logger.error({ err: error }, "mail worker stop failed"));
  try {
    await getDatabaseHandle().close();
  } catch {
    // not opened
  }
  setDatabase(undefined);
}

let csp: ReturnType<typeof createCsp> | undefined;

/** The CSP (server/csp.ts): by hashes for pages the page cache keeps, else by a nonce. */
function policy() {
  const settings = env();
  csp ??= createCsp({
    widgetOrigin: new URL(settings.site.inpostWidgetUrl).origin,
    https: settings.siteUrl.startsWith("https://"),
  });
  return csp;
}

function contentSecurityPolicy(): express.RequestHandler {
  const { withNonce } = policy();
  return (_req, res, next) => {
    res.setHeader("Content-Security-Policy", withNonce(res.locals.cspNonce));
    next();
  };
}

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: false },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  frameguard: { action: "deny" },
};

let fixedHeaders: [string, string][] | undefined;

/** Helmet's headers, which are the same for every response, as a list (kept pages are sent with them). */
function helmetHeaders(): [string, string][] {
  if (fixedHeaders) return fixedHeaders;
  const collected: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => collected.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(HELMET_OPTIONS)({} as Request, response as unknown as Response, () => {});
  fixedHeaders = collected;
  return collected;
}

/**
 * A file's CSP: a script or a stylesheet ignores it, and an SVG opened on its own runs nothing.
 * Short and fixed, since a page pulls some twenty files and each one carries it.
 */
const STATIC_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/**
 * The static files' security headers (server/index.ts mounts it before them): helmet's fixed headers
 * and STATIC_CSP, without a nonce. Pages that fall through get the app's own headers, which replace these.
 */
export function staticSecurityHeaders(): express.RequestHandler {
  const headers: [string, string][] = [...helmetHeaders(), ["Content-Security-Policy", STATIC_CSP]];
  // A built script or stylesheet is never a document: it keeps nosniff, CORP and HSTS only.
  const scriptHeaders = headers.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name.toLowerCase()));
  // The door's service worker (issue #41) runs under its own file's policy: it fetches the app's pages
  // and files from this origin to keep them, which STATIC_CSP's default-src 'none' would refuse.
  const serviceWorkerHeaders: [string, string][] = [
    ...scriptHeaders,
    ["Content-Security-Policy", SERVICE_WORKER_CSP],
  ];
  return (req, res, next) => {
    const chosen =
      req.path === SERVICE_WORKER
        ? serviceWorkerHeaders
        : BUILT_SCRIPT.test(req.path)
          ? scriptHeaders
          : headers;
    for (const [name, value] of chosen) res.setHeader(name, value);
    next();
  };
}

/**
 * Headers that act only on a document (a browsing context's isolation, its DNS prefetching, old IE's
 * download dialog and XSS filter, Flash's cross-domain policy; who may frame it, which policy governs
 * what it loads, and the referrer it sends — a script's requests are its page's, and a stylesheet
 * without a policy of its own uses the browser's default, which is ours). A script or a stylesheet
 * ignores them, and a page pulls some twenty of those: ~430 bytes each on every first visit, more
 * than a route's whole entry in the route manifest (decisions 034 and 038: the landing page's budget).
 */
const DOCUMENT_ONLY_HEADERS = new Set([
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
  "x-frame-options",
  "content-security-policy",
  "referrer-policy",
]);
const BUILT_SCRIPT = /^\/assets\/[\w.-]+\.(?:js|css)$/;
const SERVICE_WORKER = "/bramka-sw.js";
const SERVICE_WORKER_CSP = "default-src 'self'";

/**
 * Helmet's headers and, in production, the CSP with a per-request nonce. The app sends them, and
 * server/index.ts mounts them before the static files too, so those carry them as well.
 */
export function securityHeaders() {
  const headers = express.Router();
  headers.use((_req, res, next) => {
    // One nonce per response, kept if something earlier already made it.
    res.locals.cspNonce ??= cspNonce();
    next();
  });
  headers.use(helmet(HELMET_OPTIONS));
  if (env().NODE_ENV === "production") headers.use(contentSecurityPolicy());
  return headers;
}

/** The brand on the server's own error pages (server/error-page.ts). */
const siteName = () => env().site.name;

/**
 * The front door (server/request-guard.ts), mounted by server/index.ts before everything else: a
 * malformed method, path, query or GET body is refused there, with the static files' security headers,
 * and logged at info like any access (the app's request logger never sees it).
 */
export function frontDoor(): express.RequestHandler {
  return requestGuard({
    siteName,
    headers: [...helmetHeaders(), ["Content-Security-Policy", STATIC_CSP]],
    log: (req, res, reason) => {
      logger.info(
        {
          req: { method: req.method, url: redactUrl(req.originalUrl) },
          res: { status: res.statusCode },
          reason,
        },
        "request refused",
      );
    },
  });
}

/**
 * The server's `clientError` listener (server/index.ts): a request Node's parser could not read gets
 * the Polish page with the security headers instead of Node's empty English 400, logged at info.
 */
export function clientError() {
  return (error: NodeJS.ErrnoException, socket: import("node:stream").Duplex) => {
    if (error.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    const headers: [string, string][] = [...helmetHeaders(), ["Content-Security-Policy", STATIC_CSP]];
    const { status, bytes } = clientErrorResponse(error.code, headers, siteName());
    logger.info({ res: { status }, code: error.code ?? null }, "request refused: unreadable");
    socket.end(bytes);
  };
}

/**
 * Kept pages, answered before the static files and the app (server/index.ts mounts it first): the
 * entry carries every header, and the access log gets the line pino-http would have written.
 */
export function cachedPages(): express.RequestHandler {
  return pageCacheHits(pageCache(), (req, res, startedAt) => {
    logger.info(
      {
        req: { method: req.method, url: redactUrl(req.originalUrl) },
        res: { status: res.statusCode },
        responseTime: Math.round(performance.now() - startedAt),
      },
      "request completed",
    );
  });
}

/** The app: mount after static files. `build` is React Router's server build. */
export function createApp(build: Parameters<typeof createRequestHandler>[0]["build"]) {
  const settings = env();
  const app = express();
  app.disable("x-powered-by");
  if (settings.TRUST_PROXY) app.set("trust proxy", true);

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      // Method, path and status are enough; headers would leak cookies and flood the log. One-time tokens
      // and payment session ids in the URL are redacted.
      serializers: {
        req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
    }),
  );

  app.use(securityHeaders());
  // Again inside the app (a no-op behind the front door): the development server has no front door.
  app.use(requestGuard({ siteName }));
  app.use((_req, res, next) => {
    // The nonce only where a CSP names it (production): elsewhere it would only make the server's links
    // differ from the browser's render, which React reports as a hydration mismatch in development.
    res.locals.nonceForPage = settings.NODE_ENV === "production" ? res.locals.cspNonce : "";
    next();
  });

  // CSRF: no write from another site reaches an action or better-auth (decision 011).
  const siteOrigin = new URL(settings.siteUrl).origin;
  app.use((req, res, next) => {
    // An exempt path authenticates its POSTs itself (a one-click unsubscribe's token); React Router would
    // still abort an action whose Origin is another site's, so that Origin is not passed on.
    if (req.method === "POST" && isOriginCheckExempt(req.path)) delete req.headers.origin;
    const refused = isCrossSiteRequest({
      method: req.method,
      path: req.path,
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      allowedOrigins: [siteOrigin, `${req.protocol}://${req.get("host") ?? ""}`],
    });
    if (!refused) return next();
    req.log.warn({ origin: req.get("origin") ?? null, path: req.path }, "cross-site write refused");
    res
      .status(403)
      .type("text/plain; charset=utf-8")
      .set("Cache-Control", "no-store")
      .send(CROSS_ORIGIN_MESSAGE);
  });

  app.use(
    pageCacheStore(pageCache(), {
      securityHeaders: helmetHeaders(),
      cspWithHashes: settings.NODE_ENV === "production" ? policy().withHashes : undefined,
    }),
  );

  app.get("/healthz", async (_req: Request, res: Response) => {
    try {
      await ping();
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "health check failed");
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.all(
    "/{*splat}",
    // Every body counted while it streams in and refused with 413 past its route's limit (decision 015).
    bodyLimit(),
    // Only so many pages made at once; the rest wait their turn (decision 039).
    admission(pagesGate(), {
      exempt: (req) => requestBodyOf(req)?.kind === "streamed",
      // A page the cache will keep (a stale one's re-render, or one not kept yet) serves every
      // visitor after it, and one of them is waiting for it: it goes before the crowd's own pages.
      // So does a form sent (an add, a checkout, a payment): a step of a purchase under way goes
      // before the pages being browsed, whose turn it took in a drop for seconds (decision 043).
      first: (req, res) => res.locals.forSharedCache === true || req.method === "POST",
      refuse: (req, res) => {
        req.log.warn({ path: req.path }, "request refused: too many pages in the making");
        res.set("Retry-After", String(RETRY_AFTER_SECONDS));
        sendErrorPage(req, res, 503, siteName());
      },
    }),
    createRequestHandler({
      build,
      mode: settings.NODE_ENV === "production" ? "production" : "development",
    }),
  );

  // What no route answered with a response of its own: Express's default page is English and says 500
  // for a client's bad request. A 4xx is the visitor's (logged at warn by its status), the rest ours.
  app.use((error: unknown, req: Request, res: Response, next: express.NextFunction) => {
    const { status: given, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
    const declared = Number(given ?? statusCode);
    const status = declared >= 400 && declared < 500 ? declared : 500;
    if (status < 500) req.log.warn({ status, reason: errorText(status).title }, "request refused");
    else req.log.error({ err: error }, "request failed");
    if (res.headersSent) return next(error);
    sendErrorPage(req, res, status, siteName());
  });
  return app;
}

/**
 * The app around the server build bundled with it. In production the build is handed over resolved:
 * given a function, React Router calls it and derives its route tables again on every request (for hot
 * reload), which cost ~2 ms of a core per page (decision 036). In development Vite's module is fresh
 * on every request.
 */
export async function app() {
  if (env().NODE_ENV !== "production") return createApp(() => import("virtual:react-router/server-build"));
  return createApp(await import("virtual:react-router/server-build"));
}
