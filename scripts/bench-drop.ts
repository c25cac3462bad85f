/**
 * `npm run bench:drop`: a merch drop on PostgreSQL. 500 simulated visitors arrive over 60 s and browse
 * `/merch` and product pages; 200 of them also try to buy one unit of a product with 50 in stock
 * (checkout start, then paying on the built-in test payment page). Printed: requests served, 5xx
 * count (target 0), units sold (exactly 50), stock at the end (0, never negative), p50/p99 of
 * checkout start.
 *
 * Build first (`npm run build`). Options: DROP_VISITORS (500), DROP_BUYERS (200), DROP_SECONDS (60),
 * DROP_UNITS (50), BENCH_DATABASE_URL (else TEST_DATABASE_URL, else a throwaway local PostgreSQL).
 */
import os from "node:os";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../app/lib/db.server";
import * as s from "../db/schema";
import { seedDemo } from "../db/seed";
import { startServer } from "../tests/support/server";
import { freshDatabase, percentile, postgresAdminUrl } from "./bench-support";

const visitors = Number(process.env.DROP_VISITORS ?? 500);
const buyers = Number(process.env.DROP_BUYERS ?? 200);
const seconds = Number(process.env.DROP_SECONDS ?? 60);
const units = Number(process.env.DROP_UNITS ?? 50);
const DROP = "torba-nokturn-tote";
const BROWSED = ["koszulka-nokturn-logo", "bluza-nokturn-afterhours", "czapka-nokturn-beanie", DROP];

const database = await freshDatabase(postgresAdminUrl(), "drop");
// The demo content, with the drop product at exactly `units` in stock.
const handle = await openDatabase({ databaseUrl: database.url });
await handle.migrate();
await seedDemo(handle.db);
const [drop] = await handle.db
  .update(s.products)
  .set({ stockQuantity: units })
  .where(eq(s.products.slug, DROP))
  .returning();

const unitsInOrders = async () => {
  const [row] = await handle.db
    .select({ units: sql<number>`coalesce(sum(${s.orderItems.quantity}), 0)::int` })
    .from(s.orderItems)
    .where(eq(s.orderItems.productId, drop.id));
  return row.units;
};
// The demo orders may already hold the product: only what the drop adds counts.
const unitsBefore = await unitsInOrders();

// All simulated buyers come from 127.0.0.1: the per-address checkout caps (decision 015) are raised
// as for a venue's Wi-Fi.
const server = await startServer({
  env: {
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    CHECKOUT_OPEN_PER_IP: "10000",
    CHECKOUT_STARTS_PER_IP: "100000",
  },
});
const statuses = new Map<string, number>();
const checkoutLatencies: number[] = [];
let served = 0;
let paid = 0;
let refused = 0;

function count(key: string) {
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
}

async function get(path: string) {
  try {
    const response = await fetch(`${server.url}${path}`);
    await response.arrayBuffer();
    served += 1;
    count(String(response.status));
  } catch (error) {
    count(`network: ${(error as Error).message}`);
  }
}

async function buy() {
  const t0 = performance.now();
  let response: Response;
  try {
    response = await fetch(`${server.url}/api/checkout`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({
        lines: [{ productId: drop.id, variantId: null, quantity: 1 }],
        deliveryMethod: "courier",
        locker: null,
        discountCode: null,
      }),
    });
  } catch (error) {
    count(`network: ${(error as Error).message}`);
    return;
  }
  checkoutLatencies.push(performance.now() - t0);
  served += 1;
  count(String(response.status));
  const body = (await response.json()) as { url?: string };
  if (response.status !== 200 || !body.url) {
    refused += 1;
    return;
  }
  // Pay on the test provider's page, as the buyer would.
  const payment = await fetch(new URL(new URL(body.url).pathname, server.url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({
      intent: "pay",
      email: `kupujacy-${Math.random().toString(36).slice(2)}@example.com`,
      name: "Kupujący Dropu",
      address: "ul. Świdnicka 1",
      postalCode: "50-066",
      city: "Wrocław",
    }),
    redirect: "manual",
  });
  served += 1;
  count(String(payment.status));
  if (payment.status === 302) paid += 1;
}

/** Exactly `buyers` of the visitors buy, spread evenly over the arrivals. */
const isBuyer = (index: number) =>
  Math.floor(((index + 1) * buyers) / visitors) !== Math.floor((index * buyers) / visitors);

async function visitor(index: number) {
  await new Promise((resolve) => setTimeout(resolve, (index / visitors) * seconds * 1000));
  await get("/merch");
  for (let i = 0; i < 2; i++) await get(`/merch/${BROWSED[Math.floor(Math.random() * BROWSED.length)]}`);
  if (isBuyer(index)) {
    await get(`/merch/${DROP}`);
    await buy();
  }
  await get("/merch");
}

try {
  const started = performance.now();
  const everyone = Array.from({ length: visitors }, (_, i) => i);
  const buying = everyone.filter(isBuyer).length;
  await Promise.all(everyone.map(visitor));
  const elapsed = (performance.now() - started) / 1000;

  const [after] = await handle.db
    .select({ stock: s.products.stockQuantity })
    .from(s.products)
    .where(eq(s.products.id, drop.id));
  const sold = { units: (await unitsInOrders()) - unitsBefore };
  const fiveHundreds = [...statuses].filter(([key]) => /^5\d\d$/.test(key)).reduce((n, [, c]) => n + c, 0);
  const network = [...statuses].filter(([key]) => key.startsWith("network")).reduce((n, [, c]) => n + c, 0);
  checkoutLatencies.sort((a, b) => a - b);

  console.log(
    `\nmerch drop: ${visitors} visitors over ${seconds} s, ${buying} buyers for ${units} units, PostgreSQL, ${os.cpus().length} cores (${new Date().toISOString().slice(0, 10)})`,
  );
  console.table({
    "requests served": served,
    "5xx responses": fiveHundreds,
    "network errors": network,
    "checkouts refused (sold out)": refused,
    "payments completed": paid,
    "units sold (orders)": sold.units,
    "stock at the end": after.stock,
    "checkout start p50 ms": Number(percentile(checkoutLatencies, 50).toFixed(1)),
    "checkout start p99 ms": Number(percentile(checkoutLatencies, 99).toFixed(1)),
    "elapsed s": Number(elapsed.toFixed(1)),
  });
  console.log("statuses:", Object.fromEntries(statuses));
  const ok = fiveHundreds === 0 && network === 0 && sold.units === units && after.stock === 0;
  console.log(ok ? "✓ every target met" : "✗ a target was missed");
  process.exitCode = ok ? 0 : 1;
} finally {
  await handle.close();
  await server.stop();
  await database.drop();
}
