/**
 * `npm run bench:junk`: what a flood of unique junk-query URLs does to the page cache and the server's
 * memory (issue #29). Starts the production build (embedded database), warms `/`, `/merch` and a
 * product page, then sends JUNK_REQUESTS (10,000) unique URLs (`/?x=1`, `/?utm_source=…&n=2`,
 * `/?fbclid=…`, …) from JUNK_CONCURRENCY (16) clients. Printed: the server's RSS before and after
 * (and its peak), how many of the flood were cache hits, and whether `/` and the real pages are still
 * hits afterwards. Build first (`npm run build`).
 */
import fs from "node:fs";
import http from "node:http";
import { startServer } from "../tests/support/server";

const total = Number(process.env.JUNK_REQUESTS ?? 10_000);
const concurrency = Number(process.env.JUNK_CONCURRENCY ?? 16);
const PAGES = ["/", "/merch", "/merch/koszulka-nokturn-logo"];

const server = await startServer({ env: { LOG_LEVEL: "warn" } });
const pid = server.process.pid;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function get(path: string) {
  return new Promise<{ status: number; cache: string }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { agent, headers: { "accept-encoding": "br, gzip" } }, (response) => {
        response.resume();
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, cache: String(response.headers["x-cache"] ?? "none") }),
        );
      })
      .on("error", reject);
  });
}

/** The server's resident and peak memory in MB, from /proc (Linux). */
function memory() {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

try {
  for (const path of PAGES) {
    await get(path);
    await get(path);
  }
  await settle();
  // The peak so far is the start-up's (migrations, demo seed): from here on, only the flood's counts.
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    // not Linux, or not allowed: the peak then includes the start-up
  }
  const before = memory();
  const junk = (i: number) =>
    [
      `/?x=${i}`,
      `/?utm_source=instagram&utm_medium=story&utm_campaign=drop-${i}`,
      `/?fbclid=IwAR${i.toString(36)}${"x".repeat(40)}`,
      `/?a=${i}&b=${i * 7}&gclid=${i}`,
    ][i % 4];
  const counts = new Map<string, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const { status, cache } = await get(junk(next++));
        const key = `${status} ${cache}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const right = memory();
  await settle();
  const after = memory();
  const pages = await Promise.all(PAGES.map(async (path) => [path, (await get(path)).cache] as const));

  console.log(
    `${total} unique junk-query URLs in ${seconds.toFixed(1)} s (${Math.round(total / seconds)} req/s)`,
  );
  console.log("answers:", Object.fromEntries(counts));
  console.log(`RSS before: ${before.rss.toFixed(0)} MB`);
  console.log(`RSS right after: ${right.rss.toFixed(0)} MB, 2 s later: ${after.rss.toFixed(0)} MB`);
  console.log(`peak RSS (VmHWM) during the flood: ${after.peak.toFixed(0)} MB`);
  console.log("afterwards:", pages.map(([path, cache]) => `${path} ${cache}`).join(", "));
  const hits = [...counts].filter(([key]) => key.endsWith("HIT")).reduce((sum, [, n]) => sum + n, 0);
  if (pages.some(([, cache]) => cache !== "HIT") || hits < total * 0.99) process.exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
}
