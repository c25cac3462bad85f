/**
 * `npm test`: type check, lint, unit and integration tests, production build, then the end-to-end
 * suite in Debian's Chromium. Installs Chromium with apt-get when it is missing and we are root.
 * Without TEST_DATABASE_URL it starts the throwaway PostgreSQL of scripts/start-test-postgres.sh, so
 * the integration suite and the several-instances test always run on PostgreSQL too.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { stdio: "inherit", env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
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
process.env.TEST_DATABASE_URL = ensurePostgres() ?? "";
run("type check", npm, ["run", "--silent", "typecheck"]);
run("lint", npm, ["run", "--silent", "lint"]);
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
if (!TEST_DATABASE_URL) delete process.env.TEST_DATABASE_URL;
run("unit and integration tests (PGlite)", npm, ["run", "--silent", "test:unit"], withoutPostgres);
if (TEST_DATABASE_URL) {
  run("integration tests (PostgreSQL)", npm, ["run", "--silent", "test:unit", "--", "tests/integration"]);
}
ensureChromium();
run("production build", npm, ["run", "--silent", "build"]);
run("end-to-end tests (Chromium)", npm, ["run", "--silent", "test:e2e"], {
  ...process.env,
  CHROMIUM_PATH: chromiumPath,
});
console.log("\nAll checks passed.");
