/**
 * `npm run lighthouse`: Lighthouse (from npm, mobile defaults, simulated throttling) against the
 * production build in Debian's Chromium, N runs per page (5 by default), the median run reported.
 * Starts the built server itself on a free 127.0.0.1 port with a fresh data directory, prints a table,
 * writes it as JSON (`summary.json` in the reports directory) and exits with 1 when a page misses a budget.
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --runs=3 --pages=/,/rezydenci   # fewer runs, other pages
 *   npm run lighthouse -- --no-fail --out=./lighthouse     # keep the reports, never fail
 *
 * `/cart` is measured with items in it: for each of its runs a Chromium of ours puts two products in
 * the cart through the product page's button (the cart lives in local storage), and Lighthouse then
 * drives that same browser (`--port`), which keeps local storage and cookies but clears caches. Its
 * no-JavaScript limit is the HTML the server renders for that cart (decision 026: the cart cookie).
 *
 * In the same run, each page's no-JavaScript limit is measured too (scripts/no-js-limit.ts): the same
 * HTML without its scripts and module preloads, served statically, with the same CSS and images. The
 * runs alternate (page, limit, page, limit…), so the machine's load weighs on both alike. Targets
 * (issue #16): Performance ≥ 95 (median of the runs) and LCP at most 0.4 s above the limit's LCP.
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
import { launch } from "chrome-launcher";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import puppeteer from "puppeteer-core";
import { startServer } from "../tests/support/server";
import { startNoJsServer } from "./no-js-limit";

/** The budgets of every public template (issue #10); the shop's own floor (#5) is below them. */
type Budget = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** JavaScript transferred (compressed) on first load, KB. */
  maxScriptKb?: number;
};

type PageCheck = { name: string; path: string; budget: Budget; filledCart?: boolean };

const BUDGET: Budget = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
};

/** Local-storage key of the demo brand's cart, and what the cart run puts in it. */
const CART_KEY = "nokturn-cart";
const CART_PRODUCTS = ["koszulka-nokturn-logo", "naklejki-pack-vol-1"];

export const PAGES: PageCheck[] = [
  { name: "Strona główna", path: "/", budget: { ...BUDGET, maxScriptKb: 150 } },
  { name: "Sklep", path: "/merch", budget: BUDGET },
  { name: "Produkt", path: "/merch/koszulka-nokturn-logo", budget: BUDGET },
  { name: "Koszyk (2 produkty)", path: "/cart", budget: BUDGET, filledCart: true },
  { name: "Rezydenci", path: "/rezydenci", budget: BUDGET },
  { name: "Artysta", path: "/artist/mira-volt", budget: BUDGET },
  { name: "Galeria", path: "/gallery/nokturn-listopad-2025", budget: BUDGET },
  { name: "Dostawa", path: "/shipping", budget: BUDGET },
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

/** Issue #16: how far above its no-JavaScript limit a page's LCP may be. */
const MAX_LCP_GAP_MS = 400;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const runs = Math.max(1, Number(option("runs") ?? 5));
const noFail = process.argv.includes("--no-fail");
const pagesOption = option("pages");
const pages: PageCheck[] = pagesOption
  ? pagesOption.split(",").map((pagePath) => {
      const known = PAGES.find((page) => page.path === pagePath);
      return known ?? { name: pagePath, path: pagePath, budget: BUDGET };
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

const chromeFlags = [
  ...CHROME_FLAGS,
  ...(process.env.LIGHTHOUSE_CHROME_FLAGS?.split(" ").filter(Boolean) ?? []),
];

/** One Lighthouse run in a fresh Chromium, or in the running one at `port` (which keeps local storage). */
function runLighthouse(url: string, outputPath: string, port?: number): Promise<Lhr> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        lighthouseCli,
        url,
        "--output=json",
        `--output-path=${outputPath}`,
        `--only-categories=${CATEGORIES.join(",")}`,
        port ? `--port=${port}` : `--chrome-flags=${chromeFlags.join(" ")}`,
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

/** Puts CART_PRODUCTS in the cart of the browser at `port`, by clicking like a buyer; returns its cookies. */
async function fillCart(origin: string, port: number): Promise<string> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  for (const [index, slug] of CART_PRODUCTS.entries()) {
    await page.goto(`${origin}/merch/${slug}`, { waitUntil: "load" });
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator("::-p-text(Dodaj do koszyka)").click();
    await page.waitForFunction(
      (key, count) => (JSON.parse(localStorage.getItem(key) ?? "[]") as unknown[]).length === count,
      {},
      CART_KEY,
      index + 1,
    );
  }
  const cookies = await page.cookies();
  await page.close();
  await browser.disconnect();
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

/** Runs `measure` in a Chromium whose cart already holds CART_PRODUCTS, added by clicking like a buyer. */
async function withFilledCart<T>(origin: string, measure: (port: number) => Promise<T>): Promise<T> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    await fillCart(origin, chrome.port);
    return await measure(chrome.port);
  } finally {
    chrome.kill();
  }
}

/** The cookies a buyer with CART_PRODUCTS in the cart sends (the cart's page is rendered from them). */
async function filledCartCookies(origin: string): Promise<string> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    return await fillCart(origin, chrome.port);
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART…): such a run is repeated. */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (error) {
      if (i >= tries) throw error;
      const reason = (error as Error).message.split("\n").find((text) => text.trim());
      process.stdout.write(` (retrying: ${reason?.trim().slice(0, 80) ?? (error as Error).name})`);
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

/** Every budget the run misses, as readable lines (empty when it holds them all). */
function budgetFailures(lhr: Lhr, budget: Budget): string[] {
  const failures: string[] = [];
  const atLeast = (label: string, actual: number, target: number) => {
    if (actual < target) failures.push(`${label} ${actual} < ${target}`);
  };
  const atMost = (label: string, actual: number, target: number, unit = "") => {
    if (actual > target) failures.push(`${label} ${actual}${unit} > ${target}${unit}`);
  };
  atLeast("Performance", score(lhr, "performance"), budget.performance);
  atLeast("Accessibility", score(lhr, "accessibility"), budget.accessibility);
  atLeast("Best Practices", score(lhr, "best-practices"), budget.bestPractices);
  atLeast("SEO", score(lhr, "seo"), budget.seo);
  atMost("LCP", Math.round(ms(lhr, "largest-contentful-paint")), budget.lcpMs, " ms");
  atMost("CLS", Number(ms(lhr, "cumulative-layout-shift").toFixed(3)), budget.cls);
  atMost("TBT", Math.round(ms(lhr, "total-blocking-time")), budget.tbtMs, " ms");
  if (budget.maxScriptKb !== undefined)
    atMost("JS", Number(scriptKb(lhr).toFixed(1)), budget.maxScriptKb, " KB");
  return failures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Median Performance and LCP of a set of runs (each value's own median, not one run's). */
function medians(results: Lhr[]) {
  return {
    performance: median(results.map((lhr) => score(lhr, "performance"))),
    lcpMs: Math.round(median(results.map((lhr) => ms(lhr, "largest-contentful-paint")))),
    fcpMs: Math.round(median(results.map((lhr) => ms(lhr, "first-contentful-paint")))),
    tbtMs: Math.round(median(results.map((lhr) => ms(lhr, "total-blocking-time")))),
  };
}

type Limit = ReturnType<typeof medians> & { performanceRuns: number[]; lcpRuns: number[] };

type Row = {
  page: PageCheck;
  median: Lhr;
  performanceRuns: number[];
  failures: string[];
  measured: Limit;
  limit: Limit;
};

async function main() {
  const server = await startServer();
  const noJs = await startNoJsServer(server.url);
  console.log(`Server ${server.url} (build ${process.env.BUILD_DIR ?? "build"}); reports in ${outDir}`);
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const url = new URL(page.path, server.url).toString();
      // Warm-up request: the first render after start-up compiles code paths, not what visitors see.
      await fetch(url).then((response) => response.arrayBuffer());
      // The limit is the HTML this visitor gets: for the cart, the page rendered from their cart cookie.
      const sizes = await noJs.snapshot(
        page.path,
        page.filledCart ? { cookie: await filledCartCookies(server.url) } : {},
      );
      const limitUrl = new URL(page.path, noJs.url).toString();
      const results: Lhr[] = [];
      const limitResults: Lhr[] = [];
      const slug = page.path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home";
      console.log(
        `  ${page.path}: HTML ${(sizes.rawBytes / 1024).toFixed(1)} KB, without scripts ${(sizes.strippedBytes / 1024).toFixed(1)} KB`,
      );
      for (let run = 1; run <= runs; run++) {
        process.stdout.write(`  ${page.path} run ${run}/${runs}…`);
        const output = path.join(outDir, `${slug}-${run}.json`);
        const lhr = await withRetries(() =>
          page.filledCart
            ? withFilledCart(server.url, (port) => runLighthouse(url, output, port))
            : runLighthouse(url, output),
        );
        results.push(lhr);
        const limitLhr = await withRetries(() =>
          runLighthouse(limitUrl, path.join(outDir, `${slug}-nojs-${run}.json`)),
        );
        limitResults.push(limitLhr);
        process.stdout.write(
          ` performance ${score(lhr, "performance")}, LCP ${(ms(lhr, "largest-contentful-paint") / 1000).toFixed(2)} s` +
            ` | no JS: ${score(limitLhr, "performance")}, ${(ms(limitLhr, "largest-contentful-paint") / 1000).toFixed(2)} s\n`,
        );
      }
      const medianRun = computeMedianRun(results as never) as unknown as Lhr;
      const measured: Limit = {
        ...medians(results),
        performanceRuns: results.map((lhr) => score(lhr, "performance")),
        lcpRuns: results.map((lhr) => Math.round(ms(lhr, "largest-contentful-paint"))),
      };
      const limit: Limit = {
        ...medians(limitResults),
        performanceRuns: limitResults.map((lhr) => score(lhr, "performance")),
        lcpRuns: limitResults.map((lhr) => Math.round(ms(lhr, "largest-contentful-paint"))),
      };
      const failures = budgetFailures(medianRun, page.budget);
      if (measured.performance < page.budget.performance)
        failures.push(`Performance median ${measured.performance} < ${page.budget.performance}`);
      if (measured.lcpMs - limit.lcpMs > MAX_LCP_GAP_MS)
        failures.push(`LCP ${measured.lcpMs - limit.lcpMs} ms above the no-JS limit > ${MAX_LCP_GAP_MS} ms`);
      try {
        const { ReportGenerator } = await import("lighthouse/report/generator/report-generator.js");
        fs.writeFileSync(
          path.join(outDir, `${slug}-median.html`),
          ReportGenerator.generateReportHtml(medianRun as never),
        );
      } catch {
        // The HTML report is a convenience; the JSON of every run is there anyway.
      }
      rows.push({
        page,
        median: medianRun,
        performanceRuns: measured.performanceRuns,
        failures,
        measured,
        limit,
      });
    }
  } finally {
    await noJs.stop();
    await server.stop();
  }

  const summary = rows.map(({ page, median, performanceRuns, failures, measured, limit }) => ({
    page: page.name,
    path: page.path,
    performance: score(median, "performance"),
    performanceRuns,
    accessibility: score(median, "accessibility"),
    bestPractices: score(median, "best-practices"),
    seo: score(median, "seo"),
    fcpMs: Math.round(ms(median, "first-contentful-paint")),
    lcpMs: Math.round(ms(median, "largest-contentful-paint")),
    tbtMs: Math.round(ms(median, "total-blocking-time")),
    cls: Number(ms(median, "cumulative-layout-shift").toFixed(3)),
    scriptKb: Number(scriptKb(median).toFixed(1)),
    totalKb: Number((ms(median, "total-byte-weight") / 1024).toFixed(1)),
    medians: measured,
    noJsLimit: limit,
    lcpGapMs: measured.lcpMs - limit.lcpMs,
    failures,
  }));
  fs.writeFileSync(
    path.join(outDir, "summary.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
        runs,
        budget: BUDGET,
        maxLcpGapMs: MAX_LCP_GAP_MS,
        load: os.loadavg().map((value) => Number(value.toFixed(2))),
        pages: summary,
      },
      null,
      2,
    )}\n`,
  );

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
    "Total KB",
    "Budget",
  ];
  const table = summary.map((row) => [
    `${row.page} (${row.path})`,
    String(row.performance),
    row.performanceRuns.join("/"),
    String(row.accessibility),
    String(row.bestPractices),
    String(row.seo),
    `${(row.fcpMs / 1000).toFixed(1)} s`,
    `${(row.lcpMs / 1000).toFixed(1)} s`,
    `${row.tbtMs} ms`,
    row.cls.toFixed(3),
    row.scriptKb.toFixed(1),
    row.totalKb.toFixed(1),
    row.failures.length === 0 ? "ok" : row.failures.join("; "),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...table.map((row) => row[column].length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  console.log(
    `\nLighthouse ${runs > 1 ? `median run of ${runs} (Lighthouse's own pick by FCP and TTI; its scores, the budget of issue #10)` : "1 run"}, mobile, simulated throttling\n`,
  );
  console.log(line(header));
  console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of table) console.log(line(row));

  // The page against its no-JavaScript limit (same HTML, CSS and images without scripts).
  const limitHeader = ["Page", "Perf (median)", "LCP", "No-JS Perf", "No-JS LCP", "Gap", "Target"];
  const limitTable = summary.map((row) => {
    const met = row.medians.performance >= 95 && row.lcpGapMs <= MAX_LCP_GAP_MS;
    return [
      `${row.page} (${row.path})`,
      `${row.medians.performance} (${row.performanceRuns.join("/")})`,
      `${(row.medians.lcpMs / 1000).toFixed(2)} s`,
      String(row.noJsLimit.performance),
      `${(row.noJsLimit.lcpMs / 1000).toFixed(2)} s`,
      `${row.lcpGapMs >= 0 ? "+" : ""}${(row.lcpGapMs / 1000).toFixed(2)} s`,
      met ? "met" : "not met",
    ];
  });
  const limitWidths = limitHeader.map((title, column) =>
    Math.max(title.length, ...limitTable.map((row) => row[column].length)),
  );
  const limitLine = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(limitWidths[column])).join(" | ")} |`;
  console.log(
    `\nAgainst the no-JavaScript limit (median of ${runs}; target: Performance ≥ 95, LCP ≤ limit + ${MAX_LCP_GAP_MS / 1000} s)\n`,
  );
  console.log(limitLine(limitHeader));
  console.log(`|${limitWidths.map((width) => "-".repeat(width + 2)).join("|")}|`);
  for (const row of limitTable) console.log(limitLine(row));
  console.log(
    `\nLoad average during the run: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(", ")}`,
  );
  console.log(`Reports and summary.json: ${outDir}`);

  const targetsMet = limitTable.filter((row) => row.at(-1) === "met").length;
  console.log(`\nIssue #16's targets: met on ${targetsMet} of ${limitTable.length} page(s).`);
  const failed = rows.filter((row) => row.failures.length > 0);
  if (failed.length > 0) {
    const which = failed.map((row) => `${row.page.path}: ${row.failures.join("; ")}`).join("\n  ");
    console.error(`${failed.length} page(s) missed a budget of the first table:\n  ${which}`);
    if (!noFail) process.exit(1);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
