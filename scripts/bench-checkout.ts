/**
 * `npm run bench:checkout`: 50 concurrent buyers starting checkout against the production build
 * (embedded database, test payment provider). Prints latency percentiles, throughput and errors.
 * Options: BENCH_CONCURRENCY (50), BENCH_REQUESTS (1000).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../app/lib/db.server";
import * as s from "../db/schema";
import { seedDemo } from "../db/seed";
import { startServer } from "../tests/support/server";

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const total = Number(process.env.BENCH_REQUESTS ?? 1000);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// Prepare a data directory with the demo content and a product deep enough in stock for every buyer.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-bench-"));
const handle = await openDatabase({ dataDir });
await handle.migrate();
await seedDemo(handle.db);
const [tote] = await handle.db
  .update(s.products)
  .set({ stockQuantity: 1_000_000 })
  .where(eq(s.products.slug, "torba-nokturn-tote"))
  .returning();
await handle.close();

// All simulated buyers come from 127.0.0.1: the per-address checkout caps (decision 015) are raised.
const server = await startServer({
  dataDir,
  env: { LOG_LEVEL: "warn", CHECKOUT_OPEN_PER_IP: "10000", CHECKOUT_STARTS_PER_IP: "100000" },
});
const body = JSON.stringify({
  lines: [{ productId: tote.id, variantId: null, quantity: 1 }],
  deliveryMethod: "courier",
  locker: null,
  discountCode: "NOKTURN10",
});

const latencies: number[] = [];
const statuses = new Map<number | string, number>();
let next = 0;
const started = performance.now();

async function buyer() {
  while (next < total) {
    next += 1;
    const t0 = performance.now();
    try {
      const response = await fetch(`${server.url}/api/checkout`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body,
      });
      const json = (await response.json()) as { url?: string };
      const key = response.status === 200 && json.url ? 200 : response.status;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    } catch (error) {
      statuses.set(String(error), (statuses.get(String(error)) ?? 0) + 1);
    }
    latencies.push(performance.now() - t0);
  }
}

try {
  await Promise.all(Array.from({ length: concurrency }, buyer));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const ok = statuses.get(200) ?? 0;
  const errors = latencies.length - ok;
  console.log(
    `\ncheckout start, ${concurrency} concurrent buyers, ${latencies.length} requests (${os.cpus().length} cores, ${handle.kind})`,
  );
  console.table({
    "p50 ms": percentile(latencies, 50).toFixed(1),
    "p95 ms": percentile(latencies, 95).toFixed(1),
    "p99 ms": percentile(latencies, 99).toFixed(1),
    "max ms": latencies[latencies.length - 1].toFixed(1),
    "requests/s": (latencies.length / seconds).toFixed(1),
    ok,
    errors,
  });
  if (errors > 0) console.log("statuses:", Object.fromEntries(statuses));
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
