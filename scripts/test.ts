/**
 * `npm test`: type check, lint, unit and integration tests (the integration suite on PGlite and on
 * PostgreSQL at once), production build, the HTTP-level tests against the build, then the end-to-end
 * suite in Debian's Chromium. Installs Chromium with apt-get when it is missing and we are root.
 * Without TEST_DATABASE_URL it starts the throwaway PostgreSQL of scripts/start-test-postgres.sh, so
 * the integration suite and the several-instances test always run on PostgreSQL too. Ends with how
 * long each stage took (decision 028).
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const stages: { title: string; seconds: number }[] = [];

function elapsed(started: number) {
  return (Date.now() - started) / 1000;
}

function printStages() {
  if (stages.length === 0) return;
  console.log("\nStage times:");
  for (const { title, seconds } of stages) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`);
}

function fail(title: string, seconds: number, code: number | null): never {
  console.error(`✗ ${title} failed after ${seconds.toFixed(1)}s`);
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

type Job = { title: string; command: string; args: string[]; env: NodeJS.ProcessEnv };

/** Runs jobs side by side, each line of output prefixed with its job's title. */
async function runTogether(jobs: Job[]) {
  const started = Date.now();
  console.log(`\n▶ ${jobs.map((job) => job.title).join(" ‖ ")}`);
  const results = await Promise.all(
    jobs.map(
      (job) =>
        new Promise<{ job: Job; code: number | null; seconds: number }>((resolve) => {
          const child = spawn(job.command, job.args, { env: job.env, stdio: ["ignore", "pipe", "pipe"] });
          const prefix = `[${job.title}] `;
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
          child.on("close", (code) => resolve({ job, code, seconds: elapsed(started) }));
        }),
    ),
  );
  for (const { job, code, seconds } of results) {
    if (code !== 0) fail(job.title, seconds, code);
    stages.push({ title: `${job.title} (side by side)`, seconds });
    console.log(`✓ ${job.title} (${seconds.toFixed(1)}s)`);
  }
}

function ensureChromium() {
  if (fs.existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium not found at ${chromiumPath}. Install Debian's chromium (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  run("install Debian's chromium", "sh", [
    "-c",
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null",
  ]);
  if (!fs.existsSync(chromiumPath)) {
    console.error(`Chromium still not found at ${chromiumPath} after installing it.`);
    process.exit(1);
  }
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

run("type check", npm, ["run", "--silent", "typecheck"]);
run("lint", npm, ["run", "--silent", "lint"]);
await runTogether([
  // PGlite runs in the test process (slower): the unit tests go beside PostgreSQL's run instead.
  {
    title: "integration tests (PGlite)",
    command: npx,
    args: ["vitest", "run", "--project", "integration"],
    env: withoutPostgres,
  },
  testDatabaseUrl
    ? {
        title: "unit tests, integration tests (PostgreSQL)",
        command: npx,
        args: ["vitest", "run", "--project", "unit", "--project", "integration"],
        env: withPostgres,
      }
    : {
        title: "unit tests",
        command: npx,
        args: ["vitest", "run", "--project", "unit"],
        env: withoutPostgres,
      },
]);
ensureChromium();
run("production build", npm, ["run", "--silent", "build"]);
run("HTTP tests against the build (Vitest)", npx, ["vitest", "run", "--project", "http"], withPostgres);
run("end-to-end tests (Chromium)", npm, ["run", "--silent", "test:e2e"], {
  ...withPostgres,
  CHROMIUM_PATH: chromiumPath,
});
printStages();
console.log("\nAll checks passed.");
