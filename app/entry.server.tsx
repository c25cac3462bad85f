import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { hashMarkedScripts } from "~/lib/inline-scripts.server";
import { logger } from "~/lib/logger.server";
import { NonceContext } from "~/lib/nonce";
import { requestFacts } from "~/lib/request-context";

export const streamTimeout = 5_000;

/**
 * better-auth's session cookie (`__Secure-` on https). The cart's cookies are not personal here: no
 * page but `/cart` reads them on the server, and `/cart` says `private` itself (decision 031).
 */
const PERSONAL_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=[^;\s]/;

/**
 * A page rendered for a signed-in visitor shows that visitor's data (their e-mail in the navigation):
 * no shared cache may keep it (issue #29), whichever route it is.
 */
function isPersonal(request: Request) {
  return PERSONAL_COOKIE.test(request.headers.get("cookie") ?? "");
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (isPersonal(request)) responseHeaders.set("Cache-Control", "private, no-store");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const facts = requestFacts(loadContext);
  const nonce = facts.nonce;
  // A page the page cache may keep is the same bytes for everyone: rendered whole, its inline scripts
  // are hashed for the CSP (handed back to the cache through the context) and the nonce (a one-time
  // marker then) is removed.
  const forCache = facts.forSharedCache;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      forCache || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (forCache) {
            const chunks: Buffer[] = [];
            const sink = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                const { html, hashes } = hashMarkedScripts(Buffer.concat(chunks).toString("utf8"), nonce);
                facts.scriptHashes = hashes;
                resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            pipe(sink);
            return;
          }
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

/** Client navigations' data (`.data`) show the same as the page: private alike. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
  if (!isPersonal(request)) return response;
  // A copy: a redirect's headers cannot be changed in place.
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // React Router's own 4xx (a method a route has no action for, a path no route has): the visitor's
  // bad request, not an error of ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.warn({ status: error.status, url: request.url }, "request refused");
    return;
  }
  logger.error({ err: error, url: request.url }, "request failed");
}
