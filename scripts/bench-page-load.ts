/**
 * The cached-page load of `npm run bench:drop`, in a process of its own: autocannon on every page at
 * once for each window it is given, starting at the window's instant. Apart from the drop's simulated
 * visitors and buyers, its balancer and its mail server, so what they cost the bench's own event loop
 * does not pass for the servers' throughput. Started before the first window (tsx takes a second or two
 * to start it). Arguments: one JSON object ({ urls, pages, connections, windows: [{ at, seconds, rateOf }] });
 * prints one JSON line of figures per window, per page.
 */
import autocannon from "autocannon";

/**
 * A window: as many requests as the connections take (`rateOf` absent), or a fixed offered rate per
 * page, `rateOf` times what the first window measured on that page.
 */
type Window = { at: number; seconds: number; rateOf?: number };
type Plan = { urls: string[]; pages: string[]; connections: number; windows: Window[] };
export type PageFigures = { rps: number; p50: number; p99: number; fiveXx: number; otherErrors: number };

const plan = JSON.parse(process.argv[2] ?? "{}") as Plan;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const perUrl = Math.max(1, Math.round(plan.connections / plan.urls.length));

async function measure(seconds: number, rates?: number[]): Promise<PageFigures[]> {
  return Promise.all(
    plan.pages.map(async (path, page) => {
      const runs = await Promise.all(
        plan.urls.map((url) =>
          autocannon({
            url: `${url}${path}`,
            connections: perUrl,
            duration: seconds,
            headers: { "accept-encoding": "br, gzip" },
            ...(rates ? { overallRate: Math.max(1, Math.round(rates[page] / plan.urls.length)) } : {}),
          }),
        ),
      );
      return {
        rps: Math.round(sum(runs.map((run) => run.requests.average))),
        // The worse instance's.
        p50: Math.max(...runs.map((run) => run.latency.p50)),
        p99: Math.max(...runs.map((run) => run.latency.p99)),
        fiveXx: sum(runs.map((run) => run["5xx"])),
        otherErrors: sum(runs.map((run) => run.errors + run.timeouts + run.non2xx - run["5xx"])),
      };
    }),
  );
}

await measure(1); // warm the connections and the JIT
const results: PageFigures[][] = [];
for (const window of plan.windows) {
  const wait = window.at - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const rates =
    window.rateOf === undefined ? undefined : results[0].map((figures) => figures.rps * (window.rateOf ?? 1));
  results.push(await measure(window.seconds, rates));
}
process.stdout.write(`${JSON.stringify(results)}\n`);
