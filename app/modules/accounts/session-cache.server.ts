/**
 * The sessions this instance has looked up, by the signed cookie that named them, for a few minutes:
 * a signed-in fan's page reads no session row and verifies no signature again (decision 036). Any
 * session ended or changed and any account changed notifies `sessions_changed` (migration 0013), and
 * the server drops everything kept; so does a gap in the notifications. A session is never kept past
 * its own expiry. Off until the server listens (tests and scripts always ask better-auth).
 */
import { now } from "~/lib/clock.server";

export type KeptSession<U> = { user: U; expiresAt: Date };

type Entry = { user: unknown; until: number; from: number };

/** How long a lookup is kept at most: the notifications make it exact, this bounds a missed one. */
const KEEP_MS = 5 * 60 * 1000;
/** Past this many the oldest goes: only valid sessions are kept, so this is signed-in visitors. */
const MAX_ENTRIES = 20_000;

const entries = new Map<string, Entry>();
/** The roles of signed-in users, for what a page shows (the account's "Panel Admina"), by user id. */
const roles = new Map<string, Entry>();
let enabled = false;
/** Bumped by every clear: a lookup that started before one may have read what the change ended. */
let generation = 0;

export function keepSessions(on: boolean) {
  enabled = on;
  clearSessions();
}

export function clearSessions() {
  generation++;
  entries.clear();
  roles.clear();
}

/** The session cookie's value in a Cookie header (better-auth's name, `__Secure-` on https). */
export function sessionCookieOf(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  const match = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=([^;\s]+)/.exec(cookieHeader);
  return match ? match[1] : null;
}

/**
 * What `map` keeps under `key`, or what `lookup` finds, kept until `until(found)` when the lookup
 * started after the last clear (it may have read what a change ended). `null` is never kept.
 */
async function kept<T>(
  map: Map<string, Entry>,
  key: string,
  lookup: () => Promise<T | null>,
  until: (found: T, at: number) => number,
): Promise<T | null> {
  const at = now().getTime();
  if (enabled) {
    const entry = map.get(key);
    if (entry && at >= entry.from && at < entry.until) return entry.user as T;
    if (entry) map.delete(key);
  }
  const startedIn = generation;
  const found = await lookup();
  if (found === null) return null;
  if (enabled && startedIn === generation) {
    if (map.size >= MAX_ENTRIES) {
      const oldest = map.keys().next().value;
      if (oldest !== undefined) map.delete(oldest);
    }
    map.set(key, { user: found, from: at, until: until(found, at) });
  }
  return found;
}

/**
 * The user of the session `cookie` names: kept, or looked up with `lookup` (null for no valid
 * session, which is never kept: a forged cookie costs its own lookup every time).
 */
export async function keptSession<U>(
  cookie: string,
  lookup: () => Promise<KeptSession<U> | null>,
): Promise<U | null> {
  const found = await kept(entries, cookie, lookup, (session, at) =>
    Math.min(at + KEEP_MS, session.expiresAt.getTime()),
  );
  return found?.user ?? null;
}

/**
 * The roles of `userId` for display, kept as long as sessions are (migration 0014 notifies a role given
 * or taken). Never for a permission: `requireRole` reads them itself.
 */
export async function keptRoles<R>(userId: string, lookup: () => Promise<R>): Promise<R> {
  return (await kept(roles, userId, lookup, (_, at) => at + KEEP_MS)) as R;
}
