/**
 * `npm run bench:drop`: a merch drop, end to end (issue #27). Two production instances share one
 * PostgreSQL database (through its Unix socket) behind nginx as a round-robin balancer (decision 042),
 * and an SMTP server (in this process) receives what their outbox sends. The drop is the demo's tote (no sizes): DROP_UNITS in
 * stock, at most DROP_LIMIT per customer, released at a set instant on the real clock, whole seconds,
 * DROP_BASELINE_SECONDS + 14 s after both instances are warm. DROP_SUBSCRIBERS confirmed "Powiadom mnie"
 * alerts wait for it (rows written directly, as the double opt-in leaves them).
 *
 * 1. Before the release: autocannon on `/`, `/merch` and the product page at once, DROP_CONNECTIONS
 *    connections per page, half straight to each instance (the balancer is a stand-in here, not what is
 *    measured), for DROP_BASELINE_SECONDS after a 1 s warm-up, the pages warm in the page cache. The
 *    load runs in a process of its own (scripts/bench-page-load.ts), ahead of the others on the cores
 *    (nice −10 when root), so the simulated clients and the mail server of this process do not slow
 *    the measuring client itself.
 * 2. From the release instant: the same measurement for DROP_SECONDS while, through the balancer,
 *    DROP_VISITORS visitors (arriving evenly over DROP_SECONDS) load `/`, `/merch` and the product page,
 *    and DROP_BUYERS buyers, who opened the product page in the 3 s before, rush in within its first
 *    second. Each buyer is a browser with a cookie jar of its own, posting the forms as a hydrated page's
 *    script does (`Browser.submit`: to `/cart.data`, so a refusal keeps its status): it adds 3 (more
 *    than the limit) with the product page's form (intent add) and opens the cart page, starts
 *    checkout with the cart's form (intent checkout) giving its e-mail in the form's e-mail field,
 *    follows the redirect to the test payment page and pays there, and is shown the order; one who
 *    paid adds one more and tries again. DROP_TWINS (a share) of the buyers are a second browser of
 *    another buyer, with the same address written differently (capitals, a +tag, Gmail's dots,
 *    googlemail.com). Printed too: whether the cart page had that e-mail field.
 * 3. Then it waits up to DROP_MAIL_SECONDS for every notice and reads the outcome from the database.
 *
 * Printed, with the targets: cached-page throughput during the drop as a ratio to before it, per page
 * (≥ 0.8); 5xx answers (0: autocannon's, the clients', and requests the balancer could not pass on);
 * units sold (exactly DROP_UNITS) and the stock (0 at the end, never below 0 while polled every 200
 * ms); customers over the limit (0: paid units of the drop per customer, a customer being all the
 * checkouts linked by normalised e-mail, account or browser); subscribers e-mailed (every one exactly
 * once, nobody twice, no notice to anyone else, each with List-Unsubscribe), with how long the notices
 * took from the release; p50/p99 of the checkout start (the cart's checkout POST until its answer,
 * through the balancer; no target). Exit code 0 only when every target is met.
 *
 * Client addresses: the instances run with TRUST_PROXY=true, as behind any balancer, and each client
 * says in X-Forwarded-For which address it plays: every visitor and buyer its own, except
 * DROP_VENUE_BUYERS buyers who share one (a club's Wi-Fi on the night). For that address the per-IP
 * checkout caps are raised as a venue would raise them: CHECKOUT_OPEN_PER_IP 100 (default 3; every
 * buyer there holds an open checkout at once), CHECKOUT_STARTS_PER_IP 1000 (default 60 per 10 min).
 * Nothing else is raised. New guest carts per address are fixed at 30 per 10 minutes
 * (cart-commands.server.ts, no setting), so a venue group above 30 gets 429 on "add to cart".
 * SMTP_MAX_PER_MINUTE is DROP_SMTP_PER_MINUTE (a provider allowing 100 a second), so the notices can
 * all go out within the run.
 *
 * Build first (`npm run build`). Options: DROP_VISITORS (500), DROP_BUYERS (200), DROP_UNITS (50),
 * DROP_LIMIT (2), DROP_SUBSCRIBERS (1000), DROP_SECONDS (20), DROP_BASELINE_SECONDS (10),
 * DROP_CONNECTIONS (20 per page), DROP_TWINS (0.2), DROP_VENUE_BUYERS (25), DROP_MAIL_SECONDS (120),
 * DROP_SMTP_PER_MINUTE (6000), DROP_OFFERED_SHARE (0.5), DROP_PROFILE (a directory: each instance
 * writes a V8 CPU profile there when it stops), BENCH_DATABASE_URL (else TEST_DATABASE_URL, else a throwaway local
 * PostgreSQL).
 */

import os from "node:os";
import { and, eq, gte, ne, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../app/lib/db.server";
import { emailKey } from "../app/lib/email-key";
import { STOCK_ALERT_CONSENT_TEXT } from "../app/modules/stock-alerts/stock-alert.schema";
import * as s from "../db/schema";
import { seedDemo } from "../db/seed";
import {
  type BuyerPlan,
  ClientLog,
  crowdSettings,
  measurePagesAround,
  option,
  planBuyers,
  printErrorLines,
  printPageFigures,
  refusalText,
  reportTargets,
  sleep,
  sum,
  tally,
  unitsPerCustomer,
  warmPages,
  withCrowd,
} from "./bench-crowd";
import { type Answer, type Browser, type CaughtMail, sleepUntil } from "./bench-support";

const settings = {
  ...crowdSettings("DROP"),
  visitors: option("DROP_VISITORS", 500),
  buyers: option("DROP_BUYERS", 200),
  units: option("DROP_UNITS", 50),
  subscribers: option("DROP_SUBSCRIBERS", 1000),
  venueBuyers: option("DROP_VENUE_BUYERS", 25),
  mailSeconds: option("DROP_MAIL_SECONDS", 120),
  smtpPerMinute: option("DROP_SMTP_PER_MINUTE", 6000),
};
const DROP = "torba-nokturn-tote";
const PAGES = [
  { name: "/", path: "/" },
  { name: "/merch", path: "/merch" },
  { name: "product page", path: `/merch/${DROP}` },
];
const TARGET_RATIO = 0.8;
/** STOCK_ALERT_MAIL_KINDS.notice (app/emails/stock-alert-mail.server.tsx). */
const NOTICE_KIND = "stock-notice";
/** The venue's Wi-Fi (TEST-NET-1). */
const VENUE_ADDRESS = "192.0.2.10";

// ---------------------------------------------------------------------------------------------
// What the clients saw
// ---------------------------------------------------------------------------------------------

const clients = new ClientLog();
/** How each buyer's first try ended, and the second try of those who paid. */
const outcomes = new Map<string, number>();
const secondTries = new Map<string, number>();
/** Whether the cart page, with the drop in it, had a field for the e-mail the limit needs. */
const emailFields = new Map<string, number>();

// ---------------------------------------------------------------------------------------------
// The database: demo content, the drop product, its subscribers
// ---------------------------------------------------------------------------------------------

async function prepareDatabase(handle: DatabaseHandle) {
  await seedDemo(handle.db);
  // Not on sale until the real instant is set (once the instances are warm), so no notice goes early.
  const [drop] = await handle.db
    .update(s.products)
    .set({
      stockQuantity: settings.units,
      maxPerCustomer: settings.limit,
      releaseAt: new Date(Date.now() + 3_600_000),
    })
    .where(eq(s.products.slug, DROP))
    .returning();
  if (!drop) throw new Error(`the demo has no ${DROP}`);
  const sizes = await handle.db
    .select()
    .from(s.productVariants)
    .where(eq(s.productVariants.productId, drop.id));
  if (sizes.length > 0) throw new Error(`${DROP} has sizes: the bench expects a product without`);
  const subscriberKeys = await insertSubscribers(handle.db, drop.id);
  return { drop, subscriberKeys };
}

/** Subscriber `i`'s address: half Gmail (with dots, as people type them), half another provider. */
function subscriberAddress(i: number) {
  const n = String(i).padStart(4, "0");
  return i % 2 === 0 ? `fan.nokturnu.${n}@gmail.com` : `Fan${n}@example.pl`;
}

/** Confirmed alerts for the drop; returns their normalised addresses. */
async function insertSubscribers(db: Database, productId: string) {
  const now = new Date();
  const rows = Array.from({ length: settings.subscribers }, (_, i) => {
    const email = subscriberAddress(i);
    return {
      productId,
      variantId: null,
      email,
      emailKey: emailKey(email),
      consentText: STOCK_ALERT_CONSENT_TEXT,
      consentedAt: now,
      confirmedAt: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(s.stockAlerts).values(rows.slice(i, i + 500));
  return new Set(rows.map((row) => row.emailKey));
}

/** Sets the release instant: the next whole second `ms` from now. */
async function scheduleRelease(db: Database, productId: string, ms: number) {
  const releaseAt = Math.ceil((Date.now() + ms) / 1000) * 1000;
  await db
    .update(s.products)
    .set({ releaseAt: new Date(releaseAt) })
    .where(eq(s.products.id, productId));
  return releaseAt;
}

/**
 * The lowest stock of the drop seen while it runs (polled every 200 ms), when it first read 0 (seconds
 * after `releaseAt`), and the stock at the end.
 */
function watchStock(db: Database, productId: string, releaseAt: number) {
  let lowest = Number.POSITIVE_INFINITY;
  let soldOutAfter = Number.NaN;
  let running = true;
  const read = async () => {
    const [row] = await db
      .select({ stock: s.products.stockQuantity })
      .from(s.products)
      .where(eq(s.products.id, productId));
    lowest = Math.min(lowest, row.stock);
    if (row.stock <= 0 && Number.isNaN(soldOutAfter)) soldOutAfter = (Date.now() - releaseAt) / 1000;
    return row.stock;
  };
  const loop = (async () => {
    while (running) {
      await read();
      await sleep(200);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const end = await read();
      return { lowest, soldOutAfter, end };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Visitors and buyers (through the balancer)
// ---------------------------------------------------------------------------------------------

/** What a refusal was, for the outcome table. */
function refusal(answer: Answer) {
  const text = refusalText(answer);
  if (/na klienta/.test(text)) return `refused ${answer.status}: over the limit`;
  if (/wyprzedany|niedostępny|zostało tylko|Brak kolejnych/i.test(text))
    return `refused ${answer.status}: sold out`;
  return `refused ${answer.status}: ${text.slice(0, 80) || "(no message)"}`;
}

/** The product page's form: intent add; retried while the server says it is not on sale yet. */
async function addToCart(browser: Browser, productId: string, quantity: number) {
  for (let attempt = 0; ; attempt++) {
    // Sent as a hydrated page's script sends it: the answer is the action's data with its status (a
    // plain form's answer is a 303 back with a flash, whatever the outcome).
    const answer = await browser.submit(
      "/cart",
      { intent: "add", productId, quantity: String(quantity) },
      `/merch/${DROP}`,
    );
    if (answer.status === 200) {
      const cart = await browser.get("/cart");
      tally(emailFields, /<input[^>]*name="email"/.test(cart.text) ? "with an e-mail field" : "without");
      return "added";
    }
    if (answer.status === 409 && refusalText(answer).startsWith("Jeszcze nie w sprzedaży") && attempt < 20) {
      await sleep(250);
      continue;
    }
    return refusal(answer);
  }
}

/**
 * The cart's checkout form with the e-mail (the cart page's e-mail field belongs to that form), then
 * the test payment page's, as the buyer would.
 */
async function checkoutAndPay(browser: Browser, email: string) {
  const { outcome, answer } = await clients.checkoutAndPay(browser, email);
  if (outcome === "refused") return refusal(answer);
  return outcome === "paid" ? "paid" : `payment refused: ${answer.status}`;
}

async function buyer(plan: BuyerPlan, site: string, productId: string, releaseAt: number) {
  const browser = clients.browser(site, plan.address);
  // Waiting on the product page for the countdown, then the rush.
  await sleepUntil(releaseAt - 3000 + Math.random() * 2000);
  await browser.get(`/merch/${DROP}`);
  await sleepUntil(releaseAt + Math.random() * 1000);
  const added = await addToCart(browser, productId, settings.limit + 1);
  if (added !== "added") return added;
  const first = await checkoutAndPay(browser, plan.email);
  if (first === "paid") {
    // One more in the same browser, with the same e-mail: the limit must hold across orders.
    const again = await addToCart(browser, productId, 1);
    tally(secondTries, again === "added" ? await checkoutAndPay(browser, plan.email) : `${again} (add)`);
  }
  return first;
}

async function visitor(i: number, site: string, releaseAt: number) {
  await sleepUntil(releaseAt + (i / settings.visitors) * settings.seconds * 1000);
  const address = `10.50.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const browser = clients.browser(site, address);
  for (const page of PAGES) await browser.get(page.path);
}

// ---------------------------------------------------------------------------------------------
// The outcome
// ---------------------------------------------------------------------------------------------

/** Paid units of the drop since `since`, per customer (checkouts linked by e-mail, account or browser). */
async function dropCustomers(db: Database, productId: string, since: Date) {
  const rows = await db
    .select({
      orderId: s.orders.id,
      emailKey: s.checkouts.emailKey,
      userId: s.checkouts.userId,
      browser: s.checkouts.clientBrowser,
      units: sql<number>`sum(${s.orderItems.quantity})::int`,
    })
    .from(s.orders)
    .leftJoin(s.checkouts, eq(s.checkouts.id, s.orders.checkoutId))
    .innerJoin(s.orderItems, eq(s.orderItems.orderId, s.orders.id))
    .where(
      and(
        eq(s.orderItems.productId, productId),
        ne(s.orders.status, "cancelled"),
        gte(s.orders.createdAt, since),
      ),
    )
    .groupBy(s.orders.id, s.checkouts.id);
  return unitsPerCustomer(rows);
}

/** The notices the SMTP server got, against the subscribers. */
function noticeFigures(mails: CaughtMail[], subscriberKeys: Set<string>, releasePerf: number) {
  const notices = mails.filter((mail) => mail.kind === NOTICE_KIND);
  const perKey = new Map<string, number>();
  for (const mail of notices) for (const to of mail.to) tally(perKey, emailKey(to));
  const arrivals = notices.map((mail) => (mail.at - releasePerf) / 1000).sort((a, b) => a - b);
  return {
    received: notices.length,
    exactlyOnce: [...subscriberKeys].filter((key) => perKey.get(key) === 1).length,
    twice: [...perKey.values()].filter((n) => n > 1).length,
    strangers: [...perKey.keys()].filter((key) => !subscriberKeys.has(key)).length,
    withoutUnsubscribe: notices.filter((mail) => !mail.listUnsubscribe).length,
    first: arrivals[0] ?? Number.NaN,
    last: arrivals.at(-1) ?? Number.NaN,
    otherMail: mails.length - notices.length,
  };
}

async function waitForNotices(mails: CaughtMail[], deadline: number) {
  const received = () => mails.filter((mail) => mail.kind === NOTICE_KIND).length;
  while (received() < settings.subscribers && Date.now() < deadline) await sleep(250);
  // A duplicate sent late would still arrive.
  await sleep(2000);
}

async function outboxAndAlerts(db: Database, productId: string) {
  const outbox = await db
    .select({ status: s.mailOutbox.status, n: sql<number>`count(*)::int` })
    .from(s.mailOutbox)
    .where(eq(s.mailOutbox.kind, NOTICE_KIND))
    .groupBy(s.mailOutbox.status);
  const [alerts] = await db
    .select({ notified: sql<number>`count(${s.stockAlerts.notifiedAt})::int` })
    .from(s.stockAlerts)
    .where(eq(s.stockAlerts.productId, productId));
  return {
    outbox: Object.fromEntries(outbox.map((row) => [row.status, row.n])),
    notified: alerts.notified,
  };
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const since = new Date();
const paths = PAGES.map((page) => page.path);

await withCrowd(
  {
    label: "drop",
    prepare: prepareDatabase,
    smtpPerMinute: settings.smtpPerMinute,
    profileDir: process.env.DROP_PROFILE,
  },
  async ({ handle, prepared: { drop, subscriberKeys }, instances, site, mails, balancerErrors }) => {
    await warmPages(instances, paths);

    const releaseAt = await scheduleRelease(handle.db, drop.id, (settings.baselineSeconds + 22) * 1000);
    const releasePerf = performance.now() + (releaseAt - Date.now());
    console.log(`release at ${new Date(releaseAt).toISOString()}; measuring the cached pages before it…`);
    // The release instant changed the product: every instance emptied its cache. Warm it again.
    await sleep(500);
    await warmPages(instances, paths);
    const measuring = measurePagesAround(instances, paths, { ...settings, instant: releaseAt });

    const buyers = planBuyers({ ...settings, venueAddress: VENUE_ADDRESS, subnet: "10.27" });
    const twins = Math.round(settings.buyers * settings.twins);
    let buyersDoneAfter = Number.NaN;
    const buying = Promise.all(
      buyers.map((plan) => clients.guarded(() => buyer(plan, site, drop.id, releaseAt))),
    ).finally(() => {
      buyersDoneAfter = (Date.now() - releaseAt) / 1000;
    });
    const browsing = Promise.all(
      Array.from({ length: settings.visitors }, (_, i) => clients.guarded(() => visitor(i, site, releaseAt))),
    );
    await sleepUntil(releaseAt);
    console.log("released: measuring the cached pages during the drop…");
    const stock = watchStock(handle.db, drop.id, releaseAt);
    const [pages, firstTries] = await Promise.all([measuring, buying, browsing]);
    const stockSeen = await stock.stop();
    for (const outcome of firstTries) tally(outcomes, outcome);

    console.log("waiting for the notices…");
    await waitForNotices(mails, Date.now() + settings.mailSeconds * 1000);
    const notices = noticeFigures(mails, subscriberKeys, releasePerf);
    const stored = await outboxAndAlerts(handle.db, drop.id);
    const customers = await dropCustomers(handle.db, drop.id, since);
    const overLimit = customers.perCustomer.filter((units) => units > settings.limit).length;

    const allPages = pages.flat();
    const fiveXx = sum(allPages.map((page) => page.fiveXx)) + clients.fiveXx() + balancerErrors();
    const network = clients.statuses.get("network") ?? 0;
    const otherErrors = sum(allPages.map((page) => page.otherErrors));

    console.log(
      `\nmerch drop: 2 instances on PostgreSQL behind a round-robin balancer; ${settings.visitors} visitors and ${settings.buyers} buyers (${twins} of them a second browser, ${Math.min(settings.venueBuyers, settings.buyers)} on one venue address) for ${settings.units} units, max ${settings.limit} per customer; ${settings.subscribers} subscribers; autocannon ${settings.connections} connections per page, ${settings.baselineSeconds} s before and ${settings.seconds} s during; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)\n`,
    );
    const ratios = printPageFigures(
      PAGES.map((page) => page.name),
      pages,
      settings.offeredShare,
    );

    reportTargets(
      [
        {
          name: `cached pages during / before ≥ ${TARGET_RATIO}`,
          value: ratios.map(({ page, ratio }) => `${page} ${ratio.toFixed(2)}`).join(", "),
          met: ratios.every(({ ratio }) => ratio >= TARGET_RATIO),
        },
        { name: "5xx answers = 0", value: fiveXx, met: fiveXx === 0 },
        { name: "requests without an answer = 0", value: network, met: network === 0 },
        {
          name: `units sold = ${settings.units}`,
          value: customers.sold,
          met: customers.sold === settings.units,
        },
        {
          name: "stock 0 at the end, never below 0",
          value: `${stockSeen.end} (lowest ${stockSeen.lowest}; 0 from ${stockSeen.soldOutAfter.toFixed(1)} s after the release)`,
          met: stockSeen.end === 0 && stockSeen.lowest >= 0,
        },
        {
          name: "customers over the limit = 0",
          value: `${overLimit} (of ${customers.perCustomer.length}; most ${Math.max(0, ...customers.perCustomer)} units)`,
          met: overLimit === 0,
        },
        {
          name: `subscribers e-mailed exactly once = ${settings.subscribers}`,
          value: `${notices.exactlyOnce} (${notices.twice} twice or more, ${notices.strangers} to others)`,
          met: notices.exactlyOnce === settings.subscribers && notices.twice === 0 && notices.strangers === 0,
        },
        {
          name: "every notice with List-Unsubscribe",
          value: `${notices.received - notices.withoutUnsubscribe} of ${notices.received}`,
          met: notices.withoutUnsubscribe === 0,
        },
      ],
      [
        ["checkout start p50 / p99", clients.checkoutStartFigures()],
        [
          "notices: first / last after the release",
          `${notices.first.toFixed(1)} s / ${notices.last.toFixed(1)} s (alerts marked notified ${stored.notified} of ${settings.subscribers}, outbox ${JSON.stringify(stored.outbox)}; ${notices.otherMail} other e-mails)`,
        ],
        ["last buyer done after the release", `${buyersDoneAfter.toFixed(1)} s`],
        ["other autocannon errors (non-2xx but 5xx, timeouts)", String(otherErrors)],
      ],
      [
        ["buyers' first try:", Object.fromEntries(outcomes)],
        ["second try of those who paid:", Object.fromEntries(secondTries)],
        ["client answers:", Object.fromEntries([...clients.statuses].sort())],
        ["page cache, clients' GETs answered 200:", Object.fromEntries(clients.pageCache)],
        ["cart pages after an add, as to the e-mail the limit needs:", Object.fromEntries(emailFields)],
        ["database queries by request (Server-Timing):", clients.queryFigures()],
      ],
    );
    if (fiveXx > 0) printErrorLines(instances);
  },
);
