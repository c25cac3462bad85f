/**
 * `npm test`: type check, lint, unit and integration tests, production build, then the end-to-end
 * suite in Debian's Chromium. Installs Chromium with apt-get when it is missing and we are root.
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

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
run("type check", npm, ["run", "--silent", "typecheck"]);
run("lint", npm, ["run", "--silent", "lint"]);
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
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
