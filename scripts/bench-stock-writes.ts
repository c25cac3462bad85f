/**
 * `npm run bench:stock-writes` (decision 032): what stock writes cost the page cache. The production
 * build on PostgreSQL serves `/`, `/merch` and a product page to autocannon (anonymous, `br, gzip`) in
 * three modes, in the same run:
 *
 * - **quiet**: no writes;
 * - **stock writes, 0010**: the product's stock taken and given back twice a second (one unit, one
 *   transaction each, with the very statements a checkout start and a release run:
 *   app/modules/catalog/stock.server.ts; with BENCH_STOCK_WRITES=checkout, real checkout starts through
 *   the cart's checkout form and their cancellations on the test payment page instead, so the server does that
 *   work too), with the triggers of migration 0010 (a stock change marks the pages that show stock);
 * - **stock writes, 0003**: the same writes with the triggers as migration 0003 made them (every UPDATE
 *   of a product or variant notifies a content change, and every instance empties its whole cache):
 *   the behaviour before decision 032, switched in this database only, while the server runs.
 *
 * The modes take turns for BENCH_ROUNDS rounds, so the machine's other work hits all three alike.
 * Printed per page and mode, the median of the rounds: requests/s, p50/p99, how many responses were
 * rendered (X-Cache MISS), the ratio to the quiet mode; errors summed. Then, with each set of triggers,
 * how long a product page rendered just before a sale of its last units takes to show it sold out.
 *
 * Build first (`npm run build`). Options: BENCH_CONNECTIONS (20), BENCH_SECONDS (10), BENCH_ROUNDS (3),
 * BENCH_STOCK_WRITES (`direct` or `checkout`), BENCH_DATABASE_URL (else TEST_DATABASE_URL, else a
 * throwaway local PostgreSQL).
 */
import os from "node:os";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { openDatabase } from "../app/lib/db.server";
import { giveStockBack, type StockLine, takeStock } from "../app/modules/catalog/stock.server";
import * as s from "../db/schema";
import { demoProductId, seedDemo } from "../db/seed";
import { type PostCartForm, postWithFetch } from "../tests/support/cart-checkout";
import { startServer } from "../tests/support/server";
import { freshDatabase, postgresAdminUrl } from "./bench-support";

const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const viaCheckout = process.env.BENCH_STOCK_WRITES === "checkout";
const PRODUCT = "torba-nokturn-tote";
/** One stock write every 250 ms, taking and giving back in turn: two of each a second. */
const WRITE_EVERY_MS = 250;
const PAGES = [
  { name: "/", path: "/" },
  { name: "/merch", path: "/merch" },
  { name: "product page", path: `/merch/${PRODUCT}` },
];

type Triggers = "0010" | "0003";

/** The UPDATE triggers of products and variants as migration 0010 leaves them, or as 0003 made them. */
function triggerSql(triggers: Triggers) {
  return ["products", "product_variants"].flatMap((table) => {
    const productColumn = table === "products" ? "id" : "product_id";
    const statements = [
      `drop trigger if exists "${table}_row_updated" on "${table}"`,
      `drop trigger if exists "${table}_content_changed" on "${table}"`,
    ];
    if (triggers === "0003") {
      statements.push(
        `create trigger "${table}_content_changed" after insert or update or delete or truncate on "${table}" for each statement execute function "notify_content_changed"()`,
      );
    } else {
      statements.push(
        `create trigger "${table}_content_changed" after insert or delete or truncate on "${table}" for each statement execute function "notify_content_changed"()`,
        `create trigger "${table}_row_updated" after update on "${table}" for each row execute function "notify_catalog_row_updated"('${productColumn}')`,
      );
    }
    return statements;
  });
}

const database = await freshDatabase(postgresAdminUrl(), "stockwrites");
const handle = await openDatabase({ databaseUrl: database.url });
await handle.migrate();
await seedDemo(handle.db);
const productId = demoProductId(PRODUCT);
await handle.db.update(s.products).set({ stockQuantity: 1_000 }).where(eq(s.products.id, productId));
const line: StockLine = { productId, variantId: null, quantity: 1 };

async function switchTriggers(triggers: Triggers) {
  await handle.db.transaction(async (tx) => {
    for (const statement of triggerSql(triggers)) await tx.execute(sql.raw(statement));
  });
}

const take = (lines: StockLine[]) =>
  handle.db.transaction((tx) => takeStock(tx, lines, { refuse: () => new Error("stock short") }));
const giveBack = (lines: StockLine[]) => handle.db.transaction((tx) => giveStockBack(tx, lines));

/**
 * A checkout start for one unit through the cart's forms, as a visitor's browser sends them; resolves
 * to its payment page. One buyer: the unit is added once, and a cancelled payment leaves it in the cart.
 */
let buyer: PostCartForm | undefined;
async function startCheckout() {
  if (!buyer) {
    buyer = postWithFetch(server.url);
    const added = await buyer({ intent: "add", productId: [productId] });
    if (added.status >= 400) throw new Error(`add to cart: ${added.status}`);
  }
  const started = await buyer({ intent: "checkout" });
  if (started.status !== 303 || !started.location) throw new Error(`checkout start: ${started.status}`);
  return new URL(started.location, server.url).toString();
}

/** The buyer cancels on the test payment page: the checkout is released and its stock given back. */
async function cancelCheckout(paymentPage: string) {
  const response = await fetch(paymentPage, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
    body: new URLSearchParams({ intent: "cancel" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  if (response.status !== 302) throw new Error(`checkout cancel: ${response.status}`);
}

/** Takes one unit and gives it back in turn, every WRITE_EVERY_MS, until stopped; resolves to the count. */
function writeStock() {
  let writes = 0;
  let taken: string | null = null;
  let running = Promise.resolve();
  const giveBackTaken = async () => {
    if (taken === null) return;
    await (viaCheckout ? cancelCheckout(taken) : giveBack([line]));
    taken = null;
  };
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (taken !== null) await giveBackTaken();
      else if (viaCheckout) taken = await startCheckout();
      else taken = await take([line]).then(() => "");
      writes += 1;
    });
  }, WRITE_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await running;
    await giveBackTaken();
    return writes;
  };
}

type Figures = { rps: number; p50: number; p99: number; errors: number; rendered: number };

async function load(url: string, seconds = duration): Promise<Figures> {
  let rendered = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
    requests: [
      {
        method: "GET",
        onResponse: (_status, _body, _context, headers) => {
          const cache = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === "x-cache");
          if (cache?.[1] === "MISS") rendered += 1;
        },
      },
    ],
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    rendered,
  };
}

// The simulated buyers all come from 127.0.0.1: the per-address checkout caps are raised as for a
// venue's Wi-Fi (as `npm run bench:drop` does).
const server = await startServer({
  env: {
    DATABASE_URL: database.url,
    LOG_LEVEL: "warn",
    CHECKOUT_OPEN_PER_IP: "10000",
    CHECKOUT_STARTS_PER_IP: "100000",
  },
});
const loadBefore = os.loadavg()[0].toFixed(2);

/**
 * How long until a product page rendered just before a sale of the product's last units shows it sold
 * out, five times: the stock is given back, the page re-rendered with it, then every unit taken.
 */
async function soldOutLag() {
  const url = `${server.url}/merch/${PRODUCT}`;
  const soldOut = /data-testid="stock-indicator" data-level="out"/;
  const lags: number[] = [];
  for (let i = 0; i < 5; i++) {
    const [row] = await handle.db
      .select({ stock: s.products.stockQuantity })
      .from(s.products)
      .where(eq(s.products.id, productId));
    const all = { ...line, quantity: row.stock };
    // Wait until the page is kept in stock, rendered now.
    const shown = performance.now();
    while (soldOut.test(await (await fetch(url)).text())) {
      if (performance.now() - shown > 10_000) throw new Error("the product never came back in stock");
    }
    await take([all]);
    const t0 = performance.now();
    while (!soldOut.test(await (await fetch(url)).text())) {
      if (performance.now() - t0 > 10_000) throw new Error("the product never showed sold out");
    }
    lags.push(Math.round(performance.now() - t0));
    await giveBack([all]);
  }
  return lags;
}

try {
  const rows: Record<string, string | number>[] = [];
  const modes = [
    ["quiet", null],
    ["stock writes, 0010", "0010"],
    ["stock writes, 0003 (before)", "0003"],
  ] as const;
  for (const page of PAGES) {
    const url = `${server.url}${page.path}`;
    await switchTriggers("0010");
    for (let i = 0; i < 3; i++) await fetch(url).then((response) => response.arrayBuffer());
    await load(url, 2); // warm-up: JIT, connections, the page cache
    // The modes take turns, round after round: a burst of the machine's other work hits all three alike.
    const figures = modes.map(() => [] as Figures[]);
    for (let round = 0; round < rounds; round++) {
      for (const [index, [mode, triggers]] of modes.entries()) {
        process.stdout.write(`${page.name}, round ${round + 1}, ${mode}…`);
        // A page kept before the run starts (the 0003 mode's last write emptied the cache).
        for (let i = 0; i < 3; i++) await fetch(url).then((response) => response.arrayBuffer());
        if (triggers) await switchTriggers(triggers);
        const stop = triggers ? writeStock() : async () => 0;
        const result = await load(url);
        const writes = await stop();
        await switchTriggers("0010");
        process.stdout.write(` ${result.rps} req/s${triggers ? `, ${writes} stock writes` : ""}\n`);
        figures[index].push(result);
      }
    }
    const median = (index: number, key: keyof Figures) =>
      [...figures[index].map((result) => result[key])].sort((a, b) => a - b)[Math.floor(rounds / 2)];
    const quiet = median(0, "rps");
    for (const [index, [mode]] of modes.entries()) {
      rows.push({
        page: page.name,
        mode,
        "req/s": median(index, "rps"),
        "p50 ms": median(index, "p50"),
        "p99 ms": median(index, "p99"),
        errors: figures[index].reduce((sum, result) => sum + result.errors, 0),
        rendered: median(index, "rendered"),
        "of quiet": Number((median(index, "rps") / quiet).toFixed(2)),
      });
    }
  }

  await switchTriggers("0010");
  const lagAfter = await soldOutLag();
  await switchTriggers("0003");
  const lagBefore = await soldOutLag();
  await switchTriggers("0010");

  const loadAfter = os.loadavg()[0].toFixed(2);
  console.log(
    `\ncached pages while stock is taken and given back (2 + 2 writes/s, ${viaCheckout ? "checkout starts and cancellations through the site" : "direct"}), ${connections} connections × ${duration} s, median of ${rounds} rounds, br, gzip, production build on PostgreSQL, ${os.cpus().length} cores, load average ${loadBefore} before and ${loadAfter} after (${new Date().toISOString().slice(0, 10)})`,
  );
  const columns = Object.keys(rows[0]);
  console.log(`| ${columns.join(" | ")} |\n| ${columns.map(() => "---").join(" | ")} |`);
  for (const row of rows) console.log(`| ${columns.map((column) => row[column]).join(" | ")} |`);
  console.log(
    `last unit sold → product page (rendered just before) shows it sold out: 0010 ${lagAfter.map((ms) => `${ms} ms`).join(", ")}; 0003 ${lagBefore.map((ms) => `${ms} ms`).join(", ")}`,
  );
} finally {
  await server.stop();
  await handle.close();
  await database.drop();
}
