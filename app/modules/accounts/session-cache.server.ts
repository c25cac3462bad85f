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
 * The user of the session `cookie` names: kept, or looked up with `lookup` (null for no valid
 * session, which is never kept: a forged cookie costs its own lookup every time).
 */
export async function keptSession<U>(
  cookie: string,
  lookup: () => Promise<KeptSession<U> | null>,
): Promise<U | null> {
  const at = now().getTime();
  if (enabled) {
    const kept = entries.get(cookie);
    if (kept && at >= kept.from && at < kept.until) return kept.user as U;
    if (kept) entries.delete(cookie);
  }
  const startedIn = generation;
  const found = await lookup();
  if (!found) return null;
  if (enabled && startedIn === generation) {
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(cookie, {
      user: found.user,
      from: at,
      until: Math.min(at + KEEP_MS, found.expiresAt.getTime()),
    });
  }
  return found.user;
}

/**
 * The roles of `userId` for display, kept as long as sessions are (migration 0014 notifies a role given
 * or taken). Never for a permission: `requireRole` reads them itself.
 */
export async function keptRoles<R>(userId: string, lookup: () => Promise<R>): Promise<R> {
  const at = now().getTime();
  if (enabled) {
    const kept = roles.get(userId);
    if (kept && at >= kept.from && at < kept.until) return kept.user as R;
    if (kept) roles.delete(userId);
  }
  const startedIn = generation;
  const found = await lookup();
  if (enabled && startedIn === generation) {
    if (roles.size >= MAX_ENTRIES) {
      const oldest = roles.keys().next().value;
      if (oldest !== undefined) roles.delete(oldest);
    }
    roles.set(userId, { user: found, from: at, until: at + KEEP_MS });
  }
  return found;
}
