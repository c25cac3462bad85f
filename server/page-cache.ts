/**
 * The page cache: what anonymous visitors see, kept in each instance's memory and replayed without
 * rendering. A kept page is the same bytes for everyone (its CSP names the hashes of its inline scripts
 * rather than a nonce, see app/lib/inline-scripts.server.ts), so it is compressed once when it enters
 * the cache — Brotli, gzip and the plain bytes, each with a strong ETag — and a hit only picks one and
 * writes it (or answers 304 to a matching If-None-Match).
 *
 * It is only a copy: every write to the tables those pages read notifies 'content_changed' on commit
 * (migrations 0003 and 0010), and each instance drops its whole cache when it hears it, so a price
 * changed in the panel is on the product page as soon as the notification arrives (milliseconds;
 * `npm run bench` measures it). A write that only moved stock (a checkout start, a payment, a release)
 * says so in the payload and drops nothing (decision 032): the pages that show stock
 * (server/page-cache-policy.ts) go stale, at the earliest STOCK_FRESH_MS after their render began, and
 * one request re-renders each while the others still get the stale copy — so during a drop a page is
 * rendered about once per STOCK_FRESH_MS per instance, however many buyers start paying, and every
 * other page stays. Entries also expire after a TTL, for what changes with time alone ('Nowość'
 * badges, relative dates), and the whole cache empties at the instant a loader names through
 * app/lib/page-expiry.server.ts (a night starts or ends: the landing page's hero and every page's
 * ticket button change then, decision 022).
 */
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { brotliWindowBits } from "../app/lib/document-encoding.server";
import type { RequestFacts } from "../app/lib/request-context";
import { isCacheableResponse, pageCacheKey, REPLAYED_HEADERS, showsStock } from "./page-cache-policy";
import { matchesIfNoneMatch, pickEncoding, strongEtag } from "./precompressed";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** One encoding of a kept page, with everything a hit writes prepared. */
export type Representation = {
  body: Buffer;
  encoding?: "br" | "gzip";
  etag: string;
  /** Header names and values, flat, as `writeHead` takes them. */
  head: string[];
  /** The same for a 304 (no body, no Content-Length or Content-Encoding). */
  notModifiedHead: string[];
};

export type Entry = {
  identity: Representation;
  br: Representation;
  gzip: Representation;
  bytes: number;
  storedAt: number;
  /** A page that shows stock: what its render saw when it began (`PageCache.renderStart`). */
  stock?: StockSeen;
  /** While one request re-renders this stale entry, the instant until which the others are given it. */
  revalidatingUntil?: number;
};

/** The stock changes a render had heard of when it began, and when that was (ms, `Date.now`). */
export type StockSeen = { changes: number; at: number };

/**
 * How long after its render began a page that shows stock may still be served once stock has changed
 * since: the lag of 'Wyprzedane' or 'Ostatnie sztuki' behind a sale, and the shortest interval between
 * two renders of one page during a drop. The checkout decides on the database's stock anyway.
 */
export const STOCK_FRESH_MS = 2_000;
/**
 * How long one request may take to re-render a stale page before the next one tries: a render that
 * fails or hangs does not pin the stale copy.
 */
export const REVALIDATE_MS = 5_000;

export type PageCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  /**
   * The clock that time-dependent pages are rendered by (app/lib/clock.server.ts), in milliseconds:
   * what `expireAllAt` instants are compared with. Defaults to the real clock.
   */
  clock?: () => number;
  /** STOCK_FRESH_MS unless given (tests). */
  stockFreshMs?: number;
  /** REVALIDATE_MS unless given (tests). */
  revalidateMs?: number;
};

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every clear: a render that began before a clear must not store what it read. */
  generation = 0;
  /** The earliest instant (page clock) at which what is kept goes stale, null while none is known. */
  private staleAt: number | null = null;
  /** Stock changes heard so far: a page whose render began before the latest one may show old stock. */
  stockChanges = 0;
  /** When a kept page was last sent (`performance.now()`; the gate's `oneAtATime`, decision 040). */
  private lastHitAt = Number.NEGATIVE_INFINITY;

  constructor(readonly options: PageCacheOptions) {}

  hit() {
    this.lastHitAt = performance.now();
  }

  /** Whether a kept page was sent within the last `ms` milliseconds. */
  servedWithin(ms: number) {
    return performance.now() - this.lastHitAt < ms;
  }

  private clock() {
    return this.options.clock ? this.options.clock() : Date.now();
  }

  /**
   * Pages rendered now are stale from `at` on (the next start or end of a night, decision 022): the
   * first lookup or store at or after it empties the whole cache. The earliest such instant wins.
   */
  expireAllAt(at: number) {
    if (this.staleAt === null || at < this.staleAt) this.staleAt = at;
  }

  /** Empties the cache if its stale instant has come; true when it did. */
  private dropIfStale() {
    if (this.staleAt === null || this.clock() < this.staleAt) return false;
    this.clear();
    return true;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * Stock moved (a 'content_changed' notification with a `stock:` payload): every page that shows
   * stock and was rendered before now goes stale (`isStale`). O(1): entries are judged when looked up.
   */
  stockChanged() {
    this.stockChanges += 1;
  }

  /** What a render of a page beginning now will have seen of stock; undefined for a page without stock. */
  renderStart(path: string, now = Date.now()): StockSeen | undefined {
    return showsStock(path) ? { changes: this.stockChanges, at: now } : undefined;
  }

  /**
   * A page that shows stock is stale once stock changed after its render began (a render that was
   * under way when the change came included) and STOCK_FRESH_MS have passed since that beginning:
   * never re-rendered twice within the window, and at most the window (and one render) behind.
   */
  isStale(entry: Entry, now = Date.now()) {
    const { stock } = entry;
    if (!stock || stock.changes === this.stockChanges) return false;
    return now - stock.at >= (this.options.stockFreshMs ?? STOCK_FRESH_MS);
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
    this.staleAt = null;
  }

  /**
   * The kept page, or undefined when the caller must render it. A stale page (`isStale`) is returned
   * undefined to one caller, who re-renders it, and still given to everyone else meanwhile — until
   * that render replaces it, or for REVALIDATE_MS, after which the next caller tries.
   */
  get(key: string, now = Date.now()): Entry | undefined {
    if (this.dropIfStale()) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt > this.options.ttlMs) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    if (
      this.isStale(entry, now) &&
      !(entry.revalidatingUntil !== undefined && now < entry.revalidatingUntil)
    ) {
      entry.revalidatingUntil = now + (this.options.revalidateMs ?? REVALIDATE_MS);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry, generation: number) {
    if (this.dropIfStale()) return;
    if (generation !== this.generation || entry.bytes > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest, value] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.bytes;
    }
  }
}

/**
 * What an instance does with a 'content_changed' notification (migrations 0003 and 0010): the payload
 * `stock:<product id>` of a write that only moved stock marks the pages that show stock; any other
 * (the empty payload of every other write) empties the cache.
 */
export function contentChanged(cache: PageCache, payload: string) {
  if (payload.startsWith("stock:")) cache.stockChanged();
  else cache.clear();
}

/** Brotli quality and gzip level of kept pages: a fill must stay cheap, since a clear empties them all. */
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

/**
 * Compresses a page once and prepares its three representations. `headers` are the page's own
 * (content type, cache control, CSP…) and the security headers every response carries.
 */
export async function createEntry(
  body: Buffer,
  headers: readonly (readonly [string, string])[],
  now = Date.now(),
): Promise<Entry> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_LGWIN]: brotliWindowBits(body.length),
      },
    }),
    gzip(body, { level: GZIP_LEVEL }),
  ]);
  // One validator per encoding: a strong ETag names exactly the bytes sent.
  const tag = strongEtag(body).slice(1, -1);
  const common = headers.flat();
  const representation = (
    bytes: Buffer,
    encoding: "br" | "gzip" | undefined,
    suffix: string,
  ): Representation => {
    const etag = `"${tag}${suffix}"`;
    const validators = ["Vary", "Accept-Encoding", "ETag", etag, "X-Cache", "HIT"];
    return {
      body: bytes,
      encoding,
      etag,
      head: [
        ...common,
        ...validators,
        ...(encoding ? ["Content-Encoding", encoding] : []),
        "Content-Length",
        String(bytes.length),
      ],
      notModifiedHead: [...common, ...validators],
    };
  };
  return {
    identity: representation(body, undefined, ""),
    br: representation(br, "br", "-br"),
    gzip: representation(gz, "gzip", "-gz"),
    bytes: body.length + br.length + gz.length,
    storedAt: now,
  };
}

const ANY = { has: () => true };

/** The request's key in the cache (server/page-cache-policy.ts), null when the cache leaves it alone. */
function keyOf(req: Request) {
  const url = req.originalUrl;
  const queryAt = url.indexOf("?");
  return pageCacheKey({
    method: req.method,
    path: req.path,
    search: queryAt === -1 ? "" : url.slice(queryAt),
    headers: req.headers,
  });
}

/** The representation a client gets: Brotli, else gzip, else the plain bytes. */
export function representationFor(entry: Entry, acceptEncoding: string | undefined): Representation {
  const encoding = pickEncoding(acceptEncoding, ANY);
  return encoding ? entry[encoding.name] : entry.identity;
}

/** Writes a kept page (or a 304) with Node's own calls: no Express helper on the hot path. */
function send(req: Request, res: Response, representation: Representation) {
  if (matchesIfNoneMatch(req.headers["if-none-match"], representation.etag)) {
    res.writeHead(304, representation.notModifiedHead);
    res.end();
    return;
  }
  res.writeHead(200, representation.head);
  res.end(representation.body);
}

/**
 * Answers requests for kept pages, before anything else runs (static files, helmet, the request
 * logger, the app): the entry holds every header of the response, security headers included. Misses
 * go on. `log` writes the access log line of a request answered here.
 */
export function pageCacheHits(
  cache: PageCache,
  log: (req: Request, res: Response, startedAt: number) => void,
) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (cache.options.ttlMs <= 0) return next();
    const key = keyOf(req);
    if (key === null) return next();
    const entry = cache.get(key);
    if (!entry) return next();
    const startedAt = performance.now();
    cache.hit();
    send(req, res, representationFor(entry, req.headers["accept-encoding"]));
    log(req, res, startedAt);
  };
}

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: unknown) {
  return typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk);
}

export type StoreOptions = {
  /** Security headers every response carries, replayed with the page (the app's helmet sets them). */
  securityHeaders: readonly (readonly [string, string])[];
  /** The CSP of a page allowed to run exactly these inline scripts (their hashes); none in development. */
  cspWithHashes?(hashes: readonly string[]): string;
};

/**
 * Express middleware for requests the cache may answer but does not hold yet: marks the request so
 * the document is rendered whole with hashed scripts (`forSharedCache`), holds the body until the
 * end, sets the CSP with the scripts' hashes, and — when the answer is one every anonymous visitor
 * would get — compresses and keeps it and sends the representation the client asked for. Mount it
 * after the security headers and the request logger, before React Router.
 */
export function pageCacheStore(cache: PageCache, { securityHeaders, cspWithHashes }: StoreOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (cache.options.ttlMs <= 0) return next();
    const key = keyOf(req);
    if (key === null) return next();
    res.locals.forSharedCache = true;
    const generation = cache.generation;
    const stock = cache.renderStart(req.path);
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk !== "string" && !(chunk instanceof Uint8Array)) return;
      const buffer = toBuffer(chunk, encoding);
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write;
    const end = res.end;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      const callback = rest.find((value) => typeof value === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      res.write = write;
      res.end = end;
      const body = Buffer.concat(chunks, size);
      // The rendered document's inline scripts (app/entry.server.tsx), through the request's context.
      const hashes = (res.locals.requestFacts as RequestFacts | undefined)?.scriptHashes ?? [];
      if (cspWithHashes) res.setHeader("Content-Security-Policy", cspWithHashes(hashes));
      const headers = res.getHeaders();
      if (
        res.headersSent ||
        body.length > cache.options.maxBytes ||
        !isCacheableResponse({ status: res.statusCode, headers })
      ) {
        return body.length > 0 ? res.end(body) : res.end();
      }
      const pageHeaders = [...REPLAYED_HEADERS, "content-security-policy"].flatMap((name) => {
        const value = headers[name];
        return value === undefined ? [] : [[name, String(value)] as const];
      });
      createEntry(body, [...securityHeaders, ...pageHeaders]).then(
        (entry) => {
          cache.set(key, { ...entry, stock }, generation);
          const representation = representationFor(entry, req.headers["accept-encoding"]);
          res.setHeader("Vary", "Accept-Encoding");
          res.setHeader("ETag", representation.etag);
          // Compression (server/index.ts) leaves responses of the page cache alone.
          res.setHeader("X-Cache", "MISS");
          if (matchesIfNoneMatch(req.headers["if-none-match"], representation.etag)) {
            res.statusCode = 304;
            res.end();
            return;
          }
          if (representation.encoding) res.setHeader("Content-Encoding", representation.encoding);
          res.setHeader("Content-Length", representation.body.length);
          res.end(representation.body);
        },
        (error: unknown) => {
          req.log?.error({ err: error }, "page cache: compression failed");
          res.end(body);
        },
      );
      return res;
    }) as Response["end"];
    next();
  };
}
