/**
 * The page cache: what anonymous visitors see, kept in each instance's memory and replayed without
 * rendering. It is only a copy: every write to the tables those pages read notifies
 * 'content_changed' on commit (migration 0003), and each instance drops its whole cache when it hears
 * it, so a price changed in the panel is on the product page as soon as the notification arrives
 * (milliseconds; `npm run bench` measures it). Entries also expire after a TTL, for what changes with
 * time alone ('Nowość' badges, relative dates).
 */
import type { NextFunction, Request, Response } from "express";
import {
  isCacheableRequest,
  isCacheableResponse,
  joinWithNonce,
  REPLAYED_HEADERS,
  splitAroundNonce,
} from "./page-cache-policy";

type Entry = {
  headers: [string, string][];
  /** The body split around its nonce. */
  parts: string[];
  bytes: number;
  storedAt: number;
};

export type PageCacheOptions = { ttlMs: number; maxEntries: number; maxBytes: number };

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Bumped by every clear: a render that began before a clear must not store what it read. */
  generation = 0;

  constructor(readonly options: PageCacheOptions) {}

  get size() {
    return this.entries.size;
  }

  clear() {
    this.entries.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  get(key: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (now - entry.storedAt > this.options.ttlMs) {
      this.bytes -= entry.bytes;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  set(key: string, entry: Entry, generation: number) {
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

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: unknown) {
  return typeof chunk === "string"
    ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
    : Buffer.from(chunk);
}

/**
 * Express middleware: replays a cached page (with this request's nonce) or lets the page render and
 * keeps a copy. Mount it after the middleware that sets `res.locals.cspNonce`, before React Router.
 */
export function pageCacheMiddleware(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (cache.options.ttlMs <= 0 || !isCacheableRequest(req)) return next();
    const key = req.originalUrl;
    const nonce = res.locals.cspNonce as string | undefined;

    const hit = cache.get(key);
    if (hit) {
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Cache", "HIT");
      res.status(200).end(joinWithNonce(hit.parts, nonce));
      return;
    }

    res.setHeader("X-Cache", "MISS");
    const generation = cache.generation;
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk !== "string" && !(chunk instanceof Uint8Array)) return;
      const buffer = toBuffer(chunk, encoding);
      size += buffer.length;
      if (size <= cache.options.maxBytes) chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (chunk !== undefined && typeof chunk !== "function") collect(chunk, rest[0]);
      const headers = res.getHeaders();
      if (size <= cache.options.maxBytes && isCacheableResponse({ status: res.statusCode, headers })) {
        const body = Buffer.concat(chunks).toString("utf8");
        cache.set(
          key,
          {
            headers: REPLAYED_HEADERS.flatMap((name) => {
              const value = headers[name];
              return value === undefined ? [] : [[name, String(value)] as [string, string]];
            }),
            parts: splitAroundNonce(body, nonce),
            bytes: size,
            storedAt: Date.now(),
          },
          generation,
        );
      }
      return end(chunk, ...rest);
    }) as Response["end"];
    next();
  };
}
