/**
 * `npm run bench:checkout`: 50 concurrent buyers starting checkout against the production build
 * (embedded database, test payment provider) through the cart's forms, the shop's one way to pay: each
 * buyer adds the product, applies a code and presses checkout (timed: the 303 to the payment page).
 * Prints latency percentiles, throughput and errors.
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

// Each simulated buyer has an address of its own (X-Forwarded-For, trusted here), as real buyers do:
// the per-address caps (new carts, code checks, checkouts: decision 015) stay as they ship.
const server = await startServer({
  dataDir,
  env: { LOG_LEVEL: "warn", TRUST_PROXY: "1" },
});

/** Posts one cart form; answers the response (redirects are not followed). */
function post(fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url, ...headers },
    body: new URLSearchParams(fields),
  });
}

const latencies: number[] = [];
const statuses = new Map<number | string, number>();
let next = 0;
const started = performance.now();

async function buyer() {
  while (next < total) {
    next += 1;
    const ip = `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
    try {
      const added = await post({ intent: "add", productId: tote.id }, { "x-forwarded-for": ip });
      const cartId = added.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("nokturn_cart_id="))
        ?.split(";")[0];
      const headers = { "x-forwarded-for": ip, cookie: cartId ?? "" };
      await post({ intent: "code", code: "NOKTURN10", _enhanced: "1" }, headers);
      const t0 = performance.now();
      const response = await post({ intent: "checkout" }, headers);
      latencies.push(performance.now() - t0);
      const paid =
        response.status === 303 && /\/platnosc-testowa\//.test(response.headers.get("location") ?? "");
      const key = paid ? 200 : response.status;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    } catch (error) {
      statuses.set(String(error), (statuses.get(String(error)) ?? 0) + 1);
      latencies.push(Number.NaN);
    }
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
