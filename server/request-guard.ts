/**
 * The server's front door (issue #29): what no page can answer is refused here, before the page
 * cache, the static files and React Router, with a 4xx Polish page and the security headers — never a
 * 500, an English page from Express, or a database error in the log.
 *
 * - A method the site does not use (TRACE, OPTIONS, PROPFIND, PUT…): 405. React Router would build a
 *   Fetch Request from it, which throws for TRACE (a 500 with a stack in the log).
 * - A path that does not decode (`/merch/%ff`): 400. Express's router would answer its own English page.
 * - A path with a control character (`/wydarzenia/a%00b`): 404, as for any path no page has. Slugs never
 *   hold one, and a NUL reached PostgreSQL, which refuses it with an error logged as ours.
 * - A NUL in the query: 400. PostgreSQL cannot store one, and a query value reaches it on several pages
 *   (`/order-success?session_id=…`, order tokens, the panel's searches).
 * - A body on GET or HEAD: 413 before reading it (server/body-limit.ts).
 * - What Node's parser cannot read at all (a method it does not know, a broken header): the same
 *   Polish page, written to the socket (`clientErrorResponse`).
 *
 * A stranger's bad request is no error of ours: each refusal is one access-log line at info.
 */
import { STATUS_CODES } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { bodyLimit, hasBody, lingerBeforeClosing } from "./body-limit";
import { ALLOWED_METHODS, errorPageHtml, sendErrorPage } from "./error-page";

/** Methods some page or endpoint answers; React Router and better-auth use no other. */
const METHODS = new Set(["GET", "HEAD", "POST"]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

export type Refusal = { status: 400 | 404 | 405; reason: string };

/** Whether the front door refuses a request, and why; null lets it in. */
export function requestRefusal({
  method,
  path,
  url,
}: {
  method: string;
  path: string;
  url: string;
}): Refusal | null {
  if (!METHODS.has(method)) return { status: 405, reason: "method not allowed" };
  if (path.includes("%")) {
    for (const segment of path.split("/")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        return { status: 400, reason: "malformed percent-encoding in the path" };
      }
      if (CONTROL_CHARACTER.test(decoded)) return { status: 404, reason: "control character in the path" };
    }
  } else if (CONTROL_CHARACTER.test(path)) {
    return { status: 404, reason: "control character in the path" };
  }
  const queryAt = url.indexOf("?");
  if (queryAt !== -1 && /%00/.test(url.slice(queryAt))) return { status: 400, reason: "NUL in the query" };
  return null;
}

export type GuardOptions = {
  siteName: () => string;
  /** Headers a refusal carries (the static files' security headers); none when already set. */
  headers?: readonly (readonly [string, string])[];
  /** Logs a request the guard answered (the access log has not started yet at the front door). */
  log?: (req: Request, res: Response, reason: string) => void;
};

/** Express middleware: the refusals above; everything else goes on untouched. */
export function requestGuard({ siteName, headers = [], log }: GuardOptions) {
  const limitBodies = bodyLimit();
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = requestRefusal({ method: req.method, path: req.path, url: req.originalUrl });
    const bodyWithoutMeaning = (req.method === "GET" || req.method === "HEAD") && hasBody(req);
    if (!refusal && !bodyWithoutMeaning) return next();
    for (const [name, value] of headers) res.setHeader(name, value);
    if (log) {
      const reason = refusal?.reason ?? "body on GET or HEAD";
      const onFinish = () => log(req, res, reason);
      res.once("finish", onFinish);
      if (!refusal)
        return limitBodies(req, res, () => {
          res.off("finish", onFinish);
          next();
        });
    }
    if (!refusal) return limitBodies(req, res, next);
    if (hasBody(req)) {
      // Answered without reading the body: closing the connection spares reading it to reach the next request.
      res.setHeader("Connection", "close");
      lingerBeforeClosing(req);
    }
    sendErrorPage(req, res, refusal.status, siteName());
  };
}

/** Node's parser's refusals, by its error code, as the status a client is told. */
function clientErrorStatus(code: string | undefined) {
  if (code === "HPE_INVALID_METHOD") return 405;
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  return 400;
}

/**
 * The whole answer to a request Node's HTTP parser could not read (a method it does not know, such as
 * `FOO`; a broken request line or header; headers too large): written to the socket as it is, since no
 * Express request exists. Node's own answer is an empty English 400 without the security headers.
 */
export function clientErrorResponse(
  code: string | undefined,
  headers: readonly (readonly [string, string])[],
  siteName: string,
) {
  const status = clientErrorStatus(code);
  const body = Buffer.from(errorPageHtml(status, siteName));
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    "Content-Type: text/html; charset=utf-8",
    `Content-Length: ${body.length}`,
    "Cache-Control: no-store",
    ...(status === 405 ? [`Allow: ${ALLOWED_METHODS}`] : []),
    "Connection: close",
  ];
  return { status, bytes: Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]) };
}
