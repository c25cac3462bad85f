/**
 * `npm test`: type check, lint, unit and integration tests (the integration suite on PGlite and on
 * PostgreSQL), production build, the HTTP-level tests against the build, then the end-to-end suite in
 * Debian's Chromium. Installs Chromium's headless shell with apt-get when it is missing and we are root.
 * Without TEST_DATABASE_URL it starts the throwaway PostgreSQL of scripts/start-test-postgres.sh, so
 * the integration suite and the several-instances test always run on PostgreSQL too.
 *
 * Everything before the browser runs in two lanes, one per core (decision 028): type check, lint, build
 * and unit + PostgreSQL in one; the PGlite suite and then the HTTP tests (which need the build) in the
 * other. The first failure stops both lanes. Ends with how long each step took.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

// The e2e suite runs in Chromium's headless shell (playwright.config.ts).
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const stages: { title: string; seconds: number; lane?: string }[] = [];
const running = new Set<ChildProcess>();
const runStarted = Date.now();

function elapsed(started: number) {
  return (Date.now() - started) / 1000;
}

function printStages() {
  if (stages.length === 0) return;
  console.log("\nStage times:");
  for (const { title, seconds, lane } of stages) {
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}${lane ? `  [${lane}]` : ""}`);
  }
  console.log(`  ${elapsed(runStarted).toFixed(1).padStart(7)} s  npm test in all`);
}

function fail(title: string, seconds: number, code: number | null): never {
  console.error(`✗ ${title} failed after ${seconds.toFixed(1)}s`);
  for (const child of running) child.kill("SIGTERM");
  printStages();
  process.exit(code || 1);
}

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = elapsed(started);
  if (result.status !== 0) fail(title, seconds, result.status);
  stages.push({ title, seconds });
  console.log(`✓ ${title} (${seconds.toFixed(1)}s)`);
}

type Step = { title: string; command: string; args: string[]; env?: NodeJS.ProcessEnv };

/** A Vitest run of the given projects. */
function vitest(title: string, projects: string[], env: NodeJS.ProcessEnv): Step {
  return { title, command: npx, args: ["vitest", "run", ...projects.flatMap((p) => ["--project", p])], env };
}

/** Runs one step of a lane, each line of its output prefixed with the step's title. */
function runStep(step: Step, lane: string) {
  const started = Date.now();
  console.log(`▶ ${step.title}  [${lane}]`);
  return new Promise<void>((resolve) => {
    const child = spawn(step.command, step.args, {
      env: step.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    running.add(child);
    const prefix = `[${step.title}] `;
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.on("data", (chunk: Buffer) => {
        const lines = (rest + chunk.toString()).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on("end", () => {
        if (rest) process.stdout.write(`${prefix}${rest}\n`);
      });
    }
    child.on("close", (code) => {
      running.delete(child);
      const seconds = elapsed(started);
      if (code !== 0) fail(step.title, seconds, code);
      stages.push({ title: step.title, seconds, lane });
      console.log(`✓ ${step.title} (${seconds.toFixed(1)}s)  [${lane}]`);
      resolve();
    });
  });
}

/** True when Chromium must be installed (we are root with apt-get); stops when it cannot be. */
function chromiumMissing() {
  if (fs.existsSync(chromiumPath)) return false;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium not found at ${chromiumPath}. Install Debian's chromium-headless-shell (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  return true;
}

/** The URL of a throwaway PostgreSQL (started here when none is given), or null when there is none. */
function ensurePostgres(): string | null {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const started = Date.now();
  console.log("\n▶ start a throwaway PostgreSQL");
  const result = spawnSync("bash", ["scripts/start-test-postgres.sh"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = result.stdout.trim();
  if (result.status !== 0 || !url) {
    console.error("✗ could not start PostgreSQL: the PostgreSQL tests will fail (set TEST_DATABASE_URL)");
    return null;
  }
  stages.push({ title: "start a throwaway PostgreSQL", seconds: elapsed(started) });
  console.log(`✓ PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")}`);
  // Ours to stop, whichever way the run ends.
  process.on("exit", () => {
    spawnSync(
      "sh",
      [
        "-c",
        `${process.getuid?.() === 0 ? "runuser -u postgres -- " : ""}/usr/lib/postgresql/*/bin/pg_ctl -D "\${TEST_PG_DIR:-/tmp/nokturn-test-pg}" -m immediate stop`,
      ],
      { stdio: "ignore" },
    );
  });
  return url;
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const testDatabaseUrl = ensurePostgres() ?? "";
const { TEST_DATABASE_URL: _, ...withoutPostgres } = process.env;
const withPostgres = { ...process.env, TEST_DATABASE_URL: testDatabaseUrl };

const chromiumInstall: Step[] = chromiumMissing()
  ? [
      {
        title: "install Debian's chromium-headless-shell",
        command: "sh",
        args: [
          "-c",
          "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null",
        ],
      },
    ]
  : [];

// Lane one checks types and style, builds, then runs unit + PostgreSQL; lane two runs the PGlite suite.
// Then each lane runs half of the HTTP tests (they need the build): lane one two files that start
// servers of their own (security, two instances), lane two the rest against the shared server and the
// start-up file. Measured (clean clone, 2026-11-28 15:10, with #40's tests): lane one 332 s, lane two
// 302 s with start-up in lane one (15 s of its files) — moved to even them (decision 028).
// The gate's file (tests/http/crowd-gate.test.ts, a server of its own, ~12 s) runs in lane two: in lane
// one (f19c812) lane one took 367 s against lane two's 343 s.
const HTTP_OWN_SERVERS = ["tests/http/security.test.ts", "tests/http/instances.test.ts"];
const built = (async () => {
  for (const step of [
    ...chromiumInstall,
    { title: "type check", command: npm, args: ["run", "--silent", "typecheck"] },
    { title: "lint", command: npm, args: ["run", "--silent", "lint"] },
    { title: "production build", command: npm, args: ["run", "--silent", "build"] },
  ]) {
    await runStep(step, "first");
  }
})();
await Promise.all([
  (async () => {
    await built;
    await runStep(
      testDatabaseUrl
        ? vitest("unit tests, integration tests (PostgreSQL)", ["unit", "integration"], withPostgres)
        : vitest("unit tests", ["unit"], withoutPostgres),
      "first",
    );
    const own = vitest("HTTP tests with servers of their own (Vitest)", ["http"], withPostgres);
    await runStep({ ...own, args: [...own.args, ...HTTP_OWN_SERVERS] }, "first");
  })(),
  (async () => {
    await runStep(vitest("integration tests (PGlite)", ["integration"], withoutPostgres), "second");
    await built;
    const shared = vitest("HTTP tests against the shared server (Vitest)", ["http"], withPostgres);
    const rest = HTTP_OWN_SERVERS.flatMap((file) => ["--exclude", file]);
    await runStep({ ...shared, args: [...shared.args, ...rest] }, "second");
  })(),
]);
if (!fs.existsSync(chromiumPath)) {
  console.error(`Chromium still not found at ${chromiumPath}.`);
  process.exit(1);
}
run("end-to-end tests (Chromium)", npm, ["run", "--silent", "test:e2e"], {
  ...withPostgres,
  CHROMIUM_PATH: chromiumPath,
});
printStages();
console.log("\nAll checks passed.");
