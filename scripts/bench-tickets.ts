/**
 * `npm run bench:tickets`: a night's on-sale minute, end to end (issue #40, "The on-sale minute is a
 * drop"). Two production instances share one PostgreSQL database (through its Unix socket) behind
 * nginx as a round-robin balancer (scripts/bench-crowd.ts, as `npm run bench:drop`; decision 042).
 * The night sells on the site: capacity TICKETS_TIERS × TICKETS_TIER_UNITS (3 × 100), tiers "Pula 1",
 * "Pula 2", "Pula 3" (each opens when the one before sells out), at most TICKETS_LIMIT (2) per customer, sales opening at a set instant on
 * the real clock, whole seconds, TICKETS_BASELINE_SECONDS + 22 s after both instances are warm.
 *
 * 1. Before the opening: the cached pages (the night's page and `/`, whose hero shows the night) at a
 *    fixed offered load, measured apart for TICKETS_BASELINE_SECONDS (bench-drop's method: the limit
 *    saturated for 5 s first, then TICKETS_OFFERED_SHARE of it), the measuring client ahead of the
 *    others on the cores (nice −10 when root).
 * 2. From the opening: the same measurement for TICKETS_SECONDS while TICKETS_FANS fans, who opened the
 *    night's page during the countdown (the COUNTDOWN_MS before it), reload it within the opening's
 *    first second. Each fan is a browser with a cookie jar of its own, an e-mail and an address of its
 *    own (TICKETS_TWINS of them a second browser of another fan, the same e-mail written differently),
 *    and posts the forms as a hydrated page's script does (`Browser.submit`: to `/cart.data`, the page's
 *    data reloaded after a 2xx; pages themselves are loaded whole): it reads the type on sale from the page,
 *    adds 1 or 2 tickets (intent add-ticket), names them (intent attendees), starts the checkout with
 *    its e-mail and the 18+ box (intent checkout), pays on the test payment page. Refused because the
 *    tier sold out meanwhile, it takes the line out and reads the page again; while the page says
 *    "Wyprzedane" it reloads every few seconds (returned tickets come back on sale), until
 *    TICKETS_PATIENCE seconds after the opening. One who paid tries once more for TICKETS_LIMIT more.
 * 3. The outcome, read from the database.
 *
 * The order of the tiers is checked from the counters' own history: a trigger the bench adds to its
 * database logs every change of a type's `remaining` with a sequence number, taken while the checkout
 * holds the night's row lock (every take and every give-back of the night queues on it), so the log's
 * order is the order the sale decided in. Replayed: a take of tier n+1 while an earlier tier had units
 * at that moment is a violation, and so is a take before the opening. Each paid order is matched to
 * its checkout's take (same transaction). The checkouts' own timestamps would not do: they are taken
 * when the transaction begins, before it waits on the night's lock.
 *
 * Printed, with the targets (exit code 0 only when every one is met): tickets sold (exactly the
 * capacity; every tier's quota sold, the counters 0), tiers sold in order (violations 0, paid orders
 * and every take), customers over the limit (0: valid tickets per customer, a customer being the
 * checkouts linked by normalised e-mail, account or browser), 5xx answers (0) and requests without an
 * answer (0), the cached pages during ÷ before (≥ 0.8 each); without a target: p50/p99 of the checkout
 * start (the cart's checkout POST until its answer, through the balancer), when each tier sold out.
 *
 * Build first (`npm run build`; BUILD_DIR is honoured). Options: TICKETS_FANS (1000), TICKETS_TIERS (3),
 * TICKETS_TIER_UNITS (100), TICKETS_LIMIT (2), TICKETS_SECONDS (20), TICKETS_BASELINE_SECONDS (10),
 * TICKETS_PATIENCE (180), TICKETS_CONNECTIONS (20 per page), TICKETS_TWINS (0.2), TICKETS_OFFERED_SHARE
 * (0.5), TICKETS_PROFILE (a directory for the instances' V8 CPU profiles), BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else the benches' own throwaway PostgreSQL: scripts/bench-support.ts).
 */
import os from "node:os";
import { and, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../app/lib/db.server";
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
import { type Answer, type Browser, cpuByGroup, sleepUntil } from "./bench-support";

const settings = {
  ...crowdSettings("TICKETS"),
  fans: option("TICKETS_FANS", 1000),
  tiers: option("TICKETS_TIERS", 3),
  tierUnits: option("TICKETS_TIER_UNITS", 100),
  // Three minutes, as a fan keeps trying through an on-sale (90 s until 2026-11-28: then the third tier
  // went unsold whenever the second sold out near the 90th second, which said nothing of the sale's rules).
  patience: option("TICKETS_PATIENCE", 180),
  // The fans' confirmation e-mails (with the tickets' PDF) go out as fast as they come.
  smtpPerMinute: 6000,
  venueBuyers: 0,
};
const capacity = settings.tiers * settings.tierUnits;
const NIGHT = "bench-przedsprzedaz";
const NIGHT_PATH = `/wydarzenia/${NIGHT}`;
const PAGES = [
  { name: "night's page", path: NIGHT_PATH },
  { name: "/", path: "/" },
];
const TARGET_RATIO = 0.8;
/** The fans arrive on the night's page during the last seconds of the countdown. */
const COUNTDOWN_MS = 5000;
const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------
// The database: demo content, the night, its tiers, the counters' log
// ---------------------------------------------------------------------------------------------

/**
 * The night (sold on the site, a day away: before the demo's nights, so the landing page's hero shows
 * it) with its tiers, not on sale until the real instant is set once the instances are warm; and the
 * log of the counters (`bench_ticket_counter_log`) with the checkouts' transactions
 * (`bench_ticket_hold_log`).
 */
async function prepareDatabase(handle: DatabaseHandle) {
  await seedDemo(handle.db);
  const [night] = await handle.db
    .insert(s.events)
    .values({
      slug: NIGHT,
      title: "NOKTURN: przedsprzedaż",
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + DAY + 6 * 3_600_000),
      venue: "Klub Bench",
      city: "Wrocław",
      salesMode: "site",
    })
    .returning();
  await handle.db.insert(s.nightTickets).values({
    eventId: night.id,
    capacity,
    remaining: capacity,
    maxPerCustomer: settings.limit,
  });
  const later = new Date(Date.now() + 3_600_000);
  const tiers = await handle.db
    .insert(s.ticketTypes)
    .values(
      Array.from({ length: settings.tiers }, (_, i) => ({
        eventId: night.id,
        name: `Pula ${i + 1}`,
        price: 4900 + i * 1500,
        quota: settings.tierUnits,
        remaining: settings.tierUnits,
        salesStart: later,
        maxPerOrder: settings.limit,
        position: i,
        opensAfterPrevious: i > 0,
      })),
    )
    .returning();
  // Bench instrumentation, on the bench's own database only: the sequence is drawn while the writer
  // holds the night's row lock (takeTickets and giveTicketsBack lock it before any type's row).
  await handle.db.execute(sql`
    create table bench_ticket_counter_log (
      seq bigserial primary key, type_id uuid not null, before integer not null, after integer not null,
      at timestamptz not null, tx bigint not null)`);
  await handle.db.execute(sql`
    create function bench_log_ticket_counter() returns trigger language plpgsql as $$
    begin
      insert into bench_ticket_counter_log (type_id, before, after, at, tx)
      values (new.id, old.remaining, new.remaining, clock_timestamp(), txid_current());
      return null;
    end $$`);
  await handle.db.execute(sql`
    create trigger bench_ticket_counter after update of remaining on ticket_types for each row
    when (old.remaining is distinct from new.remaining) execute function bench_log_ticket_counter()`);
  await handle.db.execute(sql`
    create table bench_ticket_hold_log (checkout_id uuid not null, type_id uuid not null, tx bigint not null)`);
  await handle.db.execute(sql`
    create function bench_log_ticket_hold() returns trigger language plpgsql as $$
    begin
      insert into bench_ticket_hold_log (checkout_id, type_id, tx)
      values (new.checkout_id, new.ticket_type_id, txid_current());
      return null;
    end $$`);
  await handle.db.execute(sql`
    create trigger bench_ticket_hold after insert on ticket_holds for each row
    execute function bench_log_ticket_hold()`);
  return { night, tiers };
}

/** Sets the opening instant of every tier: the next whole second `ms` from now. */
async function scheduleOpening(handle: DatabaseHandle, eventId: string, ms: number) {
  const openAt = Math.ceil((Date.now() + ms) / 1000) * 1000;
  await handle.db
    .update(s.ticketTypes)
    .set({ salesStart: new Date(openAt) })
    .where(eq(s.ticketTypes.eventId, eventId));
  return openAt;
}

// ---------------------------------------------------------------------------------------------
// The fans (through the balancer)
// ---------------------------------------------------------------------------------------------

const clients = new ClientLog();
/** Who used the cores (`cpuByGroup`): the site, its database, the measuring client, the balancer, the fans' own process. */
const CPU_GROUPS: [string, RegExp][] = [
  ["instances", /server\/index\.ts/],
  ["PostgreSQL", /^(postgres:|\S*\/postgres )/],
  ["autocannon", /bench-page-load/],
  ["balancer (nginx)", /^nginx/],
  ["fans + mail (this bench; + balancer with BENCH_BALANCER=node)", /bench-tickets/],
];
/** How each fan's try ended, the second try of those who paid, and every refusal on the way. */
const outcomes = new Map<string, number>();
const secondTries = new Map<string, number>();
const refusals = new Map<string, number>();

/** What a refused form said, in a few words. */
function refusalKind(answer: Answer) {
  const text = refusalText(answer);
  if (/na osobę|na klienta/.test(text)) return "over the limit";
  if (/wyprzedane/.test(text)) return "sold out";
  if (/zostało tylko/.test(text)) return "fewer left";
  if (/nie są teraz w sprzedaży/.test(text)) return "not on sale";
  return `${answer.status}: ${text.slice(0, 80) || "(no message)"}`;
}

/** The type the night's page offers now (its first add form), and whether it says all is gone. */
function readNightPage(html: string) {
  return {
    typeId: /name="ticketTypeId" value="([^"]+)"/.exec(html)?.[1] ?? null,
    soldOut: html.includes("Wyprzedane"),
  };
}

/**
 * One purchase as a fan makes it: the page's type, `wanted` tickets, their names, checkout and
 * payment; refused for want of tickets, back to the page. `rounds` bounds the tries.
 */
async function buyTickets(browser: Browser, email: string, wanted: number, deadline: number, rounds: number) {
  let quantity = wanted;
  for (let round = 0; round < rounds && Date.now() < deadline; round++) {
    const page = await browser.get(NIGHT_PATH);
    const { typeId, soldOut } = readNightPage(page.text);
    if (!typeId) {
      // The countdown (a kept page flips within seconds), or all gone until a ticket comes back.
      await sleep(soldOut ? 4000 + Math.random() * 2000 : 300 + Math.random() * 400);
      continue;
    }
    const added = await browser.submit(
      "/cart",
      { intent: "add-ticket", ticketTypeId: typeId, quantity: String(quantity) },
      NIGHT_PATH,
    );
    if (added.status !== 200) {
      const kind = refusalKind(added);
      tally(refusals, `add: ${kind}`);
      if (kind === "over the limit") return "refused: over the limit (add)";
      const left = /zostało tylko (\d+)/.exec(refusalText(added))?.[1];
      if (left) quantity = Math.min(quantity, Number(left));
      await sleep(200 + Math.random() * 600);
      continue;
    }
    // The cart page with its names form (opened whole: more than the hydrated page's move to it costs).
    const cart = await browser.get("/cart");
    const line = /name="ticketLine" value="([^"]+)"/.exec(cart.text)?.[1];
    if (!line) return cart.status === 200 ? "the cart shows no ticket line" : `cart page: ${cart.status}`;
    const names: Record<string, string> = { intent: "attendees", ticketLine: line };
    for (let i = 0; i < quantity; i++) {
      names[`attendees[${i}].firstName`] = "Zażółć";
      names[`attendees[${i}].lastName`] = `Gęślą-Jaźń ${i + 1}`;
    }
    const named = await browser.submit("/cart", names, "/cart");
    if (named.status !== 200) return `names refused: ${refusalKind(named)}`;
    const { outcome, answer } = await clients.checkoutAndPay(browser, email, { adult: "on" });
    if (outcome === "paid") return "paid";
    if (outcome === "payment refused") return `payment refused: ${answer.status}`;
    const kind = refusalKind(answer);
    tally(refusals, `checkout: ${kind}`);
    if (kind === "over the limit") return "refused: over the limit (checkout)";
    // The tier sold out while the fan named the tickets: out of the cart, and the page again.
    await browser.submit("/cart", { intent: "remove-ticket", ticketLine: line }, "/cart");
  }
  return "none within the patience";
}

async function fan(plan: BuyerPlan, i: number, site: string, openAt: number) {
  const browser = clients.browser(site, plan.address);
  const deadline = openAt + settings.patience * 1000;
  await sleepUntil(openAt - COUNTDOWN_MS + Math.random() * (COUNTDOWN_MS - 1000));
  await browser.get(NIGHT_PATH);
  await sleepUntil(openAt + Math.random() * 1000);
  const first = await buyTickets(browser, plan.email, 1 + (i % settings.limit), deadline, 1000);
  if (first === "paid") {
    // Once more in the same browser, with the same e-mail, up to the limit: it must hold across orders.
    tally(secondTries, await buyTickets(browser, plan.email, settings.limit, deadline, 3));
  }
  return first;
}

// ---------------------------------------------------------------------------------------------
// The outcome
// ---------------------------------------------------------------------------------------------

type Tier = typeof s.ticketTypes.$inferSelect;

/** The rows of a query the schema does not describe (the bench's own tables). */
async function rowsOf<Row>(handle: DatabaseHandle, query: ReturnType<typeof sql>) {
  const result = await handle.db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** Valid tickets of the night per order, with the identities of the checkout each came from. */
async function ticketCustomers(handle: DatabaseHandle, eventId: string) {
  const rows = await handle.db
    .select({
      orderId: s.tickets.orderId,
      emailKey: s.checkouts.emailKey,
      userId: s.checkouts.userId,
      browser: s.checkouts.clientBrowser,
      units: sql<number>`count(*)::int`,
    })
    .from(s.tickets)
    .innerJoin(s.orders, eq(s.orders.id, s.tickets.orderId))
    .leftJoin(s.checkouts, eq(s.checkouts.id, s.orders.checkoutId))
    .where(and(eq(s.tickets.eventId, eventId), eq(s.tickets.state, "valid")))
    .groupBy(s.tickets.orderId, s.checkouts.id);
  return unitsPerCustomer(rows);
}

type CounterChange = { type_id: string; before: number; after: number; at: number; tx: string };
type TierShape = Pick<Tier, "id" | "position" | "quota">;

/**
 * The counters' changes replayed in their log's order: each take (a fall of `remaining`) judged
 * against the tiers just before it — fair when every earlier tier had none left and the sale was open.
 * Returns the takes by `<tx>/<type>` (fair or not), the unfair ones counted, and a count of changes
 * whose `before` is not what the replay holds (a gap in the log would make the judgement unsound).
 */
function replayCounterLog(log: CounterChange[], tiers: TierShape[], openAt: number) {
  const ordered = [...tiers].sort((a, b) => a.position - b.position);
  const remaining = new Map(ordered.map((tier) => [tier.id, tier.quota]));
  const soldOutAt = new Map<string, number>();
  const takes = new Map<string, boolean>();
  let violations = 0;
  let beforeOpening = 0;
  let mismatches = 0;
  for (const entry of log) {
    if (remaining.get(entry.type_id) !== entry.before) mismatches += 1;
    if (entry.after < entry.before) {
      const index = ordered.findIndex((tier) => tier.id === entry.type_id);
      const early = entry.at < openAt;
      const jumped = ordered.slice(0, index).some((tier) => (remaining.get(tier.id) ?? 0) > 0);
      if (early) beforeOpening += 1;
      if (jumped) violations += 1;
      takes.set(`${entry.tx}/${entry.type_id}`, !early && !jumped);
    }
    remaining.set(entry.type_id, entry.after);
    if (entry.after === 0 && !soldOutAt.has(entry.type_id)) {
      soldOutAt.set(entry.type_id, (entry.at - openAt) / 1000);
    }
  }
  return { takes, violations, beforeOpening, mismatches, soldOutAt };
}

/**
 * The replay must see what it is there to see (else a run would pass whatever happened): a tier taken
 * while the one before had tickets (after one came back), a take before the opening, a gap in the log.
 */
function checkTheReplay() {
  const tiers = [
    { id: "p1", position: 0, quota: 2 },
    { id: "p2", position: 1, quota: 2 },
  ];
  const change = (type_id: string, before: number, after: number, at: number, tx: string) => ({
    type_id,
    before,
    after,
    at,
    tx,
  });
  const fair = replayCounterLog(
    [change("p1", 2, 0, 10, "1"), change("p2", 2, 1, 11, "2"), change("p1", 0, 1, 12, "3")],
    tiers,
    10,
  );
  const unfair = replayCounterLog(
    [
      change("p1", 2, 1, 9, "1"),
      change("p1", 1, 0, 10, "2"),
      change("p1", 0, 1, 11, "3"),
      change("p2", 2, 1, 12, "4"),
    ],
    tiers,
    10,
  );
  const gap = replayCounterLog([change("p1", 1, 0, 10, "1")], tiers, 10);
  const seen =
    fair.violations === 0 &&
    fair.beforeOpening === 0 &&
    fair.mismatches === 0 &&
    unfair.violations === 1 &&
    unfair.beforeOpening === 1 &&
    unfair.takes.get("4/p2") === false &&
    gap.mismatches === 1;
  if (!seen) throw new Error("the tiers' replay misjudges a known log");
}

/**
 * The counters' history replayed in the order the sale decided it: each take checked against the
 * tiers' state just before it (every earlier tier gone, the sale open), each paid order matched to its
 * checkout's take.
 */
async function tierOrder(handle: DatabaseHandle, eventId: string, tiers: Tier[], openAt: number) {
  const log = await rowsOf<CounterChange>(
    handle,
    sql`select type_id, before, after, (extract(epoch from at) * 1000)::float8 as at, tx::text as tx
        from bench_ticket_counter_log order by seq`,
  );
  const paidTakes = await rowsOf<{ order_id: string; type_id: string; tx: string }>(
    handle,
    sql`select o.id as order_id, h.type_id, h.tx::text as tx from orders o
          join bench_ticket_hold_log h on h.checkout_id = o.checkout_id
        where exists (select 1 from tickets t
                      where t.order_id = o.id and t.event_id = ${eventId} and t.state = 'valid')`,
  );
  const { takes, violations, beforeOpening, mismatches, soldOutAt } = replayCounterLog(log, tiers, openAt);
  const paidOrders = new Set(paidTakes.map((take) => take.order_id));
  let paidViolations = 0;
  let paidUnmatched = 0;
  for (const take of paidTakes) {
    const fair = takes.get(`${take.tx}/${take.type_id}`);
    if (fair === undefined) paidUnmatched += 1;
    else if (!fair) paidViolations += 1;
  }
  return {
    takes: takes.size,
    violations,
    beforeOpening,
    mismatches,
    paidOrders: paidOrders.size,
    paidViolations,
    paidUnmatched,
    soldOutAt: [...tiers]
      .sort((a, b) => a.position - b.position)
      .map((tier) => `${tier.name} ${soldOutAt.get(tier.id)?.toFixed(1) ?? "—"} s`)
      .join(", "),
  };
}

/** Valid tickets per tier, the counters at the end, orders refunded at payment. */
async function saleFigures(handle: DatabaseHandle, eventId: string, tiers: Tier[]) {
  const sold = await handle.db
    .select({ type: s.tickets.ticketTypeId, n: sql<number>`count(*)::int` })
    .from(s.tickets)
    .where(and(eq(s.tickets.eventId, eventId), eq(s.tickets.state, "valid")))
    .groupBy(s.tickets.ticketTypeId);
  const types = await handle.db.select().from(s.ticketTypes).where(eq(s.ticketTypes.eventId, eventId));
  const [night] = await handle.db.select().from(s.nightTickets).where(eq(s.nightTickets.eventId, eventId));
  const [refunded] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(s.checkouts)
    .where(eq(s.checkouts.needsAttention, "paid_over_limit"));
  const perTier = [...tiers]
    .sort((a, b) => a.position - b.position)
    .map((tier) => ({
      name: tier.name,
      sold: sold.find((row) => row.type === tier.id)?.n ?? 0,
      quota: tier.quota,
      left: types.find((type) => type.id === tier.id)?.remaining ?? -1,
    }));
  return {
    total: sum(perTier.map((tier) => tier.sold)),
    perTier,
    nightLeft: night.remaining,
    checkoutsMarked: refunded.n,
  };
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const paths = PAGES.map((page) => page.path);
checkTheReplay();

await withCrowd(
  {
    label: "tickets",
    prepare: prepareDatabase,
    smtpPerMinute: settings.smtpPerMinute,
    profileDir: process.env.TICKETS_PROFILE,
  },
  async ({ handle, prepared: { night, tiers }, instances, site, balancerErrors }) => {
    await warmPages(instances, paths);
    const openAt = await scheduleOpening(handle, night.id, (settings.baselineSeconds + 22) * 1000);
    console.log(`sales open at ${new Date(openAt).toISOString()}; measuring the cached pages before…`);
    // The new instant changed the types: every instance emptied its cache. Warm it again.
    await sleep(500);
    await warmPages(instances, paths);
    const countdown = await fetch(`${site}${NIGHT_PATH}`);
    if (readNightPage(await countdown.text()).typeId) {
      throw new Error("the night's page offers tickets before the opening");
    }
    const measuring = measurePagesAround(instances, paths, { ...settings, instant: openAt });
    const machine = Promise.all([
      cpuByGroup(openAt - (settings.baselineSeconds + 6) * 1000, settings.baselineSeconds - 2, CPU_GROUPS),
      cpuByGroup(openAt, settings.seconds, CPU_GROUPS),
    ]);

    const fans = planBuyers({ ...settings, buyers: settings.fans, venueAddress: "", subnet: "10.40" });
    const twins = Math.round(settings.fans * settings.twins);
    let fansDoneAfter = Number.NaN;
    const buying = Promise.all(
      fans.map((plan, i) => clients.guarded(() => fan(plan, i, site, openAt))),
    ).finally(() => {
      fansDoneAfter = (Date.now() - openAt) / 1000;
    });
    await sleepUntil(openAt);
    console.log("open: measuring the cached pages during the sale…");
    const [pages, tries, [cpuBefore, cpuDuring]] = await Promise.all([measuring, buying, machine]);
    for (const outcome of tries) tally(outcomes, outcome);

    const sale = await saleFigures(handle, night.id, tiers);
    const order = await tierOrder(handle, night.id, tiers, openAt);
    const customers = await ticketCustomers(handle, night.id);
    const overLimit = customers.perCustomer.filter((units) => units > settings.limit).length;
    const allPages = pages.flat();
    const fiveXx = sum(allPages.map((page) => page.fiveXx)) + clients.fiveXx() + balancerErrors();
    const network = clients.statuses.get("network") ?? 0;
    const otherErrors = sum(allPages.map((page) => page.otherErrors));

    console.log(
      `\non-sale minute: 2 instances on PostgreSQL behind a round-robin balancer; ${settings.fans} fans (${twins} of them a second browser of another) for ${capacity} tickets in ${settings.tiers} tiers of ${settings.tierUnits}, 1–${settings.limit} per order, max ${settings.limit} per customer; autocannon ${settings.connections} connections per page, ${settings.baselineSeconds} s before and ${settings.seconds} s during; ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(2)} (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC)\n`,
    );
    const ratios = printPageFigures(
      PAGES.map((page) => page.name),
      pages,
      settings.offeredShare,
    );
    console.log(`\nthe machine's cores, before: ${cpuBefore}\nthe machine's cores, during: ${cpuDuring}\n`);
    const tiersFull = sale.perTier.every((tier) => tier.sold === tier.quota && tier.left === 0);
    reportTargets(
      [
        {
          name: `tickets sold = ${capacity}`,
          value: `${sale.total} (${sale.perTier.map((tier) => `${tier.name} ${tier.sold}`).join(", ")})`,
          met: sale.total === capacity,
        },
        {
          name: "every tier's quota sold, the counters 0",
          value: `${sale.perTier.map((tier) => `${tier.name} ${tier.sold}/${tier.quota}, ${tier.left} left`).join("; ")}; night ${sale.nightLeft} left`,
          met: tiersFull && sale.nightLeft === 0,
        },
        {
          name: "tiers in order: paid orders whose tier was not on sale when taken = 0",
          value: `${order.paidViolations} of ${order.paidOrders} orders (${order.paidUnmatched} not matched to a take)`,
          met: order.paidViolations === 0 && order.paidUnmatched === 0,
        },
        {
          name: "tiers in order: takes while an earlier tier had units, or before the opening = 0",
          value: `${order.violations} + ${order.beforeOpening} of ${order.takes} takes (log gaps ${order.mismatches})`,
          met: order.violations === 0 && order.beforeOpening === 0 && order.mismatches === 0,
        },
        {
          name: "customers over the limit = 0",
          value: `${overLimit} (of ${customers.perCustomer.length}; most ${Math.max(0, ...customers.perCustomer)} tickets)`,
          met: overLimit === 0,
        },
        { name: "5xx answers = 0", value: fiveXx, met: fiveXx === 0 },
        { name: "requests without an answer = 0", value: network, met: network === 0 },
        {
          name: `cached pages during / before ≥ ${TARGET_RATIO}`,
          value: ratios.map(({ page, ratio }) => `${page} ${ratio.toFixed(2)}`).join(", "),
          met: ratios.every(({ ratio }) => ratio >= TARGET_RATIO),
        },
      ],
      [
        ["checkout start p50 / p99", clients.checkoutStartFigures()],
        ["each tier sold out after the opening", order.soldOutAt],
        ["checkouts paid past the limit (refunded)", String(sale.checkoutsMarked)],
        ["last fan done after the opening", `${fansDoneAfter.toFixed(1)} s`],
        ["other autocannon errors (non-2xx but 5xx, timeouts)", String(otherErrors)],
      ],
      [
        ["fans' first purchase:", Object.fromEntries(outcomes)],
        ["second try of those who paid:", Object.fromEntries(secondTries)],
        ["refusals on the way:", Object.fromEntries(refusals)],
        ["client answers:", Object.fromEntries([...clients.statuses].sort())],
        ["page cache, clients' GETs answered 200:", Object.fromEntries(clients.pageCache)],
        ["database queries by request (Server-Timing):", clients.queryFigures()],
      ],
    );
    if (fiveXx > 0) printErrorLines(instances);
  },
);
