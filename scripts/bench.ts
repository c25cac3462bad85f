/**
 * `npm run bench`: server throughput of the pages anonymous visitors see, against the production build
 * on PostgreSQL with the demo data. For `/`, `/merch` and a product page it runs autocannon (50
 * connections, 20 s) against the page and, in the same run, against a static HTML file of the same
 * size served by the same server, and prints requests/s, p50/p99 latency, errors and the ratio page /
 * static file (target ≥ 0.5, zero errors). Then it changes a price in the panel five times and prints
 * how long until an anonymous visitor sees the new price (target ≤ 1 s).
 *
 * Build first (`npm run build`). Options: BENCH_CONNECTIONS (50), BENCH_SECONDS (20),
 * BENCH_DATABASE_URL (else TEST_DATABASE_URL, else a throwaway local PostgreSQL), --out=file.json.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { demoProductId } from "../db/seed";
import { startServer } from "../tests/support/server";
import { adminCookie, freshDatabase, postgresAdminUrl } from "./bench-support";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 20);
const outArg = process.argv.find((arg) => arg.startsWith("--out="))?.slice("--out=".length);
const PRODUCT = "torba-nokturn-tote";
const PAGES = [
  { name: "/", path: "/" },
  { name: "/merch", path: "/merch" },
  { name: "product page", path: `/merch/${PRODUCT}` },
];

type Figures = { rps: number; p50: number; p99: number; errors: number; requests: number };

async function load(url: string): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers: { "accept-encoding": "gzip, br" } });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
  };
}

const database = await freshDatabase(postgresAdminUrl(), "bench");
const server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: "warn" } });
const clientDir = path.resolve(process.env.BUILD_DIR ?? "build", "client");
const staticFiles: string[] = [];

try {
  const rows: Record<string, string | number>[] = [];
  for (const page of PAGES) {
    // The static twin: this page's own HTML, as a file the same server sends with express.static.
    const html = await (await fetch(`${server.url}${page.path}`)).text();
    const file = `bench-static-${staticFiles.length}.html`;
    fs.writeFileSync(path.join(clientDir, file), html);
    staticFiles.push(path.join(clientDir, file));

    process.stdout.write(`${page.name}: page…`);
    const dynamic = await load(`${server.url}${page.path}`);
    process.stdout.write(" static file…");
    const still = await load(`${server.url}/${file}`);
    process.stdout.write(" done\n");
    rows.push({
      page: page.name,
      "HTML bytes": Buffer.byteLength(html),
      "page req/s": dynamic.rps,
      "page p50 ms": dynamic.p50,
      "page p99 ms": dynamic.p99,
      "page errors": dynamic.errors,
      "static req/s": still.rps,
      "static p50 ms": still.p50,
      "static p99 ms": still.p99,
      "static errors": still.errors,
      ratio: Number((dynamic.rps / still.rps).toFixed(2)),
    });
  }

  // A price changed in the panel: how long until an anonymous visitor sees it?
  const cookie = await adminCookie(server.url);
  const productId = demoProductId(PRODUCT);
  const delays: number[] = [];
  for (let i = 0; i < 5; i++) {
    const price = `${70 + i},${String(11 + i).padStart(2, "0")}`;
    const form = new URLSearchParams({
      name: "Torba NOKTURN Tote",
      slug: PRODUCT,
      description:
        "Mocna torba z grubego płótna na winyle, zakupy i wszystko, co trzeba zabrać na after. Wewnętrzna kieszeń na telefon i klucze.",
      price,
      stockQuantity: "40",
      category: "accessory",
      isActive: "on",
      images: "[]",
    });
    // Warm the cache with the old price first.
    await fetch(`${server.url}/merch/${PRODUCT}`);
    await fetch(`${server.url}/merch/${PRODUCT}`);
    const saved = await fetch(`${server.url}/admin/products/${productId}/edit`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: form,
      redirect: "manual",
    });
    if (saved.status !== 302) throw new Error(`price change refused: ${saved.status} ${await saved.text()}`);
    const t0 = performance.now();
    while (!(await (await fetch(`${server.url}/merch/${PRODUCT}`)).text()).includes(price)) {
      if (performance.now() - t0 > 10_000) throw new Error("the new price never appeared");
    }
    delays.push(performance.now() - t0);
  }

  console.log(
    `\nthroughput, ${connections} connections × ${duration} s, production build on PostgreSQL, ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)})`,
  );
  console.table(rows);
  const worst = Math.max(...delays);
  console.log(
    `price change → visible to anonymous visitors: ${delays.map((d) => `${d.toFixed(0)} ms`).join(", ")} (worst ${worst.toFixed(0)} ms, target ≤ 1000 ms)`,
  );
  if (outArg) {
    fs.writeFileSync(
      outArg,
      JSON.stringify({ date: new Date().toISOString(), connections, duration, rows, delays }, null, 2),
    );
    console.log(`written to ${outArg}`);
  }
} finally {
  for (const file of staticFiles) fs.rmSync(file, { force: true });
  await server.stop();
  await database.drop();
}
