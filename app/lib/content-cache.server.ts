/**
 * The shop's public content (products, nights, reviews) as pages read it, kept in this instance until
 * the database says it changed: the same `content_changed` notification that empties the page cache
 * (migrations 0003, 0010, 0012; server/app.ts clears this one with it) or an instant the content named
 * itself (a sale starting, a drop released). The page cache serves anonymous visitors whole pages; this
 * serves the pages it cannot keep (a signed-in fan, a cart) their public part without a query
 * (decision 036). Only reads for display go through it: prices, stock and totals that a checkout or an
 * order takes are read in their own transaction, never from here.
 *
 * Off until the server turns it on, after it listens for the notifications: without them (a test
 * calling a loader, a script) every read goes to the database.
 */
import { now } from "./clock.server";

export type Loaded<T> = {
  value: T;
  /** When the content goes stale by itself (null: only a change in the database makes it stale). */
  until?: Date | null;
};

type Entry = { value: Promise<unknown>; from: number; until: number };

/** Enough for every product and night of a large shop; past it the oldest entry goes. */
const MAX_ENTRIES = 2_000;

const entries = new Map<string, Entry>();
let enabled = false;

export function keepContent(on: boolean) {
  enabled = on;
  entries.clear();
}

/** Everything kept is dropped (the database notified a change, or may have missed telling us). */
export function clearContent() {
  entries.clear();
}

function fresh(entry: Entry, at: number) {
  // A clock set back (the end-to-end tests' clock) must not be shown what was computed for later.
  return at >= entry.from && at < entry.until;
}

/**
 * The content under `key`: kept, or loaded once for all the requests that ask for it meanwhile. A
 * null or undefined value (an unknown slug) is not kept, so junk keys cannot fill the memory.
 */
export async function cachedContent<T>(key: string, load: () => Promise<Loaded<T>>): Promise<T> {
  if (!enabled) return (await load()).value;
  const at = now().getTime();
  const kept = entries.get(key);
  if (kept && fresh(kept, at)) return kept.value as Promise<T>;
  if (kept) entries.delete(key);
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  const entry: Entry = { value: Promise.resolve(), from: at, until: Number.POSITIVE_INFINITY };
  const loaded = load();
  entry.value = loaded.then(({ value }) => value);
  // Its failure reaches the caller below; the kept promise must not be an unhandled rejection too.
  entry.value.catch(() => {});
  entries.set(key, entry);
  try {
    const { value, until } = await loaded;
    if (value === null || value === undefined) {
      if (entries.get(key) === entry) entries.delete(key);
    } else if (until) {
      entry.until = until.getTime();
    }
    return value;
  } catch (error) {
    if (entries.get(key) === entry) entries.delete(key);
    throw error;
  }
}
