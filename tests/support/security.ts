/**
 * Helpers of the security sweep (tests/http/security.test.ts, tests/http/security-limits.test.ts): the
 * routes with an action, found from the route configuration and the route modules' source so a new
 * route is swept without anyone listing it; the fuzzed bodies sent to them, and a seeded sample of
 * them; and what counts as a leaked stack trace.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import routes from "../../app/routes";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

export type ActionRoute = {
  /** Route module, relative to app/. */
  file: string;
  /** URL pattern, e.g. `admin/products/:id/edit`. */
  pattern: string;
  index: boolean;
  /** Intent values the module (or a module it imports) dispatches on. */
  intents: string[];
};

const APP_DIR = path.resolve("app");

/** A module's source, with `~/x` and relative imports followed one level deep (they hold the schemas). */
function sourceWithImports(file: string): string {
  const own = fs.readFileSync(file, "utf8");
  const imported = [...own.matchAll(/from\s+"((?:~\/|\.\.?\/)[^"]+)"/g)].flatMap(([, specifier]) => {
    const base = specifier.startsWith("~/")
      ? path.join(APP_DIR, specifier.slice(2))
      : path.resolve(path.dirname(file), specifier);
    const candidate = ["", ".ts", ".tsx", "/index.ts"].map((ext) => base + ext).find(isFile);
    return candidate ? [fs.readFileSync(candidate, "utf8")] : [];
  });
  return [own, ...imported].join("\n");
}

function isFile(file: string) {
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

/** Whether a route module exports an action (function, const or re-export). */
export function exportsAction(source: string) {
  return (
    /export\s+(?:async\s+)?function\s+action\b/.test(source) ||
    /export\s+(?:const|let)\s+action\b/.test(source) ||
    /export\s*\{[^}]*\baction\b[^}]*\}/.test(source)
  );
}

function intentsIn(source: string): string[] {
  const found = new Set<string>();
  // Only values tied to the name `intent` (schemas, comparisons, buttons, submitted objects).
  const patterns = [
    /intent:\s*z\.literal\("([\w-]+)"\)/g,
    /intent"?\)?\s*[!=]==?\s*"([\w-]+)"/g,
    /name="intent"\s+value="([\w-]+)"/g,
    /value="([\w-]+)"\s+name="intent"/g,
    /intent:\s*"([\w-]+)"/g,
    /"intent",\s*"([\w-]+)"/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      for (const value of match[1].matchAll(/[\w-]+/g)) found.add(value[0]);
    }
  }
  return [...found].filter((value) => value.length < 40).slice(0, 40);
}

function flatten(
  entries: RouteEntry[],
  parent = "",
): Array<{ file: string; pattern: string; index: boolean }> {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [
      { file: entry.file, pattern, index: Boolean(entry.index) },
      ...flatten(entry.children ?? [], pattern),
    ];
  });
}

/** Every route of app/routes.ts whose module exports an action. */
export function actionRoutes(): ActionRoute[] {
  return flatten(routes as RouteEntry[]).flatMap((route) => {
    const file = path.join(APP_DIR, route.file);
    const own = fs.readFileSync(file, "utf8");
    if (!exportsAction(own)) return [];
    return [{ ...route, intents: intentsIn(sourceWithImports(file)) }];
  });
}

/** Endpoints of better-auth (behind `api/auth/*`) that take a POST from the site's own pages. */
export const AUTH_ENDPOINTS = [
  "sign-in/email",
  "sign-up/email",
  "request-password-reset",
  "reset-password",
  "change-password",
  "update-user",
  "sign-out",
] as const;

/** Values for URL parameters: random ids (never real rows) and, for products, a real slug. */
export function urlsOf(route: ActionRoute, productSlug: string): string[] {
  if (route.pattern.endsWith("*")) {
    return AUTH_ENDPOINTS.map((endpoint) => `/${route.pattern.slice(0, -1)}${endpoint}`);
  }
  const filled = route.pattern.replace(/:(\w+)/g, (_, name: string) =>
    name === "slug" ? productSlug : name === "token" ? randomUUID().replace(/-/g, "") : randomUUID(),
  );
  return [`/${filled}${route.index ? "?index" : ""}`];
}

/** Whether a POST to the URL ends a session (sent last, so the rest run signed in). */
export const endsSession = (url: string) => /logout|sign-out/.test(url);

export type FuzzBody = {
  label: string;
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  /** The intent the body names (bodies made for one of the action's intents); none for the generic ones. */
  intent?: string;
};

const HUGE = "ż".repeat(50_000); // 100 kB of UTF-8
const ODD_VALUES = [
  "",
  "abc",
  "-1",
  "1e309",
  "NaN",
  "true",
  "[]",
  '{"$gt":""}',
  "null",
  "999999999999999999999999",
  "<script>alert(1)</script>",
  "'; drop table users; --",
  "\u0000\uFFFF",
  "not-a-uuid",
  "2026-13-45T99:99",
];

/** Field names every action is tried with besides those its page shows. */
export const COMMON_FIELDS = [
  // conform's own field (list and validate buttons); its parser JSON-parses it.
  "__intent__",
  "id",
  "productId",
  "variantId",
  "orderId",
  "userId",
  "eventId",
  "galleryId",
  "imageId",
  "ambassadorId",
  "code",
  "email",
  "password",
  "newPassword",
  "currentPassword",
  "confirmPassword",
  "name",
  "title",
  "slug",
  "message",
  "subject",
  "rating",
  "comment",
  "quantity",
  "price",
  "role",
  "isActive",
  "status",
  "trackingNumber",
  "token",
  "images",
  "gdpr",
  "redirect",
];

const form = (entries: Array<[string, string]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of entries) params.append(name, value);
  return params.toString();
};

const FORM = "application/x-www-form-urlencoded";
const JSON_TYPE = "application/json";
/** Values that must never name a real row: ids get fresh random uuids. */
const idLike = (name: string) => /id$/i.test(name) || /Id\b/.test(name);

/** The bodies sent to every action (with `intent` set to each of `intents` as well). */
export function fuzzBodies(fields: string[], intents: string[]): FuzzBody[] {
  const names = [...new Set([...fields, ...COMMON_FIELDS])].filter((name) => name !== "intent");
  const odd = (offset: number) =>
    names.map((name, index): [string, string] => [
      name,
      idLike(name) && offset % 2 === 0 ? randomUUID() : ODD_VALUES[(index + offset) % ODD_VALUES.length],
    ]);
  // 100 kB in each of the first six fields (the page's own come first).
  const huge = names.slice(0, 6).map((name): [string, string] => [name, idLike(name) ? randomUUID() : HUGE]);
  const boundary = "----nokturnfuzz";
  const generic: FuzzBody[] = [
    { label: "no body" },
    { label: "empty form", body: "", contentType: FORM },
    { label: "unknown intent", body: form([["intent", "nie-ma-takiej-akcji"]]), contentType: FORM },
    { label: "huge intent", body: form([["intent", HUGE]]), contentType: FORM },
    {
      label: "intent twice",
      body: form([
        ["intent", "a"],
        ["intent", "b"],
      ]),
      contentType: FORM,
    },
    {
      label: "unexpected fields",
      body: form([
        ["__proto__", "x"],
        ["constructor[prototype][admin]", "true"],
        ["role", "admin"],
        ...Array.from({ length: 500 }, (_, index): [string, string] => [`pole${index}`, "x"]),
      ]),
      contentType: FORM,
    },
    { label: "malformed urlencoded", body: "%%%&=&&a=%E0%A4%A&%ZZ=1", contentType: FORM },
    {
      label: "malformed multipart",
      body: `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nx\r\n--${boundary}\r\nContent-Disposition: form-dat`,
      contentType: `multipart/form-data; boundary=${boundary}`,
    },
    { label: "multipart without boundary", body: "intent=x", contentType: "multipart/form-data" },
    { label: "JSON to a form", body: JSON.stringify({ intent: "x", email: 1 }), contentType: JSON_TYPE },
    { label: "broken JSON", body: '{"intent": ', contentType: JSON_TYPE },
    {
      label: "JSON of wrong types",
      body: JSON.stringify({ lines: "x", email: [], password: {}, deliveryMethod: 5 }),
      contentType: JSON_TYPE,
    },
    { label: "JSON null", body: "null", contentType: JSON_TYPE },
    { label: "JSON array", body: "[[[[[[[[[[]]]]]]]]]]", contentType: JSON_TYPE },
    {
      label: "JSON huge string",
      body: JSON.stringify({ email: HUGE, password: HUGE, name: HUGE, lines: [HUGE] }),
      contentType: JSON_TYPE,
    },
    { label: "plain text", body: "intent=x", contentType: "text/plain" },
    {
      label: "binary",
      body: new Uint8Array([0, 255, 254, 1, 2, 3, 0xc3, 0x28]),
      contentType: "application/octet-stream",
    },
    { label: "wrong types", body: form(odd(0)), contentType: FORM },
    { label: "huge strings", body: form(huge), contentType: FORM },
  ];
  const perIntent = intents.flatMap((intent): FuzzBody[] => [
    { label: `${intent}: missing fields`, body: form([["intent", intent]]), contentType: FORM, intent },
    {
      label: `${intent}: wrong types`,
      body: form([["intent", intent], ...odd(intent.length)]),
      contentType: FORM,
      intent,
    },
    {
      label: `${intent}: huge strings`,
      body: form([["intent", intent], ...huge]),
      contentType: FORM,
      intent,
    },
  ]);
  return [...generic, ...perIntent];
}

/**
 * The fuzz's seed: the same pick of bodies on every run, so a failure repeats. Set FUZZ_SEED to try
 * another pick (a failure message names the seed it ran with).
 */
export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 25);

/** A PRNG (mulberry32) seeded from `seed` and a text (FNV-1a), for a pick per action that other actions do not shift. */
export function seededRandom(seed: number, key: string) {
  let state = 2166136261 ^ seed;
  for (const char of key) state = Math.imul(state ^ char.charCodeAt(0), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * `count` of `bodies`, picked by `random` without repeats: half of them (rounded up) made for the
 * action's intents when it has any, the rest from the generic ones (malformed encodings, wrong types…).
 * Every intent of every admin action also gets malformed bodies in-process, each run
 * (tests/integration/admin-malformed-bodies.test.ts).
 */
export function sampleFuzzBodies(bodies: FuzzBody[], count: number, random: () => number): FuzzBody[] {
  const pick = (from: FuzzBody[], n: number) => {
    const pool = [...from];
    const picked: FuzzBody[] = [];
    while (picked.length < n && pool.length > 0) {
      picked.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
    }
    return picked;
  };
  const forIntents = bodies.filter((body) => body.intent !== undefined);
  const generic = bodies.filter((body) => body.intent === undefined);
  const fromIntents = pick(forIntents, Math.ceil(count / 2));
  return [...fromIntents, ...pick(generic, count - fromIntents.length)];
}

/** Names of the form fields in a page's HTML. */
export function fieldNamesIn(html: string): string[] {
  return [
    ...new Set(
      [...html.matchAll(/<(?:input|select|textarea|button)\b[^>]*\bname="([^"]+)"/g)].map((m) => m[1]),
    ),
  ];
}

/** What would betray the server's internals: stack frames, source paths, error class names. */
export const LEAK_PATTERNS: RegExp[] = [
  /\bat [\w$.<>[\] ]+ \((?:file:\/\/|\/|node:)/,
  /^\s+at (?:file:\/\/|\/|node:)/m,
  /node_modules\//,
  /(?:\/work\/|\/app\/|\/build[\w-]*\/server\/)[\w./-]+\.(?:[cm]?[jt]sx?)\b/,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError|DrizzleQueryError|PGliteError)\b/,
  /invalid input syntax for type/,
  /Failed query:/,
];

export function leaks(body: string): string | null {
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(body);
    if (match) return body.slice(Math.max(0, match.index - 80), match.index + 120);
  }
  return null;
}

/** `name=value` pairs of Set-Cookie headers, for a Cookie header. */
export function cookieHeader(setCookies: string[]) {
  return setCookies
    .map((line) => line.split(";")[0].trim())
    .filter((pair) => !/=$/.test(pair))
    .join("; ");
}

export type ParsedCookie = { name: string; value: string; attributes: Map<string, string> };

export function parseSetCookie(line: string): ParsedCookie {
  const [pair, ...rest] = line.split(";");
  const at = pair.indexOf("=");
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const [key, ...value] = attribute.trim().split("=");
    if (key) attributes.set(key.toLowerCase(), value.join("="));
  }
  return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), attributes };
}
