/**
 * Security sweep (issue #10), against the production build, without a browser (moved from
 * tests/e2e/security.test.ts, issue #25; what needs a browser — hydration without a CSP violation, an
 * injected script in a cached page — stays there):
 * - every public page (the sitemap plus the pages it leaves out) sends a CSP whose scripts run by
 *   nonce only, or — pages the page cache replays to everyone — by the hashes of the page's own
 *   inline scripts, HSTS, nosniff, a referrer policy and frame-ancestors;
 * - a POST from another site to any action (found from app/routes.ts) is refused before it runs;
 * - cookies are httpOnly, SameSite and Secure when the site runs on https;
 * - error pages show no stack trace;
 * - every action answers a fuzzed body (wrong types, huge strings, missing and unexpected fields,
 *   unknown intents, broken multipart, JSON to a form and a form to JSON) with a 4xx, never a 5xx:
 *   a seeded sample of the bodies per action and role (FUZZ_SEED), so a run takes seconds, not
 *   fifteen minutes; every admin intent also gets malformed bodies in-process in
 *   tests/integration/admin-malformed-bodies.test.ts.
 * Requests that change data or count against rate limits go to a server of this file's own (SITE_URL
 * on https behind a trusted proxy, so cookies are Secure); the http project's shared server is only
 * read, or sent requests it refuses before they reach the app.
 */
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { cookieData } from "../../app/lib/cookies";
import { CROSS_ORIGIN_MESSAGE } from "../../app/lib/origin-check";
import { DEMO_CUSTOMER, demoProductId } from "../../db/seed";
import {
  actionRoutes,
  cookieHeader,
  endsSession,
  FUZZ_SEED,
  fieldNamesIn,
  fuzzBodies,
  leaks,
  parseSetCookie,
  sampleFuzzBodies,
  seededRandom,
  urlsOf,
} from "../support/security";
import { startServer, type TestServer } from "../support/server";
import { prepareSignedInDataDir, SESSION_COOKIE } from "../support/sessions";

const EVIL = "https://evil.example";
const SITE = "https://nokturn.example";
/** A product no other part of this file changes (the review form's action lives on its page). */
const FUZZ_PRODUCT = "bandana-nokturn";
const TOTE = "torba-nokturn-tote";
/**
 * Cookies scripts must read, and what they may hold: the flashes name one of a fixed set of toasts
 * (see their modules), the cart's count is the badge's number (decision 031).
 */
const SCRIPT_READABLE_COOKIES = new Map<string, (value: string) => boolean>([
  // The badge's number, in React Router's cookie encoding (decision 035); empty when cleared.
  ["nokturn_cart_count", (value) => value === "" || /^\d{1,5}$/.test(String(cookieData(`v=${value}`, "v")))],
]);
/** Fuzzed bodies sent to each action per role (of the ~20–35 fuzzBodies makes for it). */
const BODIES_PER_ACTION = 4;

const ACTIONS = actionRoutes();
const base = inject("baseUrl");

/** A GET on the shared server, redirects not followed. */
function get(path: string) {
  return fetch(`${base}${path}`, { redirect: "manual" });
}

/** A POST to the shared server, redirects not followed. */
function post(path: string, init: { headers?: Record<string, string>; body?: string }) {
  return fetch(`${base}${path}`, { method: "POST", redirect: "manual", ...init });
}

// ---------------------------------------------------------------------------------------------
// Response headers (shared server)

/** Public pages: the sitemap's, plus those it leaves out on purpose. */
async function publicPaths() {
  const sitemap = await (await get("/sitemap.xml")).text();
  const indexed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  expect(indexed.length, "sitemap entries").toBeGreaterThan(5);
  const unlisted = [
    "/auth",
    "/cart",
    "/contact",
    "/account",
    "/account/orders",
    "/reset-password",
    "/update-password",
    "/verify-email",
    "/merch",
    `/merch/${TOTE}`,
    `/zamowienie/${randomUUID()}`,
    "/nie-ma-takiej-strony",
    "/admin",
  ];
  return { indexed, all: [...new Set([...indexed, ...unlisted])] };
}

function parseCsp(header: string | undefined) {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Problems with the security headers of one response (empty when all is well). */
function headerProblems(headers: Record<string, string>): string[] {
  const problems: string[] = [];
  const csp = parseCsp(headers["content-security-policy"]);
  const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
  if (!headers["content-security-policy"]) problems.push("no Content-Security-Policy");
  const byNonce = scripts.some((source) => /^'nonce-[A-Za-z0-9+/=]{16,}'$/.test(source));
  // A kept page is the same for everyone: it names its own inline scripts by their hashes.
  const byHash =
    scripts.some((source) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(source)) &&
    !scripts.some((source) => source.startsWith("'nonce-"));
  if (!byNonce && !byHash) problems.push(`script-src with neither a nonce nor hashes: ${scripts.join(" ")}`);
  for (const forbidden of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:", "https:", "http:"]) {
    if (scripts.includes(forbidden)) problems.push(`script-src allows ${forbidden}`);
  }
  if (csp.get("frame-ancestors")?.join(" ") !== "'none'")
    problems.push(`frame-ancestors: ${csp.get("frame-ancestors")?.join(" ")}`);
  if (csp.get("object-src")?.join(" ") !== "'none'") problems.push("object-src is not 'none'");
  if (!["'self'", "'none'"].includes(csp.get("base-uri")?.join(" ") ?? ""))
    problems.push("base-uri is not restricted");
  if (!csp.get("default-src")?.includes("'self'")) problems.push("no default-src 'self'");
  if (!csp.has("form-action")) problems.push("no form-action");

  const hsts = headers["strict-transport-security"] ?? "";
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 31_536_000 || !/includeSubDomains/i.test(hsts)) problems.push(`HSTS: '${hsts}'`);
  if (headers["x-content-type-options"] !== "nosniff") problems.push("no X-Content-Type-Options: nosniff");
  // Pages with a token in their URL add a stricter policy; browsers apply the last one listed.
  const referrer = (headers["referrer-policy"] ?? "").split(",").at(-1)?.trim() ?? "";
  if (!["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(referrer))
    problems.push(`Referrer-Policy: '${referrer}'`);
  if (headers["x-frame-options"]?.toUpperCase() !== "DENY") problems.push("no X-Frame-Options: DENY");
  if (headers["x-powered-by"]) problems.push(`X-Powered-By: ${headers["x-powered-by"]}`);
  return problems;
}

/**
 * Inline scripts must carry the response's nonce, or, under a CSP of hashes, be listed by their hash
 * and be the only ones listed (JSON data blocks do not run and need neither).
 */
function scriptProblems(html: string, headers: Record<string, string>): string[] {
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  const listed = new Set(csp.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? []);
  const problems: string[] = [];
  const hashed = new Set<string>();
  for (const [, tag, text] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
    if (/\bsrc=/.test(tag) || /type="application\/(?:ld\+)?json"/.test(tag)) continue;
    const own = /\bnonce="([^"]*)"/.exec(tag)?.[1];
    if (nonce) {
      if (own !== nonce) problems.push(`inline script without the response's nonce: ${tag.slice(0, 120)}`);
      continue;
    }
    const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    hashed.add(hash);
    if (!listed.has(hash))
      problems.push(`inline script whose hash the CSP does not list: ${text.slice(0, 120)}`);
    if (own !== undefined) problems.push(`a nonce left in a page without one: ${tag.slice(0, 120)}`);
  }
  for (const hash of listed)
    if (!hashed.has(hash)) problems.push(`CSP lists a script the page lacks: ${hash}`);
  if (/\son[a-z]+="/i.test(html.replace(/<script\b[\s\S]*?<\/script>/g, "")))
    problems.push("inline event handler attribute (blocked by the CSP)");
  return problems;
}

test("every public page sends the security headers and nonces or hashes its inline scripts", async () => {
  const { indexed, all } = await publicPaths();
  const problems: string[] = [];
  const nonces = new Set<string>();
  for (const path of all) {
    const response = await get(path);
    const headers = Object.fromEntries(response.headers);
    const body = await response.text();
    if (indexed.includes(path)) expect(response.status, path).toBe(200);
    expect(response.status, path).toBeLessThan(500);
    problems.push(...headerProblems(headers).map((problem) => `${path}: ${problem}`));
    if (headers["content-type"]?.startsWith("text/html")) {
      problems.push(...scriptProblems(body, headers).map((problem) => `${path}: ${problem}`));
    }
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1];
    if (nonce) {
      expect(nonces.has(nonce), `${path}: a nonce was used twice`).toBe(false);
      nonces.add(nonce);
    }
  }
  expect(problems, problems.join("\n")).toEqual([]);
  // Resources and refusals carry them too.
  for (const path of ["/sitemap.xml", "/robots.txt", "/healthz"]) {
    const response = await get(path);
    await response.arrayBuffer();
    expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
    expect(response.headers.get("strict-transport-security"), path).toContain("max-age=");
  }
});

// ---------------------------------------------------------------------------------------------
// Cross-site requests (shared server: refused requests never reach the app, so nothing changes)

/** The URL React Router's client posts a form to (single fetch). */
function dataUrl(url: string) {
  const [pathname, query] = url.split("?");
  const path = pathname === "/" ? "/_root.data" : `${pathname.replace(/\/$/, "")}.data`;
  return query ? `${path}?${query}` : path;
}

test("every action was found from the route configuration", () => {
  const files = ACTIONS.map((route) => route.file);
  // A sample of known ones proves the discovery works; new routes join by themselves.
  for (const file of [
    "routes/contact.tsx",
    "routes/auth.tsx",
    "routes/admin/products.tsx",
    "routes/cart.tsx",
    "routes/api/auth.ts",
  ]) {
    expect(files, file).toContain(file);
  }
  // The orders tab's action is found on its own route (it was the panel index's, posted to /admin?index).
  expect(ACTIONS.find((route) => route.file === "routes/admin/orders.tsx")).toMatchObject({
    pattern: "admin/orders",
    index: false,
  });
});

test("a POST from another site to any action is refused with 403 before it runs", async () => {
  const problems: string[] = [];
  const urls = ACTIONS.flatMap((route) => urlsOf(route, TOTE)).filter(
    (url) => url !== "/api/webhooks/stripe",
  );
  const attempts: Array<{ label: string; headers: Record<string, string> }> = [
    { label: "foreign Origin", headers: { origin: EVIL, "sec-fetch-site": "cross-site" } },
    { label: "foreign Origin only", headers: { origin: EVIL } },
    { label: "no Origin, cross-site", headers: { "sec-fetch-site": "cross-site" } },
    { label: "opaque Origin", headers: { origin: "null" } },
  ];
  const form = new URLSearchParams({
    intent: "delete",
    email: "ofiara@example.com",
    name: "Atak",
  }).toString();
  for (const url of urls) {
    for (const attempt of attempts) {
      for (const target of [url, dataUrl(url)]) {
        const response = await post(target, {
          body: form,
          headers: { "content-type": "application/x-www-form-urlencoded", ...attempt.headers },
        });
        const text = await response.text();
        if (response.status !== 403 || text !== CROSS_ORIGIN_MESSAGE)
          problems.push(`${target} (${attempt.label}): ${response.status} ${text.slice(0, 80)}`);
      }
    }
    // JSON endpoints the same.
    const json = await post(url, {
      body: JSON.stringify({ email: "ofiara@example.com", password: "haslo-ataku" }),
      headers: { "content-type": "application/json", origin: EVIL },
    });
    await json.arrayBuffer();
    if (json.status !== 403) problems.push(`${url} (JSON, foreign Origin): ${json.status}`);
  }
  expect(problems, problems.join("\n")).toEqual([]);

  // The Stripe webhook takes POSTs from Stripe (no Origin) and checks their signature itself.
  const webhook = await post("/api/webhooks/stripe", {
    body: JSON.stringify({ type: "checkout.session.completed" }),
    headers: { "content-type": "application/json", origin: EVIL, "sec-fetch-site": "cross-site" },
  });
  expect(webhook.status).toBeLessThan(500);
  expect(await webhook.text()).not.toBe(CROSS_ORIGIN_MESSAGE);
});

test("a mail provider's one-click unsubscribe (RFC 8058) reaches its action from any origin; its data twin does not", async () => {
  // A well-formed token with a wrong signature: the action itself answers, in Polish, and changes nothing.
  const link = `/powiadom-mnie/wypisz/${randomUUID()}.${"A".repeat(43)}`;
  const oneClick = { "content-type": "application/x-www-form-urlencoded" };
  const senders: Record<string, string>[] = [
    {},
    { origin: EVIL },
    { origin: EVIL, "sec-fetch-site": "cross-site" },
  ];
  for (const headers of senders) {
    const response = await post(link, {
      body: "List-Unsubscribe=One-Click",
      headers: { ...oneClick, ...headers },
    });
    expect(response.status, JSON.stringify(headers)).toBe(400);
    expect(await response.text()).toContain("Ten link wypisania jest nieprawidłowy.");
  }
  const twin = await post(dataUrl(link), {
    body: "List-Unsubscribe=One-Click",
    headers: { ...oneClick, origin: EVIL },
  });
  expect(twin.status).toBe(403);
  expect(await twin.text()).toBe(CROSS_ORIGIN_MESSAGE);
});

// ---------------------------------------------------------------------------------------------
// A server of this file's own: https site behind a trusted proxy

let server: TestServer;
/** Every Set-Cookie header the own server sent. */
const cookiesSeen: Array<{ url: string; line: string }> = [];
/** Client addresses handed out so far (each request comes from another one). */
let clients = 0;

type Sent = { status: number; text: string; headers: Headers };

async function send(
  url: string,
  {
    method = "POST",
    cookie = "",
    origin = SITE,
    body,
    contentType,
    extra = {},
  }: {
    method?: string;
    cookie?: string;
    origin?: string | null;
    body?: string | Uint8Array<ArrayBuffer>;
    contentType?: string;
    extra?: Record<string, string>;
  } = {},
): Promise<Sent> {
  // Each request from another client address (the proxy is trusted), so no rate limit cuts the sweep short.
  clients += 1;
  const client = `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;
  // As the proxy in front of the site would (React Router compares Origin with the forwarded host).
  const headers: Record<string, string> = {
    "x-forwarded-proto": "https",
    "x-forwarded-host": "nokturn.example:443",
    "x-forwarded-for": client,
    ...extra,
  };
  if (origin) headers.origin = origin;
  if (cookie) headers.cookie = cookie;
  if (contentType) headers["content-type"] = contentType;
  const payload = method === "GET" || method === "HEAD" || body === undefined ? undefined : Buffer.from(body);
  if (payload) headers["content-length"] = String(payload.length);
  const response = await rawRequest(`${server.url}${url}`, method, headers, payload);
  const setCookies = response.headers.getSetCookie();
  for (const line of setCookies) cookiesSeen.push({ url, line });
  return response;
}

/**
 * One request over node:http, which (unlike fetch) still reads an answer the server sends before the
 * whole body arrived (413 for a body too large) and shrugs off the socket closing afterwards.
 */
function rawRequest(url: string, method: string, headers: Record<string, string>, payload?: Buffer) {
  return new Promise<Sent>((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of Array.isArray(value) ? value : [value ?? ""]) answer.append(name, item);
        }
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString("utf8"),
          headers: answer,
        });
      });
    });
    request.on("timeout", () => request.destroy(new Error(`timeout: ${method} ${url}`)));
    request.on("error", (error: NodeJS.ErrnoException) => {
      // The answer came first; the server then closed a socket still being written to.
      // Rejects only if no answer arrives after all (a settled promise ignores it).
      const grace = error.code === "EPIPE" || error.code === "ECONNRESET" ? 5_000 : 0;
      setTimeout(() => reject(error), grace);
    });
    request.end(payload);
  });
}

/** Signs in through better-auth's endpoint (for the cookies it sets); the session's Cookie header. */
async function signIn(credentials: { email: string; password: string }) {
  const response = await send("/api/auth/sign-in/email", {
    body: JSON.stringify(credentials),
    contentType: "application/json",
  });
  expect(response.status, response.text).toBe(200);
  return cookieHeader(response.headers.getSetCookie());
}

describe("on a server of its own (https site)", () => {
  /** Sessions seeded before the server started (on https the cookie has the __Secure- prefix). */
  let admin = "";
  let customer = "";

  beforeAll(async () => {
    const seeded = await prepareSignedInDataDir();
    server = await startServer({
      dataDir: seeded.dataDir,
      env: { SITE_URL: SITE, TRUST_PROXY: "true", AUTH_SECRET: seeded.authSecret },
    });
    admin = `__Secure-${SESSION_COOKIE}=${seeded.cookies.admin}`;
    customer = `__Secure-${SESSION_COOKIE}=${seeded.cookies.customer}`;
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
  });

  test("a forged POST carrying the admin's cookies changes nothing; the same POST from the site does", async () => {
    const form = `intent=set-active&productId=${encodeURIComponent(demoProductId(TOTE))}&isActive=false`;
    const forged = await send("/admin/products", {
      cookie: admin,
      origin: EVIL,
      body: form,
      contentType: "application/x-www-form-urlencoded",
      extra: { "sec-fetch-site": "cross-site" },
    });
    expect(forged.status).toBe(403);
    expect(forged.text).toBe(CROSS_ORIGIN_MESSAGE);
    expect((await send(`/merch/${TOTE}`, { method: "GET" })).status).toBe(200);

    const genuine = await send("/admin/products", {
      cookie: admin,
      body: form,
      contentType: "application/x-www-form-urlencoded",
      extra: { "sec-fetch-site": "same-origin" },
    });
    expect(genuine.status).toBeLessThan(400);
    expect((await send(`/merch/${TOTE}`, { method: "GET" })).status).toBe(404);

    // A forged sign-out or sign-up is refused as well.
    expect((await send("/logout", { cookie: customer, origin: EVIL, body: "" })).status).toBe(403);
    expect((await send("/account", { method: "GET", cookie: customer })).status).toBe(200);
  });

  test("cookies are httpOnly, SameSite and Secure on an https site", async () => {
    // A sign-in through better-auth's endpoint, one through the page's form (it adds the flash
    // cookie), and a sign-out.
    await signIn(DEMO_CUSTOMER);
    const form = new URLSearchParams({
      intent: "login",
      email: DEMO_CUSTOMER.email,
      password: DEMO_CUSTOMER.password,
    });
    const login = await send("/auth", {
      body: form.toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(login.status, login.text.slice(0, 200)).toBeLessThan(400);
    await send("/logout", { cookie: cookieHeader(login.headers.getSetCookie()), body: "intent=logout" });
    // A guest's cart: its id (httpOnly) and the badge's count (readable, digits only).
    const added = await send("/cart", {
      body: `intent=add&productId=${encodeURIComponent(demoProductId(FUZZ_PRODUCT))}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(added.status, added.text.slice(0, 200)).toBe(303);

    const names = new Set<string>();
    const problems: string[] = [];
    for (const { url, line } of cookiesSeen) {
      const cookie = parseSetCookie(line);
      names.add(cookie.name);
      const sameSite = cookie.attributes.get("samesite")?.toLowerCase();
      if (!cookie.attributes.has("secure")) problems.push(`${url}: ${cookie.name} is not Secure`);
      if (sameSite !== "lax" && sameSite !== "strict")
        problems.push(`${url}: ${cookie.name} SameSite=${sameSite}`);
      if (!cookie.attributes.has("httponly") && !SCRIPT_READABLE_COOKIES.has(cookie.name))
        problems.push(`${url}: ${cookie.name} is readable by scripts`);
      const readable = SCRIPT_READABLE_COOKIES.get(cookie.name);
      if (readable && !readable(cookie.value))
        problems.push(`${url}: ${cookie.name} carries more than it may: ${cookie.value}`);
    }
    expect(problems, problems.join("\n")).toEqual([]);
    // The session cookie was among them, under the __Secure- prefix browsers enforce.
    expect(
      [...names].some((name) => /^__Secure-.*session_token$/.test(name)),
      [...names].join(", "),
    ).toBe(true);
    expect(names.has("nokturn_flash"), [...names].join(", ")).toBe(true);
    // The cart's id under the __Host- prefix (issue #42): no sibling subdomain nor plain HTTP sets it.
    expect(
      names.has("__Host-nokturn_cart_id") && names.has("nokturn_cart_count"),
      [...names].join(", "),
    ).toBe(true);
  });

  // ~450 requests and ~110 page renders: well under a minute, but not within the default 60 s on a loaded machine.
  test("every action answers a fuzzed body with a 4xx, never a 5xx, and leaks nothing", {
    timeout: 180_000,
  }, async ({ annotate }) => {
    const roles = [
      { name: "guest", cookie: "" },
      { name: "customer", cookie: customer },
      { name: "admin", cookie: admin },
    ];
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const role of roles) {
      const targets = ACTIONS.flatMap((route) => urlsOf(route, FUZZ_PRODUCT).map((url) => ({ route, url })))
        // Sign-outs last, so the rest runs signed in.
        .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
      for (const { route, url } of targets) {
        // Past the role check only the admin gets; the others get the generic bodies there.
        const deep = route.pattern.startsWith("admin") ? role.name === "admin" : true;
        const page = await send(url.replace("?index", ""), { method: "GET", cookie: role.cookie });
        const fields = page.headers.get("content-type")?.includes("text/html") ? fieldNamesIn(page.text) : [];
        // A few of the bodies, the same few on every run (the key leaves out the random ids of the URL).
        const bodies = sampleFuzzBodies(
          fuzzBodies(deep ? fields : [], deep ? route.intents : []),
          BODIES_PER_ACTION,
          seededRandom(FUZZ_SEED, `${role.name} ${route.file} ${url.replace(/[0-9a-f-]{32,36}/g, ":id")}`),
        );
        const post = async (fuzz: (typeof bodies)[number]) => {
          const response = await send(url, {
            cookie: role.cookie,
            body: fuzz.body,
            contentType: fuzz.contentType,
          }).catch((error: unknown) => ({ status: 599, text: String(error), headers: new Headers() }));
          sent += 1;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const leaked = leaks(response.text);
          if (response.status >= 500 || leaked) {
            failures.push(
              `${role.name} POST ${url} [${fuzz.label}] → ${response.status}${leaked ? ` leaks: ${leaked}` : ""} (FUZZ_SEED=${FUZZ_SEED})`,
            );
          }
        };
        // All of an action's bodies at once; a sign-out's would change nothing one by one either.
        await Promise.all(bodies.map(post));
      }
    }
    await annotate(
      `${sent} bodies: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(", ")}`,
      "statuses",
    );
    expect(failures, failures.join("\n")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Error pages (shared server, production mode)

test("error pages show no stack trace", async () => {
  const problems: string[] = [];
  const check = async (label: string, response: Response) => {
    expect(response.status, label).toBeGreaterThanOrEqual(300);
    expect(response.status, label).toBeLessThan(500);
    const leaked = leaks(await response.text());
    if (leaked) problems.push(`${label} (${response.status}): ${leaked}`);
  };
  for (const path of [
    "/nie-ma-takiej-strony",
    "/nie-ma-takiej-strony.data",
    "/zamowienie/to-nie-jest-id",
    "/zamowienie/to-nie-jest-id.data",
    "/platnosc-testowa/to-nie-jest-id",
    "/admin/products/to-nie-jest-id/edit",
    "/artist/%E0%A4%A",
    `/merch/${"x".repeat(5000)}`,
    "/media/../../etc/passwd",
    "/media/%2e%2e/%2e%2e/etc/passwd",
  ]) {
    await check(`GET ${path}`, await get(path));
  }
  // Odd queries are no error at all, but must not leak either.
  for (const path of ["/merch?category=%00&page=-1e309", `/auth?redirect=${"%E0%A4%A".repeat(3)}`]) {
    const response = await get(path);
    expect(response.status, path).toBeLessThan(500);
    const leaked = leaks(await response.text());
    if (leaked) problems.push(`GET ${path}: ${leaked}`);
  }
  // Actions that fail: a broken body, a missing checkout, JSON that is no JSON.
  const broken = {
    headers: { "content-type": "multipart/form-data; boundary=x" },
    body: "--x\r\nContent-Disposition: form-da",
  };
  await check("POST /platnosc-testowa/<random>", await post(`/platnosc-testowa/${randomUUID()}`, broken));
  await check(
    "POST /platnosc-testowa/<random>.data",
    await post(`/platnosc-testowa/${randomUUID()}.data`, broken),
  );
  await check(
    "POST /cart (JSON, no form of ours)",
    await post("/cart", { headers: { "content-type": "application/json" }, body: "{" }),
  );
  expect(problems, problems.join("\n")).toEqual([]);
});
