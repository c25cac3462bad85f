/**
 * A bounded, seeded fuzz of what a stranger can put in a request line (issue #29): methods, paths,
 * percent-encodings, queries, a few headers and small bodies, against the shared production server,
 * anonymous. Deterministic (one seed, so a failure replays), 400 requests in a few seconds. It looks
 * for one thing: no answer is a 5xx — a malformed request is the visitor's 4xx, never our error.
 */
import http from "node:http";
import { expect, inject, it } from "vitest";

const base = inject("baseUrl");
const SEED = 29;
const REQUESTS = 400;

/** mulberry32: a tiny seeded generator, so the same requests go out on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}

const METHODS = [
  "GET",
  "GET",
  "GET",
  "GET",
  "HEAD",
  "POST",
  "POST",
  "PUT",
  "DELETE",
  "PATCH",
  "OPTIONS",
  "TRACE",
];
const ODD_METHODS = ["PROPFIND", "MKCOL", "FOO", "M-SEARCH", "PURGE", "LINK"];

const PATHS = [
  "/",
  "/_root.data",
  "/merch",
  "/merch.data",
  "/merch/koszulka-nokturn-logo",
  "/merch/koszulka-nokturn-logo.data",
  "/cart",
  "/rezydenci",
  "/ambasadorzy",
  "/artist/mira-volt",
  "/archive/nokturn-wroclaw-2025",
  "/gallery/nokturn-listopad-2025",
  "/wydarzenia/nokturn",
  "/events/nokturn.ics",
  "/sitemap.xml",
  "/robots.txt",
  "/zamowienie/0b6f8a4e-1111-4a4a-9a9a-000000000001",
  "/order-success",
  "/platnosc-testowa/test_cs_x",
  "/zaproszenie/abc",
  "/auth",
  "/account",
  "/account/orders",
  "/admin",
  "/admin/products",
  "/admin/orders/export.csv",
  "/api/auth/get-session",
  "/api/auth/reset-password/x",
  "/api/webhooks/stripe",
  "/bramka",
  "/bramka/0b6f8a4e-1111-4a4a-9a9a-000000000001",
  "/api/bramka/0b6f8a4e-1111-4a4a-9a9a-000000000001/noc",
  "/api/bramka/0b6f8a4e-1111-4a4a-9a9a-000000000001/sync",
  "/api/bramka/nie-uuid/skan",
  "/media/x.webp",
  "/assets/x.js",
  "/favicon.svg",
  "/healthz",
  "/contact",
  "/shipping",
  "/formularz-odstapienia",
  "/reset-password",
  "/verify-email",
  "/update-password",
  "/logout",
  "/nie-ma",
];

/** Pieces a stranger puts in a path or a query: broken and odd encodings, traversal, control bytes. */
const NASTY = [
  "%00",
  "a%00b",
  "%01",
  "%0A",
  "%0D%0A",
  "%1F",
  "%7F",
  "%ff",
  "%FF%FE",
  "%E0%A4%A",
  "%",
  "%%",
  "%2",
  "%G0",
  "%C0%80",
  "%ED%A0%80",
  "%F0%9F%98%80",
  "%EF%BF%BF",
  "%2e%2e",
  "..",
  "%2F",
  "%5C",
  "%252e",
  "%25",
  ";x=1",
  "&",
  "=",
  "'%22%3C%3E",
  "x".repeat(2_000),
  "%20",
  "~",
  "+",
  ".data",
  "_.data",
  "index.html",
  "ZAŻÓŁĆ".normalize(),
];

const PARAMETERS = [
  "x",
  "utm_source",
  "fbclid",
  "category",
  "session_id",
  "token",
  "_routes",
  "redirect",
  "index",
  "callbackURL",
  "tab",
  "q",
  "order",
  "gallery",
  "",
];

/** Characters an HTTP request line cannot carry raw; Node's client refuses them, so they go escaped. */
function safeForRequestLine(text: string) {
  return text.replace(/[^\x21-\x7e]/g, (char) => encodeURIComponent(char));
}

function randomRequest(random: ReturnType<typeof generator>) {
  const method = random.chance(0.08) ? random.pick(ODD_METHODS) : random.pick(METHODS);
  let path = random.pick(PATHS);
  const shape = random.next();
  if (shape < 0.25) path = `${path.replace(/\/$/, "")}/${random.pick(NASTY)}`;
  else if (shape < 0.45) path = path.replace(/[^/]+$/, random.pick(NASTY));
  else if (shape < 0.55) path = `${path}${random.pick(NASTY)}`;
  else if (shape < 0.6) path = `/${random.pick(NASTY)}/${random.pick(NASTY)}`;
  let query = "";
  if (random.chance(0.5)) {
    const pairs = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => {
      const name = random.pick(PARAMETERS);
      return random.chance(0.2) ? name : `${name}=${random.chance(0.5) ? random.pick(NASTY) : "clothing"}`;
    });
    query = `?${pairs.join(random.chance(0.2) ? ";" : "&")}`;
  }
  const headers: Record<string, string> = {};
  if (random.chance(0.3))
    headers["accept-encoding"] = random.pick(["br", "gzip", "br;q=x, gzip;q=2", "*", "identity;q=0"]);
  if (random.chance(0.2)) headers.accept = random.pick(["application/json", "*/*", "text/html", "x/y;q=%00"]);
  if (random.chance(0.1)) headers["if-none-match"] = random.pick(["*", '"x"', "W/", ""]);
  if (random.chance(0.1)) headers.range = random.pick(["bytes=0-10", "bytes=x", "bytes=999999999-"]);
  if (random.chance(0.1)) {
    headers.cookie = random.pick([
      "nokturn_cart=%00%00",
      "nokturn_cart=AAAAAAAAAAAAAAAAAAAAAA..999999999",
      "nokturn_cart_id=%00%00; nokturn_cart_count=-1",
      "nokturn_cart_id=00000000-0000-0000-0000-000000000000; nokturn_cart_count=99999",
      "better-auth.session_token=x",
      "nokturn_device=%ff",
      "a=b; ; =;",
    ]);
  }
  let body: string | undefined;
  if (method !== "GET" && method !== "HEAD" && random.chance(0.6)) {
    headers.origin = random.chance(0.8) ? base : "https://evil.example";
    headers["content-type"] = random.pick([
      "application/x-www-form-urlencoded",
      "application/json",
      "multipart/form-data; boundary=x",
      "multipart/form-data",
      "text/plain",
      "application/x-www-form-urlencoded; charset=x-unknown",
    ]);
    body = random.pick([
      "a=b",
      "intent=%00",
      "{",
      '{"lines":[{"quantity":1e309}]}',
      "--x\r\nContent-Disposition: form-da",
      "\u0000",
      `intent=${"x".repeat(5_000)}`,
    ]);
  } else if (random.chance(0.03)) {
    // A small body where none belongs.
    body = "x";
    headers["content-type"] = "text/plain";
  }
  // Node's client frames a GET's body only when told its length: without it, the bytes would be read
  // as the start of the next request on the connection.
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return { method, path: safeForRequestLine(`${path}${query}`), headers, body };
}

type Outcome = { status: number } | { error: string };

function send(agent: http.Agent, request: ReturnType<typeof randomRequest>): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${base}${request.path}`,
      { method: request.method, headers: request.headers, agent, timeout: 15_000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0 }));
        response.on("error", (error) => resolve({ error: error.message }));
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
    outgoing.on("error", (error) => resolve({ error: error.message }));
    outgoing.end(request.body);
  });
}

it(`answers ${REQUESTS} seeded malformed requests without a 5xx (seed ${SEED})`, async () => {
  const random = generator(SEED);
  const requests = Array.from({ length: REQUESTS }, () => randomRequest(random));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const problems: string[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < requests.length) {
        const request = requests[next++];
        const outcome = await send(agent, request);
        const label = `${request.method} ${request.path.slice(0, 200)}`;
        if ("error" in outcome) problems.push(`${label}: ${outcome.error}`);
        else {
          statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
          if (outcome.status >= 500) problems.push(`${label}: ${outcome.status}`);
        }
      }
    }),
  );
  agent.destroy();
  const seconds = (performance.now() - started) / 1000;
  console.log(`fuzz: ${REQUESTS} requests in ${seconds.toFixed(1)} s`, Object.fromEntries(statuses));
  expect(problems).toEqual([]);
  // Most of them must have been refused, not served: the fuzz reaches the guards it is meant for.
  expect(
    [...statuses.entries()].filter(([status]) => status >= 400).reduce((n, [, c]) => n + c, 0),
  ).toBeGreaterThan(REQUESTS / 3);
});
