/**
 * Request body limits for every route (issue #14, decision 015). A body is counted while it streams in,
 * chunked or not: a declared Content-Length over the route's limit is refused at once, unread; a body
 * that grows past it is refused as soon as it does, and the rest is never read (the connection closes).
 *
 * Most routes get their body read into memory up to the limit before React Router sees the request
 * (server/request-handler.ts builds the Fetch Request from that buffer), so every route refuses an
 * oversized body alike, whatever its action does, and no action can be made to buffer more.
 * The panel's image uploads stream instead (10 MB files): their own cap (modules/media/cap-body.server.ts)
 * answers first with its own message; the count here is a second stop just above it.
 */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { BodyTooLarge } from "../app/lib/cap-body.server";
import { MAX_UPLOAD_BYTES } from "../app/modules/media/upload";

export const BODY_TOO_LARGE_MESSAGE = "Przesłane dane są zbyt duże.";

const KB = 1024;
/**
 * Public forms and JSON APIs: the largest legitimate body is a few kilobytes (contact message ≤ 1000
 * characters, a cart of ≤ 50 lines, a review ≤ 1000 characters; Polish letters are 6 bytes urlencoded).
 */
export const DEFAULT_BODY_LIMIT = 64 * KB;
/**
 * The panel's text forms: an event with 30 FAQ answers of 2000 characters is ~400 kB urlencoded, the
 * test e-mails' JSON (≤ 20 000 characters) ~120 kB.
 */
export const ADMIN_BODY_LIMIT = 1024 * KB;
/** Stripe's signed events are a few kB; room for a session with many line items. */
export const WEBHOOK_BODY_LIMIT = 512 * KB;
/** A door phone's sync: 1,000 scans and 200 sales of ~200 bytes each (issue #41). */
export const DOOR_SYNC_BODY_LIMIT = 512 * KB;
/** One image of the maximum size in a multipart form, above the routes' own cap (10 MB + 256 kB). */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * KB;

/** Routes that take an image in a multipart body (galleries and ambassadors: a form with its image). */
const UPLOAD_ROUTES = new Set([
  "/admin/products/images",
  "/admin/events/images",
  "/admin/galleries/photos",
  "/admin/galleries",
  "/admin/ambassadors",
]);

export type BodyPolicy = { maxBytes: number; streamed: boolean };

/** The route's path as the route configuration names it: single-fetch `.data` URLs map to their page. */
export function routePath(pathname: string) {
  if (pathname === "/_root.data") return "/";
  const path = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * A GET or HEAD has no use for a body (React Router never reads one), yet Node reads whatever follows
 * the headers to reach the next request on the connection: 100 MB took seconds (issue #29). None at all.
 */
export const NO_BODY_LIMIT = 0;

/**
 * How much body a request may carry and whether it is streamed to the route (uploads) or read first.
 * Every method has a limit.
 */
export function bodyPolicy(pathname: string, contentType: string, method = "POST"): BodyPolicy {
  if (/^(?:GET|HEAD)$/i.test(method)) return { maxBytes: NO_BODY_LIMIT, streamed: false };
  const path = routePath(pathname).toLowerCase();
  if (UPLOAD_ROUTES.has(path) && /^multipart\/form-data/i.test(contentType)) {
    return { maxBytes: UPLOAD_BODY_LIMIT, streamed: true };
  }
  if (path === "/admin" || path.startsWith("/admin/")) return { maxBytes: ADMIN_BODY_LIMIT, streamed: false };
  if (path === "/api/webhooks/stripe") return { maxBytes: WEBHOOK_BODY_LIMIT, streamed: false };
  if (/^\/api\/bramka\/[^/]+\/sync$/.test(path)) return { maxBytes: DOOR_SYNC_BODY_LIMIT, streamed: false };
  return { maxBytes: DEFAULT_BODY_LIMIT, streamed: false };
}

type Body =
  | { kind: "buffered"; bytes: Uint8Array<ArrayBuffer> }
  | { kind: "streamed"; stream: ReadableStream<Uint8Array> };
type State = { body: Body; exceeded: boolean };

const states = new WeakMap<IncomingMessage, State>();

/** The body bodyLimit() read or wrapped for this request (undefined: none, e.g. GET). */
export function requestBodyOf(req: IncomingMessage): Body | undefined {
  return states.get(req)?.body;
}

/** Whether a streamed body ran past its limit while the route read it. */
export function bodyLimitExceeded(req: IncomingMessage) {
  return states.get(req)?.exceeded ?? false;
}

/** How long a refused connection stays open, unread, after the answer (see lingerBeforeClosing). */
const LINGER_MS = 2_000;

/**
 * Node closes a `Connection: close` response's socket as soon as the answer is written. With the
 * client's unread body still in the socket, the kernel then sends a reset, and a reset can make the
 * client drop the answer it has not read yet. So the socket is half-closed instead (the answer and a
 * FIN go out) and kept a moment without reading before it is destroyed: the client reads the 413 and
 * stops sending. Nothing more of the body is read; it waits in the kernel's buffer until the close.
 */
export function lingerBeforeClosing(req: IncomingMessage) {
  const socket = req.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  if (!socket || typeof socket.destroySoon !== "function") return;
  const destroySoon = socket.destroySoon;
  socket.destroySoon = function lingeringClose(this: typeof socket) {
    if (req.complete) {
      destroySoon.call(this);
      return;
    }
    // Node has just resumed the request to throw the rest of its body away (`_dump` after the answer):
    // reading stops here, or a slow client on a busy machine would be read from for the whole linger.
    this.pause();
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/** Answers 413 and closes the connection afterwards, so the rest of the body is never read. */
export function refuseTooLarge(req: Request, res: Response) {
  lingerBeforeClosing(req);
  const json = /json/i.test(req.get("accept") ?? "") || /json/i.test(req.get("content-type") ?? "");
  res.status(413).set({ Connection: "close", "Cache-Control": "no-store" });
  if (json) res.json({ message: BODY_TOO_LARGE_MESSAGE });
  else res.type("text/plain; charset=utf-8").send(BODY_TOO_LARGE_MESSAGE);
}

export const NO_SESSION_MESSAGE = "Zaloguj się, aby przesłać plik.";

/** Answers 401 to an upload without a session and closes the connection, the body unread. */
function refuseWithoutSession(req: Request, res: Response) {
  lingerBeforeClosing(req);
  res
    .status(401)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .json({ message: NO_SESSION_MESSAGE });
}

export const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined ||
  (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/** Reads the body up to `maxBytes`: the bytes, "too-large" (reading stops there) or "aborted". */
export function readLimited(req: IncomingMessage, maxBytes: number) {
  return new Promise<Uint8Array<ArrayBuffer> | "too-large" | "aborted">((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Uint8Array<ArrayBuffer> | "too-large" | "aborted") => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onAbort);
      req.off("close", onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        // Stop reading: what is left stays in the socket, which closes after the 413.
        req.pause();
        chunks.length = 0;
        finish("too-large");
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, size));
    const onAbort = () => finish("aborted");
    const onClose = () => {
      if (!req.complete) finish("aborted");
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onAbort);
    req.on("close", onClose);
  });
}

/** The request's body as a stream that fails with BodyTooLarge past `maxBytes` (and flags it). */
function countedStream(req: IncomingMessage, maxBytes: number, state: State): ReadableStream<Uint8Array> {
  let received = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const stop = () => {
        done = true;
        req.off("data", onData);
        req.off("end", onEnd);
        req.off("error", onError);
      };
      const onData = (chunk: Buffer) => {
        received += chunk.byteLength;
        if (received > maxBytes) {
          stop();
          req.pause();
          state.exceeded = true;
          controller.error(new BodyTooLarge());
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Back-pressure: the socket waits while the route has not taken what came.
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      };
      const onEnd = () => {
        stop();
        controller.close();
      };
      const onError = (error: Error) => {
        stop();
        controller.error(error);
      };
      req.on("data", onData);
      req.on("end", onEnd);
      req.on("error", onError);
    },
    pull() {
      if (!done) req.resume();
    },
    cancel() {
      done = true;
      req.pause();
    },
  });
}

/**
 * Express middleware (mount right before React Router): enforces `policyFor`'s limit on every request
 * with a body and leaves the body for server/request-handler.ts.
 */
export function bodyLimit(
  policyFor: (pathname: string, contentType: string, method: string) => BodyPolicy = bodyPolicy,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    // Already counted (the server's front door counts GET and HEAD bodies before the static files).
    if (!hasBody(req) || states.has(req)) return next();
    const policy = policyFor(req.path, req.get("content-type") ?? "", req.method);
    const declared = Number(req.get("content-length") ?? "0");
    // Uploads answer a declared size over their cap themselves (after the session check), with the
    // message the panel shows; the counted stream below still stops whatever they read.
    if (!policy.streamed && (!Number.isFinite(declared) || declared > policy.maxBytes)) {
      req.log?.warn({ path: req.path, declared, limit: policy.maxBytes }, "request body too large");
      return refuseTooLarge(req, res);
    }
    if (policy.streamed) {
      // Only the panel uploads stream: without a session cookie there is nobody to let in, so the
      // body is refused before a byte of it is read (the route would refuse it after the session check,
      // but by then a fast client has pushed megabytes the server must read to reach the answer).
      if (!req.get("cookie")?.includes("session_token")) return refuseWithoutSession(req, res);
      const state: State = { body: { kind: "buffered", bytes: new Uint8Array() }, exceeded: false };
      state.body = { kind: "streamed", stream: countedStream(req, policy.maxBytes, state) };
      states.set(req, state);
      // The route may answer without reading the whole upload (no session, its own cap): the connection
      // then closes instead of reading the rest to keep it alive.
      res.setHeader("Connection", "close");
      lingerBeforeClosing(req);
      return next();
    }
    const result = await readLimited(req, policy.maxBytes);
    if (result === "aborted") return;
    if (result === "too-large") {
      req.log?.warn({ path: req.path, limit: policy.maxBytes }, "request body too large");
      return refuseTooLarge(req, res);
    }
    states.set(req, { body: { kind: "buffered", bytes: result }, exceeded: false });
    next();
  };
}
