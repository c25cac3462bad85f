import { Writable } from "node:stream";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { coalescedStream } from "~/lib/coalesced-stream.server";
import { encodeDocument, encodeWholeData } from "~/lib/document-encoding.server";
import { hashMarkedScripts } from "~/lib/inline-scripts.server";
import { logger } from "~/lib/logger.server";
import { startModulesAfterLoad, startsAfterLoad } from "~/lib/module-start.server";
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

  // Data still on its way (a deferred loader value, the order page waiting for the provider) is what
  // streaming is for; every other page is rendered whole and compressed in one go, which costs a
  // fifth of a streaming compressor's work (decision 036).
  const streams = hasDeferredData(routerContext) && !forCache;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // A streaming page: people get its shell as soon as it is ready, crawlers the whole document.
    const readyOption: keyof RenderToPipeableStreamOptions =
      !streams || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const finished = () => {
      clearTimeout(timeoutId);
      timeoutId = undefined;
    };

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (streams) {
            const body = coalescedStream(finished);
            pipe(body.writable);
            resolve(new Response(body.readable, { headers: responseHeaders, status: responseStatusCode }));
            return;
          }
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              finished();
              // The app's modules start on `load`, after the page's own resources (decision 044).
              const whole = Buffer.concat(chunks);
              const html = startsAfterLoad(new URL(request.url).pathname)
                ? startModulesAfterLoad(whole)
                : whole;
              if (forCache) {
                const { html: kept, hashes } = hashMarkedScripts(html.toString("utf8"), nonce);
                facts.scriptHashes = hashes;
                resolve(new Response(kept, { headers: responseHeaders, status: responseStatusCode }));
              } else {
                const encoded = encodeDocument(html, request.headers.get("accept-encoding"));
                responseHeaders.append("Vary", "Accept-Encoding");
                if (encoded.encoding) responseHeaders.set("Content-Encoding", encoded.encoding);
                responseHeaders.set("Content-Length", String(encoded.body.length));
                resolve(new Response(encoded.body, { headers: responseHeaders, status: responseStatusCode }));
              }
              callback();
            },
          });
          pipe(sink);
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

/** Whether a loader handed a promise to the page (React Router streams it in when it settles). */
function hasDeferredData(routerContext: EntryContext) {
  const { loaderData, actionData } = routerContext.staticHandlerContext;
  return [loaderData, actionData ?? {}].some((byRoute) =>
    Object.values(byRoute).some(
      (value) =>
        value instanceof Promise ||
        (value !== null &&
          typeof value === "object" &&
          Object.values(value as Record<string, unknown>).some((field) => field instanceof Promise)),
    ),
  );
}

/**
 * Client navigations' and forms' data (`.data`): private alike when the page is, and compressed in one
 * call when complete (`encodeWholeData`) unless the page cache will keep it.
 */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  let answer = response;
  if (isPersonal(request)) {
    // A copy: a redirect's headers cannot be changed in place.
    const headers = new Headers(response.headers);
    headers.set("Cache-Control", "private, no-store");
    answer = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  // What the page cache may keep it compresses itself, once, in every encoding (server/page-cache.ts).
  if (requestFacts(context).forSharedCache) return answer;
  return encodeWholeData(answer, request.headers.get("accept-encoding"));
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
