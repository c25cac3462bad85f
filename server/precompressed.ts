/**
 * Serves the build's pre-compressed assets: `npm run build` writes `file.br` (Brotli, quality 11) and
 * `file.gz` (gzip, level 9) beside every hashed script and stylesheet (see `precompress` in
 * vite.config.ts). That is smaller than on-the-fly compression and costs no CPU per request. The twins
 * are read into memory once at start-up (hashed assets never change while we run) and sent with a
 * strong ETag of their own bytes, so each encoding has its own. Anything without a twin, or a client
 * that accepts neither encoding, falls through to express.static.
 *
 * Mount it before the `compression` middleware: it sends its bytes as they are.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

export type Encoding = { name: "br" | "gzip"; extension: ".br" | ".gz" };

const ENCODINGS: Encoding[] = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
];

/** The types of the files we pre-compress (express.static would derive them from the extension). */
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  // The door's QR decoder (issue #41): 0.9 MB, 0.3 MB as brotli.
  ".wasm": "application/wasm",
};

/** Twins larger than this stay on disk (none is near it; it only bounds memory). */
const MAX_IN_MEMORY = 8 * 1024 * 1024;

/** The q-value of `coding` in an Accept-Encoding header (0 when absent or refused). */
function quality(acceptEncoding: string, coding: string): number {
  let wildcard = 0;
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    if (token === coding) return Number.isFinite(value) ? value : 0;
    if (token === "*") wildcard = Number.isFinite(value) ? value : 0;
  }
  return wildcard;
}

/** The best encoding the client accepts among those available (Brotli first), if any. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: { has(extension: string): boolean },
) {
  if (!acceptEncoding) return undefined;
  let best: Encoding | undefined;
  let bestQuality = 0;
  for (const encoding of ENCODINGS) {
    if (!available.has(encoding.extension)) continue;
    const q = quality(acceptEncoding, encoding.name);
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}

/** A strong validator of exactly these bytes. */
export function strongEtag(body: Uint8Array) {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

type Twin = { file: string; body?: Buffer; etag: string; length: number };

/** Lists (and reads) the pre-compressed twins once at start-up. */
function scan(dir: string): Map<string, Map<string, Twin>> {
  const twins = new Map<string, Map<string, Twin>>();
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return twins;
  }
  for (const name of names) {
    const encoding = ENCODINGS.find((candidate) => name.endsWith(candidate.extension));
    if (!encoding) continue;
    const original = name.slice(0, -encoding.extension.length);
    if (!CONTENT_TYPES[path.extname(original)]) continue;
    const file = path.join(dir, name);
    const size = fs.statSync(file).size;
    const body = size <= MAX_IN_MEMORY ? fs.readFileSync(file) : undefined;
    const etag = body
      ? strongEtag(body)
      : `"${createHash("sha256").update(`${name}:${size}`).digest("base64url").slice(0, 32)}"`;
    const set = twins.get(original) ?? new Map<string, Twin>();
    set.set(encoding.extension, { file: name, body, etag, length: size });
    twins.set(original, set);
  }
  return twins;
}

/** Middleware for the hashed-assets directory (mount it at `/assets`, before express.static). */
export function precompressedAssets(dir: string) {
  const twins = scan(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    const available = twins.get(name);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = pickEncoding(req.get("accept-encoding"), available);
    const twin = encoding && available.get(encoding.extension);
    if (!encoding || !twin) return next();
    res.set({
      "Content-Encoding": encoding.name,
      "Content-Type": CONTENT_TYPES[path.extname(name)],
      "Cache-Control": "public, max-age=31536000, immutable",
      ETag: twin.etag,
    });
    if (matchesIfNoneMatch(req.get("if-none-match"), twin.etag)) {
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      res.status(304).end();
      return;
    }
    if (!twin.body) {
      // `root` keeps send's dotfile rule to the file's own name: without it a dot anywhere in the
      // build's absolute path (a checkout under ~/.cache, say) made every twin a 404.
      res.sendFile(
        twin.file,
        { root: dir, cacheControl: false, etag: false, lastModified: false },
        (error) => {
          if (error && !res.headersSent) {
            res.removeHeader("Content-Encoding");
            res.removeHeader("ETag");
            next();
          }
        },
      );
      return;
    }
    res.setHeader("Content-Length", twin.length);
    res.status(200).end(req.method === "HEAD" ? undefined : twin.body);
  };
}
