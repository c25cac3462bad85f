/**
 * Serves the build's pre-compressed assets: `npm run build` writes `file.br` (Brotli, quality 11) and
 * `file.gz` (gzip, level 9) beside every hashed script and stylesheet (see `precompress` in
 * vite.config.ts). That is smaller than on-the-fly compression (the `compression` middleware uses
 * Brotli quality 4 to stay fast) and costs no CPU per request. Anything without a pre-compressed twin,
 * or a client that accepts neither encoding, falls through to express.static and `compression`.
 */
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
};

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

/** The best encoding the client accepts among those available for a file (Brotli first), if any. */
export function pickEncoding(acceptEncoding: string | undefined, available: ReadonlySet<string>) {
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

/** Lists the pre-compressed twins once at start-up: hashed assets never change while we run. */
function scan(dir: string): Map<string, Set<string>> {
  const twins = new Map<string, Set<string>>();
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
    const set = twins.get(original) ?? new Set<string>();
    set.add(encoding.extension);
    twins.set(original, set);
  }
  return twins;
}

/** Middleware for the hashed-assets directory (mount it at `/assets`, before express.static). */
export function precompressedAssets(dir: string) {
  const twins = scan(dir);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = decodeURIComponent(req.path.replace(/^\//, ""));
    const available = twins.get(name);
    if (!available) return next();
    res.vary("Accept-Encoding");
    const encoding = pickEncoding(req.get("accept-encoding"), available);
    if (!encoding) return next();
    res.set({
      "Content-Encoding": encoding.name,
      "Content-Type": CONTENT_TYPES[path.extname(name)],
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    res.sendFile(path.join(dir, name + encoding.extension), { cacheControl: false }, (error) => {
      if (error && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        next();
      }
    });
  };
}
