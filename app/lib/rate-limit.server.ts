/**
 * Fixed-window rate limits shared by every instance, on the `rate_limit` table (with the login limits
 * of modules/accounts; each key carries a prefix such as `contact:`, so none collide).
 * For our keys `last_request` holds the start of the current window. One atomic upsert counts the
 * request and starts a new window when the old one has passed, so concurrent requests cannot race.
 */
import { randomUUID } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, like, lt, sql } from "drizzle-orm";
import { rateLimit } from "../../db/schema";
import { db, type Executor } from "./db.server";
import { DomainError } from "./domain-error";

export type RateLimitRule = {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
};

export type RateLimitResult = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
};

/** Counts one request for `key` and says whether it is within the rule. */
export async function checkRateLimit(
  key: string,
  rule: RateLimitRule,
  { database = db(), now = Date.now() }: { database?: Executor; now?: number } = {},
): Promise<RateLimitResult> {
  if (!Number.isInteger(rule.limit) || rule.limit < 1)
    throw new RangeError("limit must be a positive integer");
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1)
    throw new RangeError("windowMs must be positive");
  const expired = now - rule.windowMs;
  const [row] = await database
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });

  maybePrune(key, rule.windowMs, now, database);

  const allowed = row.count <= rule.limit;
  const windowEnd = Number(row.windowStart) + rule.windowMs;
  return {
    allowed,
    count: row.count,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEnd - now) / 1000)),
  };
}

/** A form's refusal when sent too often: the whole minutes to wait, at least one. */
export function tooManyTriesMessage(retryAfterSeconds: number) {
  return `Za dużo prób w krótkim czasie. Spróbuj ponownie za ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} min.`;
}

/** Counts one try for `key`; over the rule, refuses it (429) with the minutes to wait. */
export async function enforceRateLimit(
  key: string,
  rule: RateLimitRule,
  options: { database?: Executor; now?: number } = {},
) {
  const limit = await checkRateLimit(key, rule, options);
  if (!limit.allowed) throw new DomainError(tooManyTriesMessage(limit.retryAfterSeconds), 429);
}

/**
 * Takes back one request counted by `checkRateLimit` (e.g. a code check that turned out valid, when
 * only failures should count). Counting first and refunding after keeps concurrent requests from
 * slipping past the limit together.
 */
export async function refundRateLimit(key: string, { database = db() }: { database?: Executor } = {}) {
  await database
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(sql`${rateLimit.key} = ${key}`);
}

/**
 * Removes windows of a prefix that ended long ago (the keys hold IP addresses: they are not kept
 * longer than needed). Runs at most once per window per prefix and process, in the background.
 */
const lastPruned = new Map<string, number>();

function maybePrune(key: string, windowMs: number, now: number, database: Executor) {
  const prefix = key.slice(0, key.indexOf(":") + 1);
  if (!prefix) return;
  const last = lastPruned.get(prefix) ?? 0;
  if (now - last < windowMs) return;
  lastPruned.set(prefix, now);
  void pruneRateLimits(prefix, now - windowMs, database).catch(() => {
    // Housekeeping only: a failure here must not affect the request.
  });
}

/** Deletes the rows of `prefix` whose window started before `before` (ms). */
export async function pruneRateLimits(prefix: string, before: number, database: Executor = db()) {
  const pattern = `${prefix.replace(/[\\%_]/g, "\\$&")}%`;
  await database
    .delete(rateLimit)
    .where(and(like(rateLimit.key, pattern), lt(rateLimit.lastRequest, before)));
}

/**
 * The part of a client address a limit should count: IPv4 as is (also when IPv4-mapped), IPv6 by its
 * /64 network, since one subscriber usually holds a whole /64. "unknown" when there is no address.
 */
export function clientKey(ip: string): string {
  const address = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  return "unknown";
}

function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing embedded IPv4 (e.g. 64:ff9b::1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array(missing).fill("0"), ...tailGroups].map((group) =>
    Number.parseInt(group || "0", 16).toString(16),
  );
}
