/**
 * `npm run bench:gate`: does a crowd of uncached pages starve the kept ones? (decision 039). One
 * production instance; a kept page (`/`, a HIT) asked at a fixed rate by autocannon, first alone, then
 * while another autocannon keeps BENCH_CROWD connections (60) busy on an uncached page (a 404, made per
 * request). This build against the build of --base (8d1fe48, before the gate), in the same run,
 * alternating, on PGlite and on PostgreSQL. Prints, per build and database: the kept page's req/s
 * served of those offered and its p50 / p99 alone and beside the crowd, and the crowd's own req/s.
 *
 * Build first (`npm run build`; BUILD_DIR honoured). Options: --base=<commit>, --db=pglite,postgres,
 * BENCH_RATE (600 req/s offered to the kept page), BENCH_SECONDS (8), BENCH_ROUNDS (2), BENCH_CROWD.
 * Each autocannon runs in a process of its own (the load must not share this process's event loop).
 */
import { spawn } from "node:child_process";
import { startServer, type TestServer } from "../tests/support/server";
import { baseCheckout, freshDatabase, postgresAdminUrl } from "./bench-support";

const arg = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const baseCommit = arg("base") ?? "8d1fe48";
const databases = (arg("db") ?? "pglite,postgres").split(",") as ("pglite" | "postgres")[];
const rate = Number(process.env.BENCH_RATE ?? 600);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const crowd = Number(process.env.BENCH_CROWD ?? 60);

type Figures = { rps: number; p50: number; p99: number };

/** autocannon in a child process; its JSON result. */
function cannon(args: string[]): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn("node_modules/.bin/autocannon", ["-j", ...args], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    child.on("exit", () => {
      try {
        const result = JSON.parse(out);
        resolve({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 });
      } catch {
        reject(new Error(`autocannon: ${out.slice(0, 200)}`));
      }
    });
  });
}

const kept = (server: TestServer) =>
  cannon([
    "-c",
    "20",
    "-d",
    String(seconds),
    "-R",
    String(rate),
    "-H",
    "accept-encoding=br",
    `${server.url}/`,
  ]);
const uncached = (server: TestServer) =>
  cannon([
    "-c",
    String(crowd),
    "-d",
    String(seconds),
    "-H",
    "accept-encoding=br",
    `${server.url}/nie-ma-takiej-strony`,
  ]);

async function measure(label: string, cwd: string | undefined, database: "pglite" | "postgres") {
  const db = database === "postgres" ? await freshDatabase(postgresAdminUrl(), "gate") : null;
  const server = await startServer({
    cwd,
    env: {
      LOG_LEVEL: "warn",
      ...(cwd ? { BUILD_DIR: "build" } : {}),
      ...(db ? { DATABASE_URL: db.url } : {}),
    },
  });
  try {
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/`)).arrayBuffer();
    const alone = await kept(server);
    const [beside, crowdFigures] = await Promise.all([kept(server), uncached(server)]);
    return { label, database, alone, beside, crowd: crowdFigures };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

const base = baseCheckout(baseCommit);
const results: Awaited<ReturnType<typeof measure>>[] = [];
for (let round = 0; round < rounds; round++) {
  for (const database of databases) {
    results.push(await measure(`base ${baseCommit}`, base, database));
    results.push(await measure("this build", undefined, database));
  }
}

const f = (figures: Figures) => `${Math.round(figures.rps)} (${figures.p50} / ${figures.p99} ms)`;
console.log(
  `\nkept page / at ${rate} req/s offered, ${seconds} s; the crowd: ${crowd} connections on an uncached 404 (${new Date().toISOString()})\n`,
);
console.log(
  "| build | database | kept alone req/s (p50 / p99) | kept beside the crowd | the crowd's req/s (p50 / p99) |",
);
console.log("| --- | --- | --- | --- | --- |");
for (const row of results) {
  console.log(`| ${row.label} | ${row.database} | ${f(row.alone)} | ${f(row.beside)} | ${f(row.crowd)} |`);
}
process.exit(0);
