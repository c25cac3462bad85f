/**
 * Line and branch coverage of app/ and server/ by the whole test suite (issue #37), to compare before and
 * after tests move between layers: `npx tsx scripts/coverage.ts [--out DIR] [--steps build,unit,http,e2e]`.
 *
 * What it measures, in Node on this machine:
 * - the unit and integration Vitest projects (PGlite), through Vitest's own V8 coverage;
 * - the production servers that the `http` Vitest project and the Playwright suite start
 *   (tests/support/server.ts gives each NODE_V8_COVERAGE when SERVER_V8_COVERAGE is set). app/ runs
 *   there inside the bundle build/server/, so the build is made with source maps (COVERAGE_SOURCEMAPS=1)
 *   and the servers' V8 coverage is mapped back to the sources with ast-v8-to-istanbul, the converter
 *   Vitest's V8 provider uses, so both reports count the same statements and branches; they are merged
 *   by where each starts (mergeByStart). c8 was tried first: through the bundle's source maps it marked
 *   99.8% of app/'s lines covered after two page loads.
 * What it does not measure: the browser's own JavaScript (hydrated components, client-only code run
 * in Chromium), the development server of the dev-server e2e test, the test runners' own processes
 * (an http or e2e test calling app/ code in-process), and servers killed before they could exit (V8
 * writes a process's coverage as it exits).
 *
 * Lines are istanbul's: a line holding the start of a statement, covered when one of them ran. A failing
 * test does not stop the measurement: it is reported, and the figures are taken anyway. Writes
 * DIR/summary.json (default DIR: coverage/), the istanbul JSON of each part and of both together.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { stripTypeScriptTypes } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import convert from "ast-v8-to-istanbul";
import libCoverage, { type CoverageMap } from "istanbul-lib-coverage";
import { parseAstAsync } from "vitest/node";

type ScriptCoverage = import("node:inspector").Profiler.ScriptCoverage;

const root = path.resolve(import.meta.dirname, "..");
const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
};
const out = path.resolve(argument("--out") ?? path.join(root, "coverage"));
const steps = new Set((argument("--steps") ?? "build,unit,http,e2e").split(","));
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
const rawDir = path.join(out, "servers-v8");
const groups = { "app/": ["app/"], "server/": ["server/"], "app/ + server/": ["app/", "server/"] };
const problems: string[] = [];
/** Each test step's exit code and closing counts ("1082 passed", "2 flaky"). */
const outcomes: Record<string, { exit: number | null; counts: string[] }> = {};

// The test runners write no V8 coverage of their own (their transformed modules would be reported).
// Nothing runs on PostgreSQL, so that every measurement is taken alike: the integration suite runs on
// PGlite, and tests/http/instances.test.ts (two servers on one PostgreSQL) fails without its servers.
const { NODE_V8_COVERAGE: _, TEST_DATABASE_URL: __, SERVER_V8_COVERAGE: ___, ...baseEnv } = process.env;

/** Runs a command in the checkout, its output shown and kept in DIR/logs; returns its exit code. */
async function run(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const log = fs.createWriteStream(path.join(out, "logs", `${title.replaceAll(/\W+/g, "-")}.log`));
  const child = spawn(command, args, {
    cwd: root,
    env: { ...baseEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      log.write(chunk);
      tail = (tail + chunk).slice(-20_000);
    });
  }
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  log.end();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
  const plain = tail.replaceAll(/\x1b\[[0-9;]*m/g, "");
  const counts = plain.match(/^ *(Tests +.*|\d+ (passed|failed|flaky|skipped|did not run).*)$/gm) ?? [];
  outcomes[title] = { exit: code, counts: counts.map((line) => line.trim()) };
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`${code === 0 ? "✓" : "✗"} ${title}: exit ${code} after ${seconds} s`);
  if (code !== 0) problems.push(`${title} exited with ${code} (log: ${path.join(out, "logs")})`);
  return code;
}

/** The executed code of a script the servers ran, with its source map, when it is ours to report. */
function executedSource(url: string) {
  if (!url.startsWith("file:")) return null;
  const file = fileURLToPath(url);
  if (file.startsWith(`${buildDir}/server/`) && file.endsWith(".js")) {
    if (!fs.existsSync(`${file}.map`)) throw new Error(`${file} has no source map: not a coverage build`);
    const map = JSON.parse(fs.readFileSync(`${file}.map`, "utf8"));
    map.sources = map.sources.map((source: string) => new URL(source, url).href);
    return executed(fs.readFileSync(file, "utf8"), map);
  }
  // server/index.ts and what it imports itself run as they are, their types stripped by Node.
  if (file.startsWith(`${root}/server/`) && file.endsWith(".ts") && fs.existsSync(file)) {
    return executed(stripTypeScriptTypes(fs.readFileSync(file, "utf8")));
  }
  return null;
}

function executed(code: string, sourceMap?: Parameters<typeof convert>[0]["sourceMap"]) {
  // A fresh tree for each conversion: the converter changes the one it walks.
  const ast = () => parseAstAsync(code) as Parameters<typeof convert>[0]["ast"];
  return { code, sourceMap, ast };
}

/** The servers' V8 coverage (one file per process) as istanbul coverage of the sources. */
async function serverCoverage() {
  const coverage = libCoverage.createCoverageMap({});
  const files = fs.existsSync(rawDir) ? fs.readdirSync(rawDir).filter((file) => file.endsWith(".json")) : [];
  const sources = new Map<string, ReturnType<typeof executed> | null>();
  for (const file of files) {
    const { result } = JSON.parse(fs.readFileSync(path.join(rawDir, file), "utf8")) as {
      result: ScriptCoverage[];
    };
    for (const script of result) {
      if (!sources.has(script.url)) sources.set(script.url, executedSource(script.url));
      const source = sources.get(script.url);
      if (!source) continue;
      coverage.merge(await convert({ ...source, ast: source.ast(), coverage: script }));
    }
  }
  return { coverage: inScope(coverage), processes: files.length };
}

/** Only app/ and server/ (a bundle also holds db/), without tests. */
function inScope(coverage: CoverageMap) {
  coverage.filter((file) => {
    const relative = path.relative(root, file);
    return /^(app|server)\//.test(relative) && !/\.test\.tsx?$/.test(relative);
  });
  return coverage;
}

type Position = { line: number; column: number };
const at = ({ line, column }: Position) => `${line}:${column}`;

/**
 * Vitest's report plus the servers': a statement, function or branch is the same in both when it starts
 * at the same place and, for a branch, is of the same kind (the two source maps end some ranges a token
 * apart, which istanbul-lib-coverage's merge would count twice). One only the servers have is added.
 * Returns how many of the servers' were found in Vitest's report.
 */
function mergeByStart(into: CoverageMap, from: CoverageMap) {
  const matched = { statements: [0, 0], branches: [0, 0] };
  for (const file of from.files()) {
    const other = from.fileCoverageFor(file).data;
    if (!into.files().includes(file)) {
      into.addFileCoverage(structuredClone(other));
      matched.statements[1] += Object.keys(other.statementMap).length;
      matched.branches[1] += Object.keys(other.branchMap).length;
      continue;
    }
    const data = into.fileCoverageFor(file).data;
    const statements = mergeItems(data.statementMap, data.s, other.statementMap, other.s, (loc) =>
      at(loc.start),
    );
    mergeItems(data.fnMap, data.f, other.fnMap, other.f, (fn) => at(fn.loc.start));
    const branches = mergeItems(
      data.branchMap,
      data.b,
      other.branchMap,
      other.b,
      (branch) => `${branch.type}/${branch.locations.length}@${at(branch.loc.start)}`,
    );
    for (const [part, [found, all]] of [
      ["statements", statements],
      ["branches", branches],
    ] as const) {
      matched[part][0] += found;
      matched[part][1] += all;
    }
  }
  return matched;
}

function mergeItems<T, H extends number | number[]>(
  map: Record<string, T>,
  hits: Record<string, H>,
  otherMap: Record<string, T>,
  otherHits: Record<string, H>,
  key: (item: T) => string,
) {
  const index = new Map<string, string[]>();
  for (const [id, item] of Object.entries(map)) index.set(key(item), [...(index.get(key(item)) ?? []), id]);
  let next = Math.max(-1, ...Object.keys(map).map(Number)) + 1;
  let found = 0;
  for (const [id, item] of Object.entries(otherMap)) {
    const same = index.get(key(item))?.shift();
    if (same === undefined) {
      map[next] = item;
      hits[next++] = otherHits[id];
      continue;
    }
    found++;
    const mine = hits[same];
    const theirs = otherHits[id];
    hits[same] = (
      Array.isArray(mine) && Array.isArray(theirs)
        ? mine.map((count, i) => count + (theirs[i] ?? 0))
        : (mine as number) + (theirs as number)
    ) as H;
  }
  return [found, Object.keys(otherMap).length];
}

function readCoverage(file: string) {
  return libCoverage.createCoverageMap(fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {});
}

function writeCoverage(coverage: CoverageMap, directory: string) {
  fs.mkdirSync(directory, { recursive: true });
  fs.writeFileSync(path.join(directory, "coverage-final.json"), JSON.stringify(coverage.toJSON()));
}

type Count = { covered: number; total: number; pct: number };

/** Line and branch counts of the files under the given folders. */
function figures(coverage: CoverageMap, folders: string[]) {
  const summary = libCoverage.createCoverageSummary();
  const files = coverage.files().filter((file) => {
    const relative = path.relative(root, file);
    return folders.some((folder) => relative.startsWith(folder));
  });
  for (const file of files) summary.merge(coverage.fileCoverageFor(file).toSummary());
  const count = ({ covered, total }: { covered: number; total: number }): Count => ({
    covered,
    total,
    pct: total === 0 ? 100 : Math.round((covered / total) * 10_000) / 100,
  });
  return { files: files.length, lines: count(summary.lines), branches: count(summary.branches) };
}

const format = ({ covered, total, pct }: Count) =>
  `${pct.toFixed(2).padStart(6)} % (${covered.toLocaleString("en")} / ${total.toLocaleString("en")})`;

async function main() {
  fs.mkdirSync(path.join(out, "logs"), { recursive: true });
  const started = Date.now();
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.trim();
  const dirty =
    spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).stdout.trim() !== "";
  console.log(
    `Coverage of app/ and server/ at ${commit}${dirty ? " (with uncommitted changes)" : ""} → ${out}`,
  );

  if (steps.has("build")) {
    const code = await run("build with source maps", "npm", ["run", "build"], { COVERAGE_SOURCEMAPS: "1" });
    if (code !== 0) throw new Error("The build failed: nothing to measure.");
  }
  if (!fs.existsSync(path.join(buildDir, "server/index.js.map"))) {
    throw new Error(
      `${buildDir}/server has no source maps: run with the build step (COVERAGE_SOURCEMAPS=1).`,
    );
  }

  if (steps.has("unit")) {
    await run("unit + integration (Vitest, PGlite)", "npx", [
      "vitest",
      "run",
      "--project=unit",
      "--project=integration",
      "--coverage.enabled",
      "--coverage.provider=v8",
      "--coverage.include=app/**",
      "--coverage.include=server/**",
      "--coverage.reporter=json",
      "--coverage.reportOnFailure",
      `--coverage.reportsDirectory=${path.join(out, "vitest")}`,
    ]);
  }

  if (steps.has("http") || steps.has("e2e")) fs.rmSync(rawDir, { recursive: true, force: true });
  fs.mkdirSync(rawDir, { recursive: true });
  const serverEnv = { SERVER_V8_COVERAGE: rawDir };
  if (steps.has("http")) await run("http (Vitest)", "npx", ["vitest", "run", "--project=http"], serverEnv);
  if (steps.has("e2e")) {
    const chromium = fs.existsSync("/usr/bin/chromium-headless-shell")
      ? "/usr/bin/chromium-headless-shell"
      : "/usr/bin/chromium";
    await run("e2e (Playwright)", "npx", ["playwright", "test"], {
      ...serverEnv,
      CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? chromium,
      E2E_WORKERS: process.env.E2E_WORKERS ?? "3",
    });
  }

  console.log("\n▶ the servers' V8 coverage → istanbul (through the build's source maps)");
  const servers = await serverCoverage();
  writeCoverage(servers.coverage, path.join(out, "servers"));
  const vitest = inScope(readCoverage(path.join(out, "vitest", "coverage-final.json")));
  if (vitest.files().length === 0) problems.push("no Vitest coverage (coverage-final.json) to merge");
  const merged = libCoverage.createCoverageMap(JSON.parse(JSON.stringify(vitest)));
  const matched = mergeByStart(merged, servers.coverage);
  writeCoverage(merged, path.join(out, "merged"));

  const parts = { vitest, servers: servers.coverage, together: merged };
  const summary = {
    commit,
    uncommittedChanges: dirty,
    date: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    steps: [...steps],
    outcomes,
    serverProcesses: servers.processes,
    // How many of the servers' statements and branches were found in Vitest's report ([found, all]).
    serversMatchedInVitest: matched,
    problems,
    figures: Object.fromEntries(
      Object.entries(parts).map(([part, coverage]) => [
        part,
        Object.fromEntries(
          Object.entries(groups).map(([group, folders]) => [group, figures(coverage, folders)]),
        ),
      ]),
    ),
  };
  fs.writeFileSync(path.join(out, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);

  console.log(
    `\nCoverage at ${commit}${dirty ? " (uncommitted changes)" : ""}, ${servers.processes} server processes:`,
  );
  const labels = { vitest: "unit + integration", servers: "servers (http + e2e)", together: "all tests" };
  for (const [part, byGroup] of Object.entries(summary.figures)) {
    console.log(`  ${labels[part as keyof typeof labels]}`);
    for (const [group, { lines, branches }] of Object.entries(byGroup)) {
      console.log(`    ${group.padEnd(15)} lines ${format(lines)}   branches ${format(branches)}`);
    }
  }
  for (const [title, { exit, counts }] of Object.entries(outcomes)) {
    console.log(`  ${title}: exit ${exit}${counts.length ? `; ${counts.join("; ")}` : ""}`);
  }
  for (const problem of problems) console.log(`  ✗ ${problem}`);
  console.log(`Written: ${path.join(out, "summary.json")}`);
  if (steps.has("build")) {
    console.log(
      `Note: ${buildDir} is now a coverage build (with source maps); \`npm run build\` makes a normal one.`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
