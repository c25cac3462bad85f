/**
 * How many database queries a request made: drizzle's logger counts into the request's tally, which
 * the request handler (server/request-handler.ts) opens and reports in `Server-Timing` on pages not
 * kept for the shared cache (issue #39: each page's data in a few indexed queries, counted by a test).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

export type QueryTally = { queries: number };

const tallies = new AsyncLocalStorage<QueryTally>();

/** Runs `work` with a fresh tally of its queries. */
export function withQueryTally<T>(work: () => T): { result: T; tally: QueryTally } {
  const tally: QueryTally = { queries: 0 };
  return { result: tallies.run(tally, work), tally };
}

export const tallyingLogger: Logger = {
  logQuery(query) {
    if (process.env.DEBUG_QUERIES) console.error("QUERY", query.slice(0, 160));
    const tally = tallies.getStore();
    if (tally) tally.queries++;
  },
};

/** The `Server-Timing` entry of a tally: `db;desc="3 queries"`. */
export function serverTimingOf(tally: QueryTally) {
  return `db;desc="${tally.queries} ${tally.queries === 1 ? "query" : "queries"}"`;
}
