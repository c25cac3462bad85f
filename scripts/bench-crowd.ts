/**
 * A crowd on two production instances: what `npm run bench:drop` and `npm run bench:tickets` share.
 * Both instances use one fresh PostgreSQL database behind a round-robin balancer (in this process), an
 * SMTP server (in this process too) receives what their outbox sends, the cached pages' throughput is
 * measured by autocannon in a process of its own (scripts/bench-page-load.ts) before and from a set
 * instant, and every client is a scriptless browser that says in X-Forwarded-For which address it
 * plays (the instances run with TRUST_PROXY=true, as behind any balancer).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { type DatabaseHandle, openDatabase } from "../app/lib/db.server";
import { emailKey } from "../app/lib/email-key";
import { freePort, startServer, type TestServer } from "../tests/support/server";
import type { PageFigures } from "./bench-page-load";
import {
  type Answer,
  type Balancer,
  Browser,
  type CaughtMail,
  freshDatabase,
  percentile,
  postgresAdminUrl,
  startBalancer,
  startMailCatcher,
  startNginxBalancer,
} from "./bench-support";

/** A numeric setting from the environment. */
export const option = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
export const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/**
 * The settings every crowd bench has, from `${prefix}_…` in the environment: the limit per customer,
 * the seconds during and before the rush, autocannon's connections per page, the share of buyers with
 * a second browser of another (twins), and the pages' offered load as a share of their saturated limit.
 */
export function crowdSettings(prefix: string) {
  return {
    limit: option(`${prefix}_LIMIT`, 2),
    seconds: option(`${prefix}_SECONDS`, 20),
    baselineSeconds: option(`${prefix}_BASELINE_SECONDS`, 10),
    connections: option(`${prefix}_CONNECTIONS`, 20),
    twins: option(`${prefix}_TWINS`, 0.2),
    offeredShare: option(`${prefix}_OFFERED_SHARE`, 0.5),
  };
}

/** Who pays on the test payment page (the parcel's address too; a ticket-only order ignores it). */
export const PAYER = {
  name: "Kupująca Dropu",
  address: "ul. Świdnicka 1",
  postalCode: "50-066",
  city: "Wrocław",
};

// ---------------------------------------------------------------------------------------------
// The stack: database, mail, balancer, two instances
// ---------------------------------------------------------------------------------------------

export type Crowd<Prepared> = {
  handle: DatabaseHandle;
  prepared: Prepared;
  instances: TestServer[];
  site: string;
  mails: CaughtMail[];
  /** Requests the balancer could not pass on (sent 502). */
  balancerErrors(): number;
};

/**
 * Runs `run` on a fresh database (migrated, then `prepare`d) served by two instances behind the
 * balancer, and tears everything down afterwards, the database too. `CHECKOUT_OPEN_PER_IP` 100 and
 * `CHECKOUT_STARTS_PER_IP` 1000 as a venue would raise them (a crowd's shared address); nothing else
 * is raised. `profileDir`: each instance writes a V8 CPU profile there when it stops.
 */
export async function withCrowd<Prepared, Result>(
  options: {
    label: string;
    prepare: (handle: DatabaseHandle) => Promise<Prepared>;
    smtpPerMinute: number;
    profileDir?: string;
  },
  run: (crowd: Crowd<Prepared>) => Promise<Result>,
): Promise<Result> {
  const database = await freshDatabase(postgresAdminUrl(), options.label);
  const handle = await openDatabase({ databaseUrl: database.url });
  let instances: TestServer[] = [];
  const mail = await startMailCatcher();
  const balancerPort = await freePort();
  const site = `http://127.0.0.1:${balancerPort}`;
  let balancer: Balancer | undefined;
  try {
    await handle.migrate();
    const prepared = await options.prepare(handle);
    const env = {
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      SITE_URL: site,
      TRUST_PROXY: "true",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      SMTP_URL: mail.url,
      SMTP_MAX_PER_MINUTE: String(options.smtpPerMinute),
      CHECKOUT_OPEN_PER_IP: "100",
      CHECKOUT_STARTS_PER_IP: "1000",
      ...(options.profileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.profileDir}` } : {}),
    };
    instances = await Promise.all([startServer({ env }), startServer({ env })]);
    const upstreams = instances.map((instance) => instance.url);
    // nginx, as a deployment has; BENCH_BALANCER=node for the bench's own (decision 042 compares them).
    if (process.env.BENCH_BALANCER === "node") {
      balancer = await startBalancer(balancerPort);
      balancer.upstreams.push(...upstreams);
    } else balancer = await startNginxBalancer(balancerPort, upstreams);
    const running = balancer;
    return await run({
      handle,
      prepared,
      instances,
      site,
      mails: mail.mails,
      balancerErrors: () => running.errors,
    });
  } finally {
    await Promise.all(instances.map((instance) => instance.stop()));
    await balancer?.stop();
    await mail.stop();
    await handle.close();
    await database.drop();
  }
}

/** A few requests of each page on each instance: the page cache keeps them. */
export async function warmPages(instances: TestServer[], paths: string[]) {
  for (const instance of instances) {
    for (const path of paths) {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${instance.url}${path}`, {
          headers: { "accept-encoding": "br, gzip" },
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path}: ${response.status} while warming`);
      }
    }
  }
}

/**
 * The cached pages' throughput around `instant` (a `Date.now()` time), measured apart (its own
 * process): first the most the pages give with `connections` per page (the machine's limit,
 * saturated, 5 s), then `baselineSeconds` before the instant and `seconds` from it at a fixed offered
 * load of `offeredShare` of that limit — the crowd asks at a steady rate, and what is measured is
 * whether it is still served. (Saturated in both windows, the ratio would only say how much of the
 * shared cores the buyers' own requests take: decision 033.) Resolves with [limit, before, during].
 */
export function measurePagesAround(
  instances: TestServer[],
  paths: string[],
  settings: {
    instant: number;
    baselineSeconds: number;
    seconds: number;
    connections: number;
    offeredShare: number;
  },
) {
  const baselineAt = settings.instant - (settings.baselineSeconds + 7) * 1000;
  const limitAt = baselineAt - 6000;
  if (Date.now() > limitAt - 2000) {
    console.warn("the baseline may start late: the machine is too busy for these figures");
  }
  const plan = {
    urls: instances.map((instance) => instance.url),
    pages: paths,
    connections: settings.connections,
    windows: [
      { at: limitAt, seconds: 5 },
      { at: baselineAt, seconds: settings.baselineSeconds, rateOf: settings.offeredShare },
      { at: settings.instant, seconds: settings.seconds, rateOf: settings.offeredShare },
    ],
  };
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/bench-page-load.ts", JSON.stringify(plan)],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  givePriority(child.pid);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<[PageFigures[], PageFigures[], PageFigures[]]>((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) reject(new Error(`bench-page-load exited with ${code}`));
      else {
        const [limit, before, during] = JSON.parse(
          output.trim().split("\n").at(-1) ?? "[]",
        ) as PageFigures[][];
        resolve([limit, before, during]);
      }
    });
  });
}

/**
 * The measuring client runs ahead of everything else on the machine (nice −10; root may raise a
 * priority): the visitors it stands for send from their own devices, whatever the site's cores are
 * doing, and a client starved by the fans' simulation on the same two cores measured itself — its own
 * event loop lagged 9–12 ms a turn during the sale (decision 042). Without the right, it runs as is.
 */
function givePriority(pid: number | undefined) {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, -10);
  } catch {
    console.warn("the measuring client runs at normal priority (raising it needs root)");
  }
}

/** Prints the pages' table (markdown) and returns each page's during ÷ before. */
export function printPageFigures(
  names: string[],
  [limit, before, during]: [PageFigures[], PageFigures[], PageFigures[]],
  offeredShare: number,
) {
  console.log(
    `| page | limit req/s (saturated, 5 s) | offered req/s (${offeredShare} of it) | before req/s | during req/s | during / before | before p50 / p99 ms | during p50 / p99 ms |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  return names.map((page, i) => {
    const ratio = during[i].rps / before[i].rps;
    console.log(
      `| ${page} | ${limit[i].rps} | ${Math.round(limit[i].rps * offeredShare)} | ${before[i].rps} | ${during[i].rps} | ${ratio.toFixed(2)} | ${before[i].p50} / ${before[i].p99} | ${during[i].p50} / ${during[i].p99} |`,
    );
    return { page, ratio };
  });
}

// ---------------------------------------------------------------------------------------------
// The clients
// ---------------------------------------------------------------------------------------------

/**
 * What the clients saw: every answer by status ("network" for a request that got none), the page
 * cache's answers to GETs (X-Cache of 200s), and the checkout starts' durations.
 */
export class ClientLog {
  readonly statuses = new Map<string, number>();
  readonly pageCache = new Map<string, number>();
  /** Milliseconds of every checkout start (the cart's checkout POST until its answer). */
  readonly checkoutStarts: number[] = [];
  /** Per request shape (method, path with ids left out, status): answers and the queries they said. */
  readonly queries = new Map<string, { answers: number; queries: number }>();

  /** A client's browser, each answer counted. */
  browser(site: string, address: string) {
    return new Browser(site, address, (answer, method) => {
      tally(this.statuses, String(answer.status));
      if (method === "GET" && answer.status === 200) tally(this.pageCache, answer.cache ?? "(not cacheable)");
      if (answer.queries !== null) {
        const shape = `${method} ${answer.path.split("?")[0].replace(/\/[0-9a-f-]{8,}|\/[A-Za-z0-9_-]{20,}/g, "/:id")} ${answer.status}`;
        const entry = this.queries.get(shape) ?? { answers: 0, queries: 0 };
        entry.answers += 1;
        entry.queries += answer.queries;
        this.queries.set(shape, entry);
      }
    });
  }

  /** The queries per answer by request shape, most queries first (what the crowd cost the database). */
  queryFigures() {
    return [...this.queries]
      .sort((a, b) => b[1].queries - a[1].queries)
      .map(
        ([shape, { answers, queries }]) =>
          `${shape}: ${answers} answers, ${(queries / answers).toFixed(1)} queries each`,
      );
  }

  /** Runs a client; a request that got no answer counts as "network" (and as the outcome). */
  async guarded<T>(run: () => Promise<T>): Promise<T | string> {
    try {
      return await run();
    } catch (error) {
      tally(this.statuses, "network");
      return `network: ${(error as Error).message}`;
    }
  }

  fiveXx() {
    return sum([...this.statuses].filter(([key]) => /^5\d\d$/.test(key)).map(([, n]) => n));
  }

  checkoutStartFigures() {
    const sorted = [...this.checkoutStarts].sort((a, b) => a - b);
    return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)} ms (max ${Math.max(0, ...sorted).toFixed(0)}; ${sorted.length} starts)`;
  }

  /**
   * The cart's checkout form (with the e-mail and whatever else `fields` holds), then the test payment
   * page's, as the buyer would. "paid" when the payment page let the buyer go on to the order (a payment
   * past a limit is refunded there: the database tells); else the refusal.
   */
  async checkoutAndPay(browser: Browser, email: string, fields: Record<string, string> = {}) {
    const t0 = performance.now();
    const started = await browser.submit("/cart", { intent: "checkout", email, ...fields });
    this.checkoutStarts.push(performance.now() - t0);
    if (started.status !== 303 || !started.location?.includes("/platnosc-testowa/")) {
      return { outcome: "refused" as const, answer: started };
    }
    await browser.follow(started);
    const paymentPage = new URL(started.location, "http://x").pathname;
    const paid = await browser.post(paymentPage, { intent: "pay", email, ...PAYER });
    if (paid.status !== 302 && paid.status !== 303)
      return { outcome: "payment refused" as const, answer: paid };
    await browser.follow(paid);
    return { outcome: "paid" as const, answer: paid };
  }
}

/**
 * The message of a refused cart form, as text: its data's `message` when sent by script, else the
 * page's `data-testid="cart-error"`.
 */
export function refusalText(answer: Answer) {
  // A form sent by script (`Browser.submit`): the action's data, its message one string of it.
  const message = /"message","((?:[^"\\]|\\.)*)"/.exec(answer.text)?.[1];
  if (answer.path.includes(".data")) return message ? (JSON.parse(`"${message}"`) as string) : "";
  const element = /data-testid="cart-error"[^>]*>([\s\S]*?)<\/p>/.exec(answer.text)?.[1] ?? "";
  return element
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export type BuyerPlan = { email: string; address: string };

/** The address as person `p` types it, or (`twin`) as their other browser spells the same one. */
function buyerEmail(p: number, twin: boolean) {
  switch (p % 3) {
    case 0:
      return twin ? `OlaNowak${p}+drop@googlemail.com` : `ola.nowak${p}@gmail.com`;
    case 1:
      return twin ? `Kuba${p}+Nokturn@Example.PL` : `kuba${p}@example.pl`;
    default:
      return twin ? `maja.${p}+drop@example.com` : `MAJA.${p}@example.com`;
  }
}

/**
 * Who buys: the first buyers are people (each an e-mail, a browser and an address of their own, in
 * `subnet`), the rest (`twins`, a share) a second browser of the first of them with the same address
 * written differently (capitals, a +tag, Gmail's dots, googlemail.com); the first `venueBuyers` share
 * `venueAddress` (a club's Wi-Fi).
 */
export function planBuyers(settings: {
  buyers: number;
  twins: number;
  venueBuyers: number;
  venueAddress: string;
  subnet: string;
}): BuyerPlan[] {
  const people = settings.buyers - Math.round(settings.buyers * settings.twins);
  if (people < settings.buyers - people) throw new Error("at most half the buyers can be twins");
  return Array.from({ length: settings.buyers }, (_, i) => {
    const twin = i >= people;
    const email = buyerEmail(twin ? i - people : i, twin);
    if (twin && emailKey(email) !== emailKey(buyerEmail(i - people, false))) {
      throw new Error(`${email} does not normalise like its twin`);
    }
    const address =
      i < settings.venueBuyers
        ? settings.venueAddress
        : `${settings.subnet}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    return { email, address };
  });
}

// ---------------------------------------------------------------------------------------------
// The outcome
// ---------------------------------------------------------------------------------------------

/** An order's units of what is measured, with the identities of the checkout it came from. */
export type OrderUnits = {
  orderId: string;
  emailKey: string | null;
  userId: string | null;
  browser: string | null;
  units: number;
};

/**
 * Units per customer, a customer being everything one shared identity links (normalised e-mail,
 * account or browser): union-find over the orders' identities.
 */
export function unitsPerCustomer(rows: OrderUnits[]) {
  const parent = new Map<string, string>();
  const root = (node: string): string => {
    const up = parent.get(node) ?? node;
    if (up === node) return node;
    const top = root(up);
    parent.set(node, top);
    return top;
  };
  // An order's own id first, so one without any identity is a customer of its own.
  const identitiesOf = (row: OrderUnits) =>
    [
      `order:${row.orderId}`,
      row.emailKey ? `email:${row.emailKey}` : null,
      row.userId ? `user:${row.userId}` : null,
      row.browser ? `browser:${row.browser}` : null,
    ].filter((identity) => identity !== null);
  for (const row of rows) {
    const [first, ...rest] = identitiesOf(row);
    for (const identity of rest) parent.set(root(identity), root(first));
  }
  const units = new Map<string, number>();
  for (const row of rows) {
    const customer = root(identitiesOf(row)[0]);
    units.set(customer, (units.get(customer) ?? 0) + row.units);
  }
  return { sold: sum(rows.map((row) => row.units)), perCustomer: [...units.values()] };
}

/** The error lines of an instance's log (LOG_LEVEL=warn), for a run with 5xx. */
export function printErrorLines(instances: TestServer[]) {
  for (const [i, instance] of instances.entries()) {
    const lines = instance
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line))
      .slice(0, 5);
    for (const line of lines) console.log(`instance ${i + 1}: ${line.slice(0, 400)}`);
  }
}

export type Target = { name: string; value: string | number; met: boolean };

/**
 * Prints the targets (markdown) with the rows measured without a target, then `details` (a heading
 * and what to print after it) and the verdict; sets the exit code: 0 only when every target is met.
 */
export function reportTargets(
  targets: Target[],
  figures: [string, string][],
  details: [string, unknown][] = [],
) {
  console.log("\n| measure | value | target met |\n| --- | --- | --- |");
  for (const target of targets)
    console.log(`| ${target.name} | ${target.value} | ${target.met ? "yes" : "NO"} |`);
  for (const [name, value] of figures) console.log(`| ${name} | ${value} | — |`);
  if (details.length > 0) console.log("");
  for (const [heading, value] of details) console.log(heading, value);
  const missed = targets.filter((target) => !target.met);
  console.log(
    missed.length === 0
      ? "\n✓ every target met"
      : `\n✗ missed: ${missed.map((target) => target.name).join("; ")}`,
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
}
