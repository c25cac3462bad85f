/**
 * `npm run bench:render`: the pages the page cache cannot serve (issue #39), at saturation on one
 * instance — a signed-in customer's product page and `/merch`, `/cart` with one line, the account's
 * orders, an order page, the test payment page, an anonymous 404 — for this build and, in the same
 * run, the build of the commit the issue started from, alternating (base, this, base, this…) so a
 * change in the machine's load falls on both. Printed per page: req/s, p50/p99 and the ratio
 * this ÷ base (target ≥ 4, p99 ≤ 100 ms on PostgreSQL).
 *
 * Build first (`npm run build`). The base is checked out as a git worktree under `.bench/` and built
 * there once (node_modules linked from here). Options: --base=<commit> (0628bed, where issue #39
 * started), --db=pglite,postgres (both), --pages=name,… (all), BENCH_CONNECTIONS (10),
 * BENCH_SECONDS (8 per round), BENCH_ROUNDS (2), --profile (the current server runs with
 * `--cpu-prof`; profiles in bench-results/profiles/), --only-current (no base), --out=file.json.
 * PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, else scripts/start-test-postgres.sh.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_CUSTOMER } from "../db/seed";
import { checkoutThroughCart, postWithFetch } from "../tests/support/cart-checkout";
import { startServer, type TestServer } from "../tests/support/server";
import { baseCheckout, freshDatabase, postgresAdminUrl } from "./bench-support";

const arg = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const flag = (name: string) => process.argv.includes(`--${name}`);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const baseCommit = arg("base") ?? "0628bed";
const databases = (arg("db") ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const onlyPages = arg("pages")?.split(",");
const profile = flag("profile");
const onlyCurrent = flag("only-current");
const outArg = arg("out");
const TARGET_RATIO = 4;
const TARGET_P99_MS = 100;
const PRODUCT = "torba-nokturn-tote";

type Page = { name: string; path: string; cookie: string };
type Figures = { rps: number; p50: number; p99: number; errors: number };

function cookiesOf(response: Response, jar = new Map<string, string>()) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair.indexOf("=");
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/** The pages of one server, with the cookies that make each uncacheable as a real visitor's. */
async function pagesOf(url: string): Promise<Page[]> {
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!signIn.ok) throw new Error(`customer sign-in failed: ${signIn.status}`);
  const customer = header(cookiesOf(signIn));
  const orders = await (await fetch(`${url}/account/orders`, { headers: { cookie: customer } })).text();
  const orderId =
    orders.match(/\/zamowienie\/([0-9a-f-]{36})/)?.[1] ?? orders.match(/order=([0-9a-f-]{36})/)?.[1];
  if (!orderId) throw new Error("the customer's orders page links no order");

  // A guest with one line in the cart.
  const productPage = await (await fetch(`${url}/merch/${PRODUCT}`)).text();
  const productId = productPage.match(/name="productId" value="([^"]+)"/)?.[1];
  if (!productId) throw new Error("the product page has no add-to-cart form");
  const added = await fetch(`${url}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ intent: "add", productId, variantId: "", quantity: "1", _enhanced: "1" }),
  });
  if (added.status >= 400) throw new Error(`add to cart refused: ${added.status}`);
  const cart = header(cookiesOf(added));

  // Another guest who started paying.
  const started = await checkoutThroughCart(postWithFetch(url), {
    lines: [{ productId }],
    deliveryMethod: "courier",
    email: "bench-render@example.com",
  });
  if (!started.url) throw new Error(`checkout refused: ${started.status} ${started.text?.slice(0, 200)}`);
  const payment = new URL(started.url, url);

  const all: Page[] = [
    { name: "product page, signed in", path: `/merch/${PRODUCT}`, cookie: customer },
    { name: "/merch, signed in", path: "/merch", cookie: customer },
    { name: "/cart with one line", path: "/cart", cookie: cart },
    { name: "/account/orders", path: "/account/orders", cookie: customer },
    { name: "order page", path: `/zamowienie/${orderId}`, cookie: customer },
    { name: "payment page", path: payment.pathname + payment.search, cookie: "" },
    { name: "404, anonymous", path: "/nie-ma-takiej-strony", cookie: "" },
  ];
  return all.filter((page) => !onlyPages || onlyPages.some((name) => page.name.startsWith(name)));
}

async function load(url: string, page: Page, duration: number): Promise<Figures> {
  const result = await autocannon({
    url: `${url}${page.path}`,
    connections,
    duration,
    headers: {
      "accept-encoding": "br, gzip",
      accept: "text/html",
      ...(page.cookie ? { cookie: page.cookie } : {}),
    },
  });
  const expected = page.name.startsWith("404") ? 404 : 200;
  const codes = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
  const wrong = Object.entries(codes).reduce(
    (sum, [code, { count }]) => (Number(code) === expected ? sum : sum + count),
    0,
  );
  if (wrong > 0 || result.errors > 0 || result.timeouts > 0) {
    console.log(
      `  ${page.name} on ${url}: status codes ${JSON.stringify(codes)}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + wrong,
  };
}

async function checkPage(url: string, page: Page) {
  const response = await fetch(`${url}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {} });
  const expected = page.name.startsWith("404") ? 404 : 200;
  if (response.status !== expected) throw new Error(`${page.name}: ${response.status} on ${url}`);
  if (response.headers.get("x-cache")) throw new Error(`${page.name}: served from the page cache`);
}

type Side = { label: "base" | "this"; server: TestServer; pages: Page[] };

async function startSide(label: Side["label"], db: "pglite" | "postgres", cwd?: string) {
  const database = db === "postgres" ? await freshDatabase(postgresAdminUrl(), `render_${label}`) : undefined;
  const profileDir = path.resolve("bench-results/profiles", `${db}-${Date.now()}`);
  const env: Record<string, string> = { LOG_LEVEL: "warn", DATABASE_URL: database?.url ?? "" };
  if (profile && label === "this") env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
  const server = await startServer({ env, cwd });
  const pages = await pagesOf(server.url);
  for (const page of pages) await checkPage(server.url, page);
  return {
    side: { label, server, pages } satisfies Side,
    async stop() {
      if (process.env.BENCH_DEBUG)
        console.log(`--- ${label} server output ---\n${server.output().slice(-3000)}`);
      await server.stop();
      await database?.drop();
      if (profile && label === "this") console.log(`profile written to ${profileDir}`);
    },
  };
}

const base = onlyCurrent ? undefined : baseCheckout(baseCommit);
const results: Record<string, unknown>[] = [];
for (const db of databases) {
  const started = [await startSide("this", db)];
  if (base) started.unshift(await startSide("base", db, base));
  const sides = started.map((entry) => entry.side);
  try {
    const pageCount = sides[0].pages.length;
    for (let index = 0; index < pageCount; index++) {
      const name = sides[0].pages[index].name;
      for (const side of sides) await load(side.server.url, side.pages[index], 2); // warm-up
      const figures = new Map<string, Figures[]>(sides.map((side) => [side.label, []]));
      for (let round = 0; round < rounds; round++) {
        for (const side of sides) {
          figures.get(side.label)?.push(await load(side.server.url, side.pages[index], seconds));
        }
      }
      const summary = (label: string) => {
        const list = figures.get(label) ?? [];
        if (list.length === 0) return undefined;
        const mean = (pick: (f: Figures) => number) =>
          list.reduce((sum, f) => sum + pick(f), 0) / list.length;
        return {
          rps: Math.round(mean((f) => f.rps) * 10) / 10,
          p50: Math.round(mean((f) => f.p50)),
          p99: Math.max(...list.map((f) => f.p99)),
          errors: list.reduce((sum, f) => sum + f.errors, 0),
        };
      };
      const ours = summary("this");
      const theirs = summary("base");
      const row = {
        db,
        page: name,
        "base req/s": theirs?.rps ?? "—",
        "base p50/p99 ms": theirs ? `${theirs.p50} / ${theirs.p99}` : "—",
        "this req/s": ours?.rps,
        "this p50/p99 ms": `${ours?.p50} / ${ours?.p99}`,
        "errors base/this": `${theirs?.errors ?? "—"} / ${ours?.errors ?? 0}`,
        ratio: theirs && ours ? Number((ours.rps / theirs.rps).toFixed(2)) : "—",
        ok:
          ours &&
          (!theirs || ours.rps / theirs.rps >= TARGET_RATIO) &&
          (db !== "postgres" || ours.p99 <= TARGET_P99_MS) &&
          ours.errors === 0 &&
          (!theirs || theirs.errors === 0)
            ? "yes"
            : "no",
      };
      results.push(row);
      console.log(
        `${db} · ${name}: base ${row["base req/s"]} req/s, this ${row["this req/s"]} req/s (×${row.ratio})`,
      );
    }
  } finally {
    for (const entry of started) await entry.stop();
  }
}

const load1 = os.loadavg()[0].toFixed(2);
console.log(
  `\nuncached pages, one instance, ${connections} connections, ${rounds} × ${seconds} s alternating, base ${baseCommit}, ${os.cpus().length} cores, load average ${load1} (${new Date().toISOString().slice(0, 10)})`,
);
const columns = Object.keys(results[0] ?? {});
console.log(`| ${columns.join(" | ")} |\n| ${columns.map(() => "---").join(" | ")} |`);
for (const row of results) console.log(`| ${columns.map((column) => row[column]).join(" | ")} |`);
const short = results.filter((row) => row.ok !== "yes");
console.log(
  short.length === 0
    ? `target met: every page ≥ ${TARGET_RATIO}× the base, p99 ≤ ${TARGET_P99_MS} ms on PostgreSQL, no errors`
    : `target NOT met for: ${short.map((row) => `${row.db} ${row.page}`).join("; ")}`,
);
if (outArg) {
  fs.writeFileSync(
    outArg,
    JSON.stringify({ date: new Date().toISOString(), baseCommit, rows: results }, null, 2),
  );
  console.log(`written to ${outArg}`);
}
