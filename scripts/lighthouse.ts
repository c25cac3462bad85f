/**
 * `npm run lighthouse`: Lighthouse (from npm, mobile defaults, simulated throttling) against the
 * production build in Debian's Chromium, N runs per page (3 by default), the median run reported.
 * Starts the built server itself on a free 127.0.0.1 port with a fresh data directory, prints a table
 * and exits with 1 when a page misses one of its targets.
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --runs=5 --pages=/,/rezydenci   # other pages (default targets)
 *   npm run lighthouse -- --no-fail --out=./lighthouse     # keep the reports, never fail
 *
 * Build first (`npm run build`, or BUILD_DIR=… for another build directory). Chromium comes from
 * CHROME_PATH (default /usr/bin/chromium); LIGHTHOUSE_CHROME_FLAGS adds flags (e.g.
 * --force-prefers-reduced-motion). The median run of each page is saved as an HTML report.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { startServer } from "../tests/support/server";

type Targets = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** JavaScript transferred (compressed) on first load, KB. */
  maxScriptKb?: number;
};

type PageCheck = { name: string; path: string; targets: Targets };

const DEFAULT_TARGETS: Targets = { performance: 90, accessibility: 100, bestPractices: 95, seo: 100 };

/**
 * The pages measured by default. /cart is measured empty: the Lighthouse CLI starts a fresh browser
 * profile for every run, so the cart's local storage (`nokturn-cart`) cannot be filled beforehand.
 */
export const PAGES: PageCheck[] = [
  { name: "Strona główna", path: "/", targets: { ...DEFAULT_TARGETS, maxScriptKb: 150 } },
  { name: "Galeria", path: "/gallery/nokturn-listopad-2025", targets: DEFAULT_TARGETS },
  { name: "Rezydenci", path: "/rezydenci", targets: DEFAULT_TARGETS },
  { name: "Artysta", path: "/artist/mira-volt", targets: DEFAULT_TARGETS },
  { name: "Sklep", path: "/merch", targets: DEFAULT_TARGETS },
  { name: "Produkt", path: "/merch/koszulka-nokturn-logo", targets: DEFAULT_TARGETS },
  { name: "Koszyk (pusty)", path: "/cart", targets: DEFAULT_TARGETS },
  { name: "Dostawa", path: "/shipping", targets: DEFAULT_TARGETS },
];

const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const runs = Math.max(1, Number(option("runs") ?? 3));
const noFail = process.argv.includes("--no-fail");
const pagesOption = option("pages");
const pages: PageCheck[] = pagesOption
  ? pagesOption.split(",").map((pagePath) => {
      const known = PAGES.find((page) => page.path === pagePath);
      return known ?? { name: pagePath, path: pagePath, targets: DEFAULT_TARGETS };
    })
  : PAGES;
const outDir = path.resolve(option("out") ?? fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-lighthouse-")));
fs.mkdirSync(outDir, { recursive: true });
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromePath)) {
  console.error(`Chromium not found at ${chromePath}: install Debian's chromium or set CHROME_PATH.`);
  process.exit(1);
}

const require = createRequire(import.meta.url);
const lighthouseCli = path.join(path.dirname(require.resolve("lighthouse/package.json")), "cli", "index.js");

// Minimal shape of the Lighthouse result we read.
type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      displayValue?: string;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
  runtimeError?: { code: string; message: string };
};

function runLighthouse(url: string, outputPath: string): Promise<Lhr> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        "--output=json",
        `--output-path=${outputPath}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${[...CHROME_FLAGS, ...(process.env.LIGHTHOUSE_CHROME_FLAGS?.split(" ") ?? [])].join(" ").trim()}`,
        "--quiet",
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "ignore", "pipe"] },
    );
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`Lighthouse exited with ${code}:\n${stderr}`));
        return;
      }
      const lhr = JSON.parse(fs.readFileSync(outputPath, "utf8")) as Lhr;
      if (lhr.runtimeError) reject(new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`));
      else resolve(lhr);
    });
  });
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART…): such a run is repeated. */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      process.stdout.write(` (retrying: ${(error as Error).message.split("\n").at(-1)?.slice(0, 80)})`);
    }
  }
}

const score = (lhr: Lhr, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** JavaScript transferred (compressed) on load, from the resource summary. */
function scriptKb(lhr: Lhr) {
  const items = lhr.audits["resource-summary"]?.details?.items ?? [];
  const bytes = items.find((item) => item.resourceType === "script")?.transferSize ?? 0;
  return bytes / 1024;
}

const ms = (lhr: Lhr, audit: string) => lhr.audits[audit]?.numericValue ?? 0;

type Row = { page: PageCheck; median: Lhr; performanceRuns: number[]; failures: string[] };

async function main() {
  const server = await startServer();
  console.log(`Server ${server.url} (build ${process.env.BUILD_DIR ?? "build"}); reports in ${outDir}`);
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const url = new URL(page.path, server.url).toString();
      // Warm-up request: the first render after start-up compiles code paths, not what visitors see.
      await fetch(url).then((response) => response.arrayBuffer());
      const results: Lhr[] = [];
      const slug = page.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      for (let run = 1; run <= runs; run++) {
        process.stdout.write(`  ${page.path} run ${run}/${runs}…`);
        const lhr = await withRetries(() => runLighthouse(url, path.join(outDir, `${slug}-${run}.json`)));
        results.push(lhr);
        process.stdout.write(` performance ${score(lhr, "performance")}\n`);
      }
      const median = computeMedianRun(results as never) as unknown as Lhr;
      const failures: string[] = [];
      const check = (label: string, actual: number, target: number) => {
        if (actual < target) failures.push(`${label} ${actual} < ${target}`);
      };
      check("Performance", score(median, "performance"), page.targets.performance);
      check("Accessibility", score(median, "accessibility"), page.targets.accessibility);
      check("Best Practices", score(median, "best-practices"), page.targets.bestPractices);
      check("SEO", score(median, "seo"), page.targets.seo);
      if (page.targets.maxScriptKb !== undefined && scriptKb(median) > page.targets.maxScriptKb) {
        failures.push(`JS ${scriptKb(median).toFixed(1)} KB > ${page.targets.maxScriptKb} KB`);
      }
      try {
        const { ReportGenerator } = await import("lighthouse/report/generator/report-generator.js");
        fs.writeFileSync(
          path.join(outDir, `${slug}-median.html`),
          ReportGenerator.generateReportHtml(median as never),
        );
      } catch {
        // The HTML report is a convenience; the JSON of every run is there anyway.
      }
      rows.push({ page, median, performanceRuns: results.map((lhr) => score(lhr, "performance")), failures });
    }
  } finally {
    await server.stop();
  }

  const header = [
    "Page",
    "Perf",
    "Runs",
    "A11y",
    "BP",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "CLS",
    "JS KB",
    "Targets",
  ];
  const table = rows.map(({ page, median, performanceRuns, failures }) => [
    `${page.name} (${page.path})`,
    String(score(median, "performance")),
    performanceRuns.join("/"),
    String(score(median, "accessibility")),
    String(score(median, "best-practices")),
    String(score(median, "seo")),
    `${(ms(median, "first-contentful-paint") / 1000).toFixed(1)} s`,
    `${(ms(median, "largest-contentful-paint") / 1000).toFixed(1)} s`,
    `${Math.round(ms(median, "total-blocking-time"))} ms`,
    ms(median, "cumulative-layout-shift").toFixed(3),
    scriptKb(median).toFixed(1),
    failures.length === 0 ? "ok" : failures.join("; "),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(
    `\nLighthouse ${runs > 1 ? `median of ${runs} runs` : "1 run"}, mobile, simulated throttling\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));
  console.log(`\nReports: ${outDir}`);

  const failed = rows.filter((row) => row.failures.length > 0);
  if (failed.length > 0 && !noFail) {
    console.error(`\n${failed.length} page(s) missed a target.`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
