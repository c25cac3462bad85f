/**
 * Hardening, second pass (issue #29), against the production build: what a stranger could still do
 * after the first pass, one test per row of the table (the withdrawal and the webhook rows are
 * integration tests: tests/integration/withdrawals.test.ts and checkout-hardening.test.ts).
 * Requests go to the http project's shared server, anonymous unless a test says otherwise; its log is
 * read through `inject("serverLog")`, each test looking only at the lines of its own requests.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { describe, expect, inject, it } from "vitest";
import { serverLogSince, serverLogSize } from "../support/server-log";

const base = inject("baseUrl");
const customerCookie = inject("customerCookie");

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** A request as a stranger's client sends it: any method, the path's bytes as given, no normalising. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8"),
        }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The log's JSON lines (pino) since `from`, and whatever else was printed (stacks). */
async function linesSince(from: number) {
  // pino writes asynchronously: a moment for the last lines to land.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const text = serverLogSince(from);
  const json: { level: number; msg?: string; req?: { url?: string }; url?: string; err?: unknown }[] = [];
  for (const line of text.split("\n")) {
    try {
      json.push(JSON.parse(line));
    } catch {
      // a stack or a plain line
    }
  }
  return { text, json };
}

function expectSecurityHeaders(answer: Answer, label: string) {
  expect(answer.headers["content-security-policy"], label).toBeTruthy();
  expect(answer.headers["x-content-type-options"], label).toBe("nosniff");
  expect(answer.headers["x-frame-options"], label).toBe("DENY");
  expect(answer.headers["strict-transport-security"], label).toBeTruthy();
}

function expectPolishPage(answer: Answer, label: string) {
  expect(answer.headers["content-type"], label).toMatch(/^text\/html/);
  expect(answer.text, label).toContain('lang="pl"');
  expect(answer.text, label).toContain("Wróć na stronę główną");
  expect(answer.text, label).not.toMatch(
    /Bad Request|Not Found|Method Not Allowed|Internal Server Error|at \w+ \(/,
  );
}

describe("1. the page cache's key is the page, not the URL", () => {
  it("serves junk queries the kept page without a render, and 2,100 of them evict nothing", async () => {
    // Warm two real pages (a render each, or already kept).
    for (const path of ["/", "/merch?category=clothing"]) {
      await send("GET", path);
      expect((await send("GET", path)).headers["x-cache"], path).toBe("HIT");
    }
    const home = await send("GET", "/");
    // More unique URLs than the cache has entries (2,000): each a hit of `/`, none a render.
    const misses: string[] = [];
    const tracking = ["utm_source=instagram&utm_medium=story", "fbclid=IwAR", "gclid=Cj0", "x"];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < 2_100) {
          const i = next++;
          const path = `/?${tracking[i % tracking.length]}${i}=${randomUUID()}`;
          const answer = await send("GET", path);
          expect(answer.status, path).toBe(200);
          if (answer.headers["x-cache"] !== "HIT") misses.push(path);
          else expect(answer.headers.etag).toBe(home.headers.etag);
        }
      }),
    );
    // A content change elsewhere in the suite empties the cache: one render may then refill it.
    expect(misses.length, misses.join(" ")).toBeLessThanOrEqual(2);
    const merch = await send("GET", "/merch?utm_campaign=drop&category=clothing");
    expect(merch.headers["x-cache"]).toBe("HIT");
    // A parameter the page reads is still its own page.
    const all = await send("GET", "/merch?fbclid=1");
    const clothing = await send("GET", "/merch?category=clothing&fbclid=1");
    expect(all.headers.etag).not.toBe(clothing.headers.etag);
  });
});

describe("2. a control character in the path never reaches the database", () => {
  it("answers a NUL in a slug with the Polish 404 and logs no database error", async () => {
    const from = serverLogSize();
    const marker = randomUUID();
    for (const page of ["wydarzenia", "archive", "artist", "gallery", "merch"]) {
      for (const slug of [`a%00b-${marker}`, `a%01b-${marker}`, `${marker}%0A`]) {
        const path = `/${page}/${slug}`;
        const answer = await send("GET", path);
        expect(answer.status, path).toBe(404);
        expectPolishPage(answer, path);
        expect(answer.text).toContain("Nie znaleziono strony");
        expectSecurityHeaders(answer, path);
      }
    }
    const { text } = await linesSince(from);
    expect(text).not.toMatch(/invalid byte sequence|DrizzleQueryError|0x00/);
  });

  it("refuses a NUL in the payment session id with a 4xx and raises no false payment alarm", async () => {
    const from = serverLogSize();
    for (const path of [
      `/order-success?session_id=a%00b-${randomUUID()}`,
      `/order-success.data?session_id=test_cs_%00${randomUUID()}`,
    ]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
      expectSecurityHeaders(answer, path);
    }
    const { text, json } = await linesSince(from);
    expect(text).not.toContain("order creation after payment failed");
    expect(text).not.toMatch(/invalid byte sequence|DrizzleQueryError/);
    expect(json.filter((line) => line.req?.url?.startsWith("/order-success") && line.level >= 50)).toEqual(
      [],
    );
  });
});

describe("3. methods the site does not use", () => {
  it("answers TRACE and the like with a Polish 405 and the security headers; OPTIONS is no error in the log", async () => {
    const from = serverLogSize();
    const marker = randomUUID();
    for (const method of ["TRACE", "OPTIONS", "PROPFIND", "PUT", "DELETE", "PATCH"]) {
      for (const path of [`/merch?m=${marker}`, `/?m=${marker}`, `/api/webhooks/stripe?m=${marker}`]) {
        const answer = await send(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe("GET, HEAD, POST");
        expectSecurityHeaders(answer, `${method} ${path}`);
        if (path.startsWith("/api/")) expect(JSON.parse(answer.text).message).toBe("Niedozwolona metoda");
        else {
          expectPolishPage(answer, `${method} ${path}`);
          expect(answer.text).toContain("Niedozwolona metoda");
        }
      }
    }
    // A method Node's parser does not know never reaches Express: the same answer, written raw.
    const unknown = await send("FOO", `/merch?m=${marker}`);
    expect(unknown.status).toBe(405);
    expect(unknown.headers.allow).toBe("GET, HEAD, POST");
    expectSecurityHeaders(unknown, "FOO");
    expectPolishPage(unknown, "FOO");
    const { text, json } = await linesSince(from);
    const ours = json.filter((line) => JSON.stringify(line).includes(marker));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.filter((line) => line.level >= 50)).toEqual([]);
    expect(text).not.toContain("is unsupported");
  });
});

describe("4. a malformed percent-encoding", () => {
  it("gets a Polish 400 with the security headers, not Express's English page", async () => {
    const from = serverLogSize();
    for (const path of [
      "/merch/%ff",
      "/%E0%A4%A",
      "/artist/%",
      "/assets/%ff",
      "/media/%ff",
      "/merch/%ff.data",
    ]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBe(400);
      expectPolishPage(answer, path);
      expect(answer.text).toContain("Nieprawidłowy adres");
      expectSecurityHeaders(answer, path);
      const head = await send("HEAD", path);
      expect(head.status, `HEAD ${path}`).toBe(400);
    }
    const { text } = await linesSince(from);
    expect(text).not.toContain("URIError");
  });
});

describe("5. bodies on GET and HEAD", () => {
  function getWithBody(method: string, size: number) {
    const started = performance.now();
    return new Promise<{ status: number; text: string; sent: number; ms: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request(
        `${base}/contact`,
        { method, headers: { "transfer-encoding": "chunked" }, agent: false },
        (response) => {
          answered = true;
          let text = "";
          response.on("data", (chunk) => {
            text += chunk;
          });
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, text, sent, ms: performance.now() - started }),
          );
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024);
      const write = () => {
        while (!answered && sent < size) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once("drain", write);
            return;
          }
        }
        if (sent >= size) request.end();
      };
      write();
    });
  }

  it("refuses 100 MB on GET and HEAD with 413 without reading them", async () => {
    for (const method of ["GET", "HEAD"]) {
      const answer = await getWithBody(method, 100 * 1024 * 1024);
      expect(answer.status, method).toBe(413);
      if (method === "GET") expect(answer.text).toBe("Przesłane dane są zbyt duże.");
      expect(answer.sent, method).toBeLessThan(20 * 1024 * 1024);
      expect(answer.ms, method).toBeLessThan(2_000);
    }
    // The server is as fast as before.
    expect((await send("GET", "/healthz")).status).toBe(200);
  });
});

describe("6. pages rendered for one visitor", () => {
  it("are private, no-store for a signed-in visitor; a cart makes only /cart private (decision 031)", async () => {
    const cartCookie = `nokturn_cart_id=${randomUUID()}; nokturn_cart_count=2`;
    const paths = ["/", "/merch", "/merch/koszulka-nokturn-logo", "/shipping", "/merch.data", "/nie-ma"];
    for (const path of paths) {
      const answer = await send("GET", path, { cookie: customerCookie });
      const cacheControl = String(answer.headers["cache-control"] ?? "");
      expect(cacheControl, `signed in ${path}`).toMatch(/\bprivate\b/);
      expect(cacheControl, `signed in ${path}`).toMatch(/\bno-store\b/);
      expect(answer.headers["x-cache"], `signed in ${path}`).toBeUndefined();
    }
    for (const path of paths.slice(0, 5)) {
      const answer = await send("GET", path, { cookie: cartCookie });
      expect(String(answer.headers["cache-control"] ?? ""), `with a cart ${path}`).not.toMatch(
        /private|no-store/,
      );
      expect(answer.headers["set-cookie"], `with a cart ${path}`).toBeUndefined();
    }
    const cart = await send("GET", "/cart", { cookie: cartCookie });
    expect(String(cart.headers["cache-control"] ?? "")).toMatch(/\bprivate\b.*\bno-store\b/);
    expect(cart.headers["x-cache"]).toBeUndefined();
    const signedIn = await send("GET", "/", { cookie: customerCookie });
    expect(signedIn.text).toContain("klient@nokturn.example");
    // Anonymous pages stay shared.
    expect(String((await send("GET", "/")).headers["cache-control"] ?? "")).not.toMatch(/private|no-store/);
  });
});

describe("9. the log never shows an order's token", () => {
  it("redacts every spelling of the token in a URL the app refuses", async () => {
    const from = serverLogSize();
    const token = `tok${randomUUID().replaceAll("-", "")}`;
    const order = `/zamowienie/${randomUUID()}`;
    for (const path of [
      `${order}?a=b;token=${token}`,
      `${order}?token%3D${token}`,
      `${order}?a=b%26token%3D${token}`,
      `${order}?%2574oken=${token}`,
      `${order}/${token}`,
      `${order};token=${token}`,
      `/zamowienie/${token}`,
      `/%7Aaproszenie/${token}`,
      `${order}%3Ftoken%3D${token}`,
    ]) {
      const answer = await send("GET", path);
      expect(answer.status, path).toBeLessThan(500);
    }
    const { text } = await linesSince(from);
    expect(text).toContain("[redacted]");
    expect(text).not.toContain(token);
  });
});
