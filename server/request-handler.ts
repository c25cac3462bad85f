/**
 * React Router behind Express, as @react-router/express 8.4.0 does it, except for the body: the Fetch
 * Request gets the body server/body-limit.ts read (or its counted stream for uploads), never the raw
 * socket, so no route can read past its limit. A streamed upload that ran past its limit is answered 413
 * whatever the route made of the failed read. The adapter has no option for that, so this is a copy of
 * it and the adapter is not installed; app/lib/react-router-copies.test.ts fails on an upgrade of React
 * Router until this file has been compared with the new adapter (decisions 020 and 030).
 */
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler as createReactRouterHandler, type ServerBuild } from "react-router";
import { serverTimingOf, withQueryTally } from "../app/lib/query-tally.server";
import { type RequestFacts, requestContext } from "../app/lib/request-context";
import { bodyLimitExceeded, refuseTooLarge, requestBodyOf } from "./body-limit";

function fetchHeaders(req: Request) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    for (const value of Array.isArray(values) ? values : [values]) headers.append(name, value);
  }
  return headers;
}

/** The request's URL as the browser saw it (host and port from X-Forwarded-Host behind a trusted proxy). */
function fetchUrl(req: Request) {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort, 10), Number.parseInt(hostPort, 10)].find(Number.isSafeInteger);
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  return new URL(`${req.protocol}://${host}${req.originalUrl}`);
}

export function toFetchRequest(req: Request, res: Response): globalThis.Request {
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: fetchHeaders(req),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = requestBodyOf(req);
    if (body?.kind === "streamed") {
      init.body = body.stream;
      init.duplex = "half";
    } else {
      // bodyLimit() read it; no body at all reads as empty, as from the socket.
      init.body = body?.bytes ?? new Uint8Array();
    }
  }
  return new globalThis.Request(fetchUrl(req).href, init);
}

async function send(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    // bodyLimit() may have set it already for an upload.
    if (name === "connection" && res.hasHeader("connection")) continue;
    res.append(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("content-type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/**
 * What Express knows of the request, handed to React Router in its context (app/lib/request-context.ts)
 * rather than as headers: `res.locals` holds the nonce (securityHeaders) and the page cache's mark
 * (pageCacheStore), which reads the rendered page's script hashes back from the same object.
 */
function requestFactsOf(req: Request, res: Response): RequestFacts {
  const facts: RequestFacts = {
    nonce: typeof res.locals.nonceForPage === "string" ? res.locals.nonceForPage : "",
    clientIp: req.ip || "unknown",
    forSharedCache: res.locals.forSharedCache === true,
    scriptHashes: [],
  };
  res.locals.requestFacts = facts;
  return facts;
}

const READS = new Set(["GET", "HEAD"]);

export function createRequestHandler({
  build,
  mode,
}: {
  build: ServerBuild | (() => ServerBuild | Promise<ServerBuild>);
  mode: string;
}) {
  const handle = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const facts = requestFactsOf(req, res);
      const { result, tally } = withQueryTally(() => handle(toFetchRequest(req, res), requestContext(facts)));
      const response = await result;
      // Reads only: how many queries a form post made could tell a stranger which branch it took
      // (an e-mail known or not); a page kept for everyone carries no figure of one request.
      if (READS.has(req.method) && !facts.forSharedCache)
        res.setHeader("Server-Timing", serverTimingOf(tally));
      if (bodyLimitExceeded(req) && response.status !== 413) {
        await response.body?.cancel();
        if (!res.headersSent) refuseTooLarge(req, res);
        return;
      }
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}
