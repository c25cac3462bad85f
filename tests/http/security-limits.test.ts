import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { expect, inject, test } from "vitest";
import { DEMO_ADMIN } from "../../db/seed";
import { UPLOAD_BODY_LIMIT } from "../../server/body-limit";
import { actionRoutes, urlsOf } from "../support/security";
import { serverLogSince, serverLogSize } from "../support/server-log";

const BODY_TOO_LARGE_MESSAGE = "Przesłane dane są zbyt duże.";
const MB = 1024 * 1024;

/** The largest buffer Linux gives one TCP socket (tcp_rmem / tcp_wmem's third field), or `fallback`. */
function socketBufferMax(file: string, fallback: number) {
  try {
    return Number(fs.readFileSync(file, "utf8").trim().split(/\s+/)[2]) || fallback;
  } catch {
    return fallback;
  }
}

/**
 * The most a client can have pushed of a body the server stopped reading after `readBytes`: that, plus
 * what the two sockets' buffers hold (up to 32 + 4 MB here: with an answer a few tens of milliseconds
 * late, loopback fills them). A server that read the 100 MB body would be far past it; a fixed 30 MB
 * was a race with the kernel's buffer tuning (it failed once under load, issue #38).
 */
function unreadBound(readBytes: number) {
  const buffers =
    socketBufferMax("/proc/sys/net/ipv4/tcp_rmem", 16 * MB) +
    socketBufferMax("/proc/sys/net/ipv4/tcp_wmem", 4 * MB);
  const bound = readBytes + buffers + MB;
  // Still proves the body was not read: the filler is 100 MB.
  expect(bound).toBeLessThan(100 * MB);
  return bound;
}

const server = { url: inject("baseUrl") };
const adminCookie = inject("adminCookie");

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; sent: number; ms: number };

/**
 * POSTs `head`, then `size` bytes of filler, then `tail`, in 64 kB chunks (chunked transfer unless
 * `contentLength` is given), and stops sending as soon as the answer arrives.
 */
function streamPost(
  path: string,
  options: {
    size: number;
    headers?: Record<string, string>;
    head?: Buffer;
    tail?: Buffer;
    contentLength?: number;
    /** Send the headers only (for a declared length the server must refuse unread). */
    headersOnly?: boolean;
  },
) {
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const headers: Record<string, string> = { origin: server.url, ...options.headers };
    if (options.contentLength !== undefined) headers["content-length"] = String(options.contentLength);
    let sent = 0;
    let answered = false;
    const request = http.request(
      `${server.url}${path}`,
      { method: "POST", headers, agent: false, timeout: 60_000 },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", () => {});
        response.on("end", () => {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
            sent,
            ms: performance.now() - started,
          });
          request.destroy();
        });
      },
    );
    request.on("timeout", () => request.destroy(new Error(`timeout: POST ${path}`)));
    request.on("error", (error: NodeJS.ErrnoException) => {
      // The answer came first; the server then closed a socket still being written to.
      if (error.code === "EPIPE" || error.code === "ECONNRESET") {
        setTimeout(() => reject(new Error(`${path}: connection closed without an answer`)), 5_000);
        return;
      }
      reject(error);
    });
    if (options.headersOnly) {
      request.flushHeaders();
      return;
    }
    const filler = Buffer.alloc(64 * 1024, "a");
    const pieces = function* () {
      if (options.head) yield options.head;
      for (let left = options.size; left > 0; left -= filler.length) {
        yield left >= filler.length ? filler : filler.subarray(0, left);
      }
      if (options.tail) yield options.tail;
    };
    const iterator = pieces();
    const write = () => {
      while (!answered && !request.destroyed) {
        const next = iterator.next();
        if (next.done) {
          request.end();
          return;
        }
        sent += next.value.length;
        if (!request.write(next.value)) {
          request.once("drain", write);
          return;
        }
      }
    };
    write();
  });
}

/** Polls /healthz every 100 ms while `work` runs; the slowest answer in ms. */
async function healthzWhile<T>(
  work: () => Promise<T>,
): Promise<{ result: T; slowest: number; polls: number }> {
  let running = true;
  let slowest = 0;
  let polls = 0;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) });
      await response.text();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    const result = await work();
    return { result, slowest, polls };
  } finally {
    running = false;
    await poller;
  }
}

/** Every URL of a route with an action outside the panel (the panel needs an admin; tested below). */
function publicPostUrls() {
  return actionRoutes()
    .filter((route) => !route.pattern.startsWith("admin"))
    .flatMap((route) => urlsOf(route, "bandana-nokturn"));
}

test("every public POST route refuses a 100 MB chunked body with 413 while /healthz answers within a second", async ({
  annotate,
}) => {
  const urls = publicPostUrls();
  // A sample proves the discovery works; new routes join by themselves.
  for (const url of ["/contact", "/cart", "/auth", "/api/webhooks/stripe"]) {
    expect(urls, url).toContain(url);
  }
  expect(urls.some((url) => url.startsWith("/merch/"))).toBe(true);
  expect(urls.some((url) => url.startsWith("/platnosc-testowa/"))).toBe(true);
  expect(urls.some((url) => url.startsWith("/zaproszenie/"))).toBe(true);
  expect(urls.some((url) => url.startsWith("/api/auth/"))).toBe(true);
  // Single-fetch submissions (what the site's own forms send once hydrated) too.
  const targets = [...urls, "/contact.data", "/merch/bandana-nokturn.data", "/auth.data"];

  const { result, slowest, polls } = await healthzWhile(async () => {
    const problems: string[] = [];
    for (const url of targets) {
      const json = url.startsWith("/api/");
      const answer = await streamPost(url, {
        size: 100 * MB,
        headers: { "content-type": json ? "application/json" : "application/x-www-form-urlencoded" },
      });
      const expected = json ? JSON.stringify({ message: BODY_TOO_LARGE_MESSAGE }) : BODY_TOO_LARGE_MESSAGE;
      if (answer.status !== 413 || answer.text !== expected || answer.headers.connection !== "close")
        problems.push(`${url}: ${answer.status} ${answer.headers.connection} ${answer.text.slice(0, 80)}`);
      // Refused early: far from the 100 MB offered.
      if (answer.sent > 20 * MB) problems.push(`${url}: ${answer.sent} bytes sent before the answer`);
    }
    // Several at once as well.
    const together = await Promise.all(
      targets.slice(0, 8).map((url) =>
        streamPost(url, {
          size: 100 * MB,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      ),
    );
    for (const [index, answer] of together.entries()) {
      if (answer.status !== 413) problems.push(`together ${targets[index]}: ${answer.status}`);
    }
    return problems;
  });
  expect(result, result.join("\n")).toEqual([]);
  expect(polls).toBeGreaterThan(0);
  await annotate(`${Math.round(slowest)} ms`, "slowest /healthz");
  expect(slowest).toBeLessThan(1_000);
});

test("a declared Content-Length over the limit is refused at once, before the body is sent", async () => {
  const problems: string[] = [];
  for (const url of ["/contact", "/merch/bandana-nokturn", "/cart", "/auth", "/api/webhooks/stripe"]) {
    const answer = await streamPost(url, {
      size: 0,
      contentLength: 100 * MB,
      headersOnly: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    if (answer.status !== 413 || answer.ms > 2_000 || answer.headers.connection !== "close")
      problems.push(`${url}: ${answer.status} after ${Math.round(answer.ms)} ms`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
});

test("the panel's uploads keep their own cap and message; a guest's upload is refused unread", async () => {
  // Signed in from the start: the session seeded for the demo admin (the sign-in itself is tested elsewhere).
  const cookie = adminCookie;
  const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
  expect(((await session.json()) as { user?: { email: string } }).user?.email).toBe(DEMO_ADMIN.email);
  const boundary = "----nokturnlimits";
  const multipart = { "content-type": `multipart/form-data; boundary=${boundary}` };
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="duzy.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);

  // Within the cap: a real image is taken, streamed through the body limit.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();
  const small = await streamPost("/admin/products/images?name=maly.png", {
    size: 0,
    head: Buffer.concat([head, png]),
    tail,
    headers: { ...multipart, cookie },
  });
  expect(small.status, small.text).toBe(200);
  expect(JSON.parse(small.text).image).toBeTruthy();

  // Past the route's own cap (10 MB + envelope), chunked: the route's 413 and message, as before.
  const chunked = await streamPost("/admin/products/images?name=duzy.jpg", {
    size: 100 * MB,
    head,
    tail,
    headers: { ...multipart, cookie },
  });
  expect(chunked.status).toBe(413);
  expect(JSON.parse(chunked.text)).toEqual({ message: "duzy.jpg: Plik za duży (max 10MB)" });
  expect(chunked.sent).toBeLessThan(unreadBound(UPLOAD_BODY_LIMIT));

  // A declared length past the route's cap, even far past, gets the route's answer.
  const declared = await streamPost("/admin/products/images?name=duzy.jpg", {
    size: 0,
    contentLength: 100 * MB,
    headersOnly: true,
    headers: { ...multipart, cookie },
  });
  expect(declared.status).toBe(413);
  expect(JSON.parse(declared.text)).toEqual({ message: "duzy.jpg: Plik za duży (max 10MB)" });

  // A guest never gets to send it: refused without a session, the connection closed.
  const guest = await healthzWhile(() =>
    streamPost("/admin/products/images", { size: 100 * MB, head, tail, headers: multipart }),
  );
  expect(guest.result.status).toBeGreaterThanOrEqual(300);
  expect(guest.result.status).toBeLessThan(500);
  expect(guest.result.sent).toBeLessThan(unreadBound(0));
  expect(guest.slowest).toBeLessThan(1_000);
});

test("static files carry the security headers", async () => {
  const assets = await fetch(`${server.url}/`).then((response) => response.text());
  const script = /\/assets\/[\w.-]+\.js/.exec(assets)?.[0];
  expect(script).toBeTruthy();
  const problems: string[] = [];
  for (const path of ["/favicon.svg", "/logo.svg", script as string]) {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    expect(response.status, path).toBe(200);
    const headers = response.headers;
    if (headers.get("x-content-type-options") !== "nosniff") problems.push(`${path}: no nosniff`);
    if (!/max-age=\d+/.test(headers.get("strict-transport-security") ?? ""))
      problems.push(`${path}: no HSTS`);
    if (headers.get("cross-origin-resource-policy") !== "same-origin") problems.push(`${path}: no CORP`);
    if (headers.get("x-powered-by")) problems.push(`${path}: X-Powered-By`);
    // What only a document obeys: an SVG can be opened as one, a built script never is.
    if (path === script) continue;
    if (headers.get("x-frame-options") !== "DENY") problems.push(`${path}: no X-Frame-Options`);
    if (headers.get("referrer-policy") !== "strict-origin-when-cross-origin")
      problems.push(`${path}: Referrer-Policy ${headers.get("referrer-policy")}`);
    if (!/frame-ancestors 'none'/.test(headers.get("content-security-policy") ?? ""))
      problems.push(`${path}: no CSP`);
  }
  expect(problems, problems.join("\n")).toEqual([]);
  // A built script carries none of the headers only a document reads (decisions 034, 038); a page does.
  const documentOnly = [
    "cross-origin-opener-policy",
    "origin-agent-cluster",
    "x-xss-protection",
    "x-frame-options",
    "content-security-policy",
    "referrer-policy",
  ];
  const [scriptHeaders, pageHeaders] = await Promise.all(
    [script as string, "/"].map((path) =>
      fetch(`${server.url}${path}`).then(async (response) => {
        await response.arrayBuffer();
        return response.headers;
      }),
    ),
  );
  expect(documentOnly.filter((name) => scriptHeaders.has(name))).toEqual([]);
  expect(documentOnly.filter((name) => pageHeaders.has(name))).toEqual(documentOnly);
});

test("URLs with tokens and payment session ids leave no secret in the log", async () => {
  // The shared log also holds other files' requests: only what is written from here on is read.
  const from = serverLogSize();
  const secret = (label: string) => `SEKRET${label}${crypto.randomUUID().replace(/-/g, "")}`;
  const secrets: string[] = [];
  const paths = [
    (s: string) => `/update-password?token=${s}`,
    (s: string) => `/verify-email?token=${s}`,
    (s: string) => `/api/auth/verify-email?token=${s}&callbackURL=%2Faccount`,
    (s: string) => `/api/auth/reset-password/${s}?callbackURL=%2Fupdate-password`,
    (s: string) => `/zamowienie/${crypto.randomUUID()}?token=${s}`,
    (s: string) => `/zamowienie/${crypto.randomUUID()}.data?token=${s}`,
    (s: string) => `/order-success?session_id=${s}`,
    (s: string) => `/zaproszenie/${s}`,
    (s: string) => `/zaproszenie/${s}.data`,
    (s: string) => `/platnosc-testowa/${s}`,
  ];
  for (const [index, path] of paths.entries()) {
    const value = secret(String(index));
    secrets.push(value);
    const response = await fetch(`${server.url}${path(value)}`, { redirect: "manual" });
    await response.arrayBuffer();
    expect(response.status, path(value)).toBeLessThan(500);
  }
  // A POST with a secret in its URL as well (the invitation's form).
  const posted = secret("post");
  secrets.push(posted);
  await streamPost(`/zaproszenie/${posted}`, {
    size: 10,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  // The access log line is written when the response finishes; a last request of a path nobody else
  // asks for marks the end of this test's lines (the server writes them in order).
  const marker = `/nie-ma-takiej-strony-${crypto.randomUUID()}`;
  await (await fetch(`${server.url}${marker}`)).arrayBuffer();
  await expect
    .poll(() => {
      const since = serverLogSince(from);
      return since.includes(marker) ? since.split("[redacted]").length - 1 : 0;
    })
    .toBeGreaterThanOrEqual(paths.length);
  const log = serverLogSince(from);
  const leaked = secrets.filter((value) => log.includes(value));
  expect(
    leaked,
    log
      .split("\n")
      .filter((line) => /SEKRET/.test(line))
      .join("\n"),
  ).toEqual([]);
  // The lines are there, with the rest of the URL.
  expect(log).toContain('"url":"/zaproszenie/[redacted]"');
  expect(log).toContain('"url":"/order-success?session_id=[redacted]"');
});
