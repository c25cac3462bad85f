/**
 * `npm run bench`: how close the production build comes to the limit of this machine on what a surge
 * of anonymous visitors asks for. For `/`, `/merch`, a product page, one hashed script and the
 * stylesheet it runs autocannon against the site and, in the same run, against nginx (one worker,
 * `gzip_static on`) serving the very same bytes: the page's HTML and the gzip bytes the site sends, the
 * build's script/stylesheet and its `.gz` twin. Each is measured for clients that send
 * `Accept-Encoding: br, gzip` (what browsers send; nginx-light has no Brotli module, so it answers them
 * with gzip) and for clients that send `gzip`. Printed: bytes sent, requests/s, p50/p99 latency, errors
 * and the ratio site / nginx (target ≥ 0.5, zero errors). Then it changes a price in the panel five
 * times and prints how long until an anonymous visitor sees the new price (target ≤ 1 s).
 *
 * Build first (`npm run build`). Needs Debian's nginx-light (installed with apt-get when missing and
 * run as root). Options: BENCH_CONNECTIONS (20), BENCH_SECONDS (10), BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else a throwaway local PostgreSQL), NGINX_PATH (/usr/sbin/nginx), --out=file.json,
 * --url=http://… (measure a server already running instead of starting the build).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoProductId } from "../db/seed";
import { rawGet } from "../tests/support/raw-get";
import { freePort, startServer } from "../tests/support/server";
import { totePriceForm } from "../tests/support/tote-price";
import {
  adminCookie,
  ensureNginx,
  freshDatabase,
  postgresAdminUrl,
  type StaticServer,
  startNginx,
} from "./bench-support";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const arg = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const outArg = arg("out");
const givenUrl = arg("url");
const PRODUCT = "torba-nokturn-tote";
const CLIENTS = ["br, gzip", "gzip"] as const;
const TARGET_RATIO = 0.5;

type Figures = { rps: number; p50: number; p99: number; errors: number };
type Target = { name: string; path: string; nginxPath: string };

async function load(url: string, acceptEncoding: string, seconds = duration): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": acceptEncoding },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** What one client is sent: `br 12,345 B`. */
async function sent(url: string, acceptEncoding: string) {
  const response = await rawGet(url, { "accept-encoding": acceptEncoding });
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  const encoding = String(response.headers["content-encoding"] ?? "identity");
  return {
    encoding,
    bytes: response.body.length,
    label: `${encoding} ${response.body.length.toLocaleString("en")} B`,
  };
}

ensureNginx();
const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const database = givenUrl ? undefined : await freshDatabase(postgresAdminUrl(), "bench");
const server = givenUrl
  ? { url: givenUrl.replace(/\/$/, ""), stop: async () => {} }
  : await startServer({ env: { DATABASE_URL: database?.url ?? "", LOG_LEVEL: "warn" } });
const docRoot = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-bench-static-"));
let nginx: StaticServer | undefined;

try {
  // The same bytes for nginx: each page as the site sends it (plain and gzip), and the build's files.
  const html = (await rawGet(`${server.url}/`, { "accept-encoding": "identity" })).body.toString("utf8");
  const script =
    html.match(/\/assets\/shell-[\w-]+\.js/)?.[0] ?? html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  const stylesheet = html.match(/\/assets\/app-[\w-]+\.css/)?.[0];
  if (!script || !stylesheet) throw new Error("the landing page names no shell script or stylesheet");
  const pages = [
    { name: "/", path: "/" },
    { name: "/merch", path: "/merch" },
    { name: "product page", path: `/merch/${PRODUCT}` },
  ];
  const targets: Target[] = [];
  for (const [index, page] of pages.entries()) {
    // Warm the page cache, then keep what a visitor gets.
    for (let i = 0; i < 3; i++) await rawGet(`${server.url}${page.path}`);
    const plain = await rawGet(`${server.url}${page.path}`, { "accept-encoding": "identity" });
    const gzipped = await rawGet(`${server.url}${page.path}`, { "accept-encoding": "gzip" });
    if (gzipped.headers["content-encoding"] !== "gzip") throw new Error(`${page.path}: not sent gzipped`);
    const file = `page-${index}.html`;
    fs.writeFileSync(path.join(docRoot, file), plain.body);
    fs.writeFileSync(path.join(docRoot, `${file}.gz`), gzipped.body);
    targets.push({ ...page, nginxPath: `/${file}` });
  }
  fs.mkdirSync(path.join(docRoot, "assets"));
  for (const [name, asset] of [
    ["hashed script", script],
    ["stylesheet", stylesheet],
  ] as const) {
    for (const suffix of ["", ".gz"]) {
      fs.copyFileSync(path.join(buildDir, "client", asset + suffix), path.join(docRoot, asset + suffix));
    }
    targets.push({ name: `${name} (${path.basename(asset)})`, path: asset, nginxPath: asset });
  }
  for (const entry of fs.readdirSync(docRoot, { recursive: true })) {
    const file = path.join(docRoot, String(entry));
    fs.chmodSync(file, fs.statSync(file).isDirectory() ? 0o755 : 0o644);
  }
  nginx = await startNginx(docRoot, await freePort());

  const rows: Record<string, string | number>[] = [];
  for (const target of targets) {
    const ours = `${server.url}${target.path}`;
    const theirs = `${nginx.url}${target.nginxPath}`;
    // A short warm-up of both (JIT, connections, the page cache).
    await load(ours, "gzip", 2);
    await load(theirs, "gzip", 2);
    for (const client of CLIENTS) {
      process.stdout.write(`${target.name}, ${client}: site…`);
      const [oursSent, theirsSent] = [await sent(ours, client), await sent(theirs, client)];
      const site = await load(ours, client);
      process.stdout.write(" nginx…");
      const limit = await load(theirs, client);
      process.stdout.write(" done\n");
      rows.push({
        target: target.name,
        client,
        "site sends": oursSent.label,
        "site req/s": site.rps,
        "site p50 ms": site.p50,
        "site p99 ms": site.p99,
        "site errors": site.errors,
        "nginx sends": theirsSent.label,
        "nginx req/s": limit.rps,
        "nginx p50 ms": limit.p50,
        "nginx p99 ms": limit.p99,
        "nginx errors": limit.errors,
        ratio: Number((site.rps / limit.rps).toFixed(2)),
      });
    }
  }

  // A price changed in the panel: how long until an anonymous visitor sees it?
  const delays: number[] = [];
  if (database) {
    const cookie = await adminCookie(server.url);
    const productId = demoProductId(PRODUCT);
    for (let i = 0; i < 5; i++) {
      const price = `${70 + i},${String(11 + i).padStart(2, "0")}`;
      const form = totePriceForm(price);
      // Warm the cache with the old price first.
      await fetch(`${server.url}/merch/${PRODUCT}`);
      await fetch(`${server.url}/merch/${PRODUCT}`);
      const saved = await fetch(`${server.url}/admin/products/${productId}/edit`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: form,
        redirect: "manual",
      });
      if (saved.status !== 303)
        throw new Error(`price change refused: ${saved.status} ${await saved.text()}`);
      const t0 = performance.now();
      while (!(await (await fetch(`${server.url}/merch/${PRODUCT}`)).text()).includes(price)) {
        if (performance.now() - t0 > 10_000) throw new Error("the new price never appeared");
      }
      delays.push(performance.now() - t0);
    }
  }

  const load1 = os.loadavg()[0].toFixed(2);
  console.log(
    `\nthroughput, ${connections} connections × ${duration} s, production build${database ? " on PostgreSQL" : ""}, nginx ${"one worker, gzip_static"}, ${os.cpus().length} cores, load average ${load1} (${new Date().toISOString().slice(0, 10)})`,
  );
  const columns = Object.keys(rows[0]);
  console.log(`| ${columns.join(" | ")} |\n| ${columns.map(() => "---").join(" | ")} |`);
  for (const row of rows) console.log(`| ${columns.map((column) => row[column]).join(" | ")} |`);
  const short = rows.filter((row) => Number(row.ratio) < TARGET_RATIO || Number(row["site errors"]) > 0);
  console.log(
    short.length === 0
      ? `target met: every ratio ≥ ${TARGET_RATIO}, no errors`
      : `target NOT met (ratio ≥ ${TARGET_RATIO}, no errors) for: ${short.map((row) => `${row.target} [${row.client}] ${row.ratio}`).join("; ")}`,
  );
  if (delays.length > 0) {
    const worst = Math.max(...delays);
    console.log(
      `price change → visible to anonymous visitors: ${delays.map((d) => `${d.toFixed(0)} ms`).join(", ")} (worst ${worst.toFixed(0)} ms, target ≤ 1000 ms)`,
    );
  }
  if (outArg) {
    fs.writeFileSync(
      outArg,
      JSON.stringify({ date: new Date().toISOString(), connections, duration, rows, delays }, null, 2),
    );
    console.log(`written to ${outArg}`);
  }
} finally {
  await nginx?.stop();
  fs.rmSync(docRoot, { recursive: true, force: true });
  await server.stop();
  await database?.drop();
}
