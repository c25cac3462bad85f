import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isBodyTooLarge } from "../app/lib/cap-body.server";
import {
  ADMIN_BODY_LIMIT,
  BODY_TOO_LARGE_MESSAGE,
  bodyLimit,
  bodyPolicy,
  DEFAULT_BODY_LIMIT,
  DOOR_SYNC_BODY_LIMIT,
  NO_SESSION_MESSAGE,
  routePath,
  UPLOAD_BODY_LIMIT,
  WEBHOOK_BODY_LIMIT,
} from "./body-limit";
import { toFetchRequest } from "./request-handler";

describe("bodyPolicy", () => {
  it("maps single-fetch URLs to their page", () => {
    expect(routePath("/merch/czapka.data")).toBe("/merch/czapka");
    expect(routePath("/_root.data")).toBe("/");
    expect(routePath("/admin/")).toBe("/admin");
    expect(routePath("/")).toBe("/");
  });

  it("gives public routes the default, the panel and the webhook more, uploads a streamed 11 MB", () => {
    const form = "application/x-www-form-urlencoded";
    const multipart = "multipart/form-data; boundary=x";
    expect(bodyPolicy("/contact", form)).toEqual({ maxBytes: DEFAULT_BODY_LIMIT, streamed: false });
    expect(bodyPolicy("/merch/czapka.data", form).maxBytes).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyPolicy("/api/auth/sign-in/email", "application/json").maxBytes).toBe(DEFAULT_BODY_LIMIT);
    // A multipart body to a public route gets no more room than a form.
    expect(bodyPolicy("/contact", multipart)).toEqual({ maxBytes: DEFAULT_BODY_LIMIT, streamed: false });
    expect(bodyPolicy("/admin/events/new", form)).toEqual({ maxBytes: ADMIN_BODY_LIMIT, streamed: false });
    expect(bodyPolicy("/admin/emails.data", form).maxBytes).toBe(ADMIN_BODY_LIMIT);
    expect(bodyPolicy("/api/webhooks/stripe", "application/json").maxBytes).toBe(WEBHOOK_BODY_LIMIT);
    // A door phone's sync carries up to 1,000 scans; its other calls are one scan each.
    const night = "/api/bramka/0f6c1f5e-1c1a-4d8e-9f4e-6a1b2c3d4e5f";
    expect(bodyPolicy(`${night}/sync`, "application/json").maxBytes).toBe(DOOR_SYNC_BODY_LIMIT);
    expect(bodyPolicy(`${night}/skan`, "application/json").maxBytes).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyPolicy(`${night}/sync/x`, "application/json").maxBytes).toBe(DEFAULT_BODY_LIMIT);
    for (const path of [
      "/admin/products/images",
      "/admin/events/images",
      "/admin/galleries/photos",
      "/admin/galleries.data",
      "/admin/ambassadors",
    ]) {
      expect(bodyPolicy(path, multipart), path).toEqual({ maxBytes: UPLOAD_BODY_LIMIT, streamed: true });
    }
    // The same upload routes' text bodies (delete, move) are read like any panel form.
    expect(bodyPolicy("/admin/products/images", form)).toEqual({
      maxBytes: ADMIN_BODY_LIMIT,
      streamed: false,
    });
    // A GET or HEAD means nothing by a body: none is read, whatever the route (issue #29).
    for (const method of ["GET", "HEAD", "get"]) {
      for (const path of [
        "/contact",
        "/admin/events/new",
        "/api/webhooks/stripe",
        "/admin/products/images",
      ]) {
        expect(bodyPolicy(path, multipart, method), `${method} ${path}`).toEqual({
          maxBytes: 0,
          streamed: false,
        });
      }
    }
    expect(bodyPolicy("/contact", form, "DELETE").maxBytes).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyPolicy("/admin/events/new", form, "PATCH").maxBytes).toBe(ADMIN_BODY_LIMIT);
    // Room for the routes' own cap (10 MB + 256 kB of multipart envelope) to answer first.
    expect(UPLOAD_BODY_LIMIT).toBeGreaterThan(10 * 1024 * 1024 + 256 * 1024);
    expect(DEFAULT_BODY_LIMIT).toBeGreaterThanOrEqual(32 * 1024);
  });
});

// ---------------------------------------------------------------------------------------------
// The middleware on a real socket

type Seen = { status: number; headers: http.IncomingHttpHeaders; text: string; sentBytes: number };

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** An app with the middleware and a route that reads the body the way React Router's actions do. */
async function start(limit: number, streamed = false) {
  const app = express();
  app.post(
    "/{*splat}",
    bodyLimit(() => ({ maxBytes: limit, streamed })),
    async (req, res) => {
      try {
        const text = await toFetchRequest(req, res).text();
        res.json({ length: text.length, head: text.slice(0, 20) });
      } catch (error) {
        res.status(isBodyTooLarge(error) ? 499 : 400).json({ message: "read failed" });
      }
    },
  );
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * Sends `total` bytes in 64 kB chunks (chunked unless `declare`), stopping when the answer comes;
 * resolves with the answer and how much was sent by then.
 */
function post(
  url: string,
  total: number,
  options: { declare?: number; sendBody?: boolean; cookie?: string; method?: string } = {},
) {
  return new Promise<Seen>((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "text/plain" };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.declare !== undefined) headers["content-length"] = String(options.declare);
    // Node's client sends a GET's or a HEAD's body chunked only when told to.
    else if (options.method) headers["transfer-encoding"] = "chunked";
    let sentBytes = 0;
    let answered = false;
    const method = options.method ?? "POST";
    const request = http.request(`${url}/x`, { method, headers, agent: false }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
          sentBytes,
        }),
      );
    });
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") return; // the answer came first
      reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      while (!answered && sentBytes < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sentBytes));
        sentBytes += piece.length;
        if (!request.write(piece)) {
          request.once("drain", write);
          return;
        }
      }
      if (sentBytes >= total) request.end();
    };
    if (options.sendBody === false) request.flushHeaders();
    else write();
  });
}

/** A session cookie as the browser sends it; bodyLimit only looks for its presence. */
const SESSION = "better-auth.session_token=x";

describe("bodyLimit", () => {
  it("hands a body within the limit to the route whole", async () => {
    const url = await start(100_000);
    const seen = await post(url, 100_000);
    expect(seen.status).toBe(200);
    expect(JSON.parse(seen.text)).toEqual({ length: 100_000, head: "a".repeat(20) });
  });

  it("refuses a chunked body past the limit with 413 and stops reading it", async () => {
    const url = await start(64 * 1024);
    const seen = await post(url, 100 * 1024 * 1024);
    expect(seen.status).toBe(413);
    expect(seen.text).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(seen.headers.connection).toBe("close");
    expect(seen.headers["content-type"]).toMatch(/^text\/plain/);
    // The 100 MB were not all sent: the answer came after the limit, and the socket closed.
    expect(seen.sentBytes).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses a declared Content-Length past the limit at once, without reading a byte", async () => {
    const url = await start(64 * 1024);
    const seen = await post(url, 0, { declare: 100 * 1024 * 1024, sendBody: false });
    expect(seen.status).toBe(413);
    expect(seen.headers.connection).toBe("close");
    expect(seen.sentBytes).toBe(0);
  });

  it("answers JSON to a JSON client", async () => {
    const app = express();
    app.post(
      "/x",
      bodyLimit(() => ({ maxBytes: 10, streamed: false })),
      (_req, res) => {
        res.sendStatus(200);
      },
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(100) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
  });

  it("streams an upload through, and fails the route's read past the limit", async () => {
    const url = await start(1024 * 1024, true);
    const within = await post(url, 1024 * 1024, { cookie: SESSION });
    expect(within.status).toBe(200);
    expect(JSON.parse(within.text).length).toBe(1024 * 1024);
    // Uploads close their connection: a route that answers before reading all never drains the rest.
    expect(within.headers.connection).toBe("close");

    const past = await post(url, 50 * 1024 * 1024, { cookie: SESSION });
    expect(past.status).toBe(499);
    expect(past.sentBytes).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses an upload without a session before reading its body", async () => {
    const url = await start(1024 * 1024, true);
    const guest = await post(url, 50 * 1024 * 1024);
    expect(guest.status).toBe(401);
    expect(JSON.parse(guest.text)).toEqual({ message: NO_SESSION_MESSAGE });
    expect(guest.headers.connection).toBe("close");
    expect(guest.sentBytes).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses a body on GET and HEAD with 413 before reading it, chunked or declared (issue #29)", async () => {
    const app = express();
    app.all("/{*splat}", bodyLimit(), (req, res) => {
      res.json({ method: req.method });
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const started = performance.now();
    const chunked = await post(url, 100 * 1024 * 1024, { method: "GET" });
    expect(chunked.status).toBe(413);
    expect(chunked.text).toBe(BODY_TOO_LARGE_MESSAGE);
    expect(chunked.headers.connection).toBe("close");
    expect(chunked.sentBytes).toBeLessThan(20 * 1024 * 1024);
    const declared = await post(url, 0, { method: "GET", declare: 100 * 1024 * 1024, sendBody: false });
    expect(declared.status).toBe(413);
    expect(declared.sentBytes).toBe(0);
    const head = await post(url, 10 * 1024 * 1024, { method: "HEAD" });
    expect(head.status).toBe(413);
    expect(head.sentBytes).toBeLessThan(10 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(5_000);
    // No body, or an empty one, is a GET like any other.
    expect((await fetch(`${url}/x`)).status).toBe(200);
    expect((await post(url, 0, { method: "GET", declare: 0 })).status).toBe(200);
    expect((await post(url, 0, { method: "GET" })).status).toBe(200);
  });

  it("lets requests without a body through untouched", async () => {
    const url = await start(10);
    const response = await fetch(`${url}/x`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ length: 0, head: "" });
  });
});
