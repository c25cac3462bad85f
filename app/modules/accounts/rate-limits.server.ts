/**
 * Limits on the account endpoints, counted per client (IP, IPv6 by /64) and per e-mail address, on the
 * shared `rate_limit` table (see lib/rate-limit.server.ts). E-mail addresses are stored only as hashes.
 *
 * Logins (decision 018): failures are counted per client AND address, with a wait that doubles after
 * the first few, so a guesser is slowed more and more while the owner, from anywhere else, is not
 * touched; a generous per-client limit covers one client trying many addresses; a per-address limit
 * from everywhere is only a last resort against many clients at once, and a browser the owner has
 * logged in from before (a signed "known device" cookie) is exempt from it. Each attempt is counted
 * up front (atomic, so a burst of parallel guesses cannot slip through) and a successful login gives
 * it back.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { checkRateLimit, clientKey, type RateLimitRule, refundRateLimit } from "~/lib/rate-limit.server";
import { rateLimit } from "../../../db/schema";
import { type RateLimitedAction, rateLimitMessage } from "./messages";

const MINUTE = 60_000;

/** Failed logins of one client for one address: free at first, then a doubling wait. */
export const LOGIN_BACKOFF = {
  /** Failures allowed without any wait (typos, a forgotten password). */
  freeFailures: 5,
  /** The wait after the last free failure; it doubles with each further failure. */
  baseMs: MINUTE,
  maxMs: 30 * MINUTE,
  /** A client's failures for an address are forgotten after this long without another. */
  forgetAfterMs: 24 * 60 * MINUTE,
} as const;

/** How long a client must wait after `failures` failed logins for one address. */
export function loginBackoffMs(failures: number) {
  if (failures < LOGIN_BACKOFF.freeFailures) return 0;
  const doublings = Math.min(failures - LOGIN_BACKOFF.freeFailures, 20);
  return Math.min(LOGIN_BACKOFF.maxMs, LOGIN_BACKOFF.baseMs * 2 ** doublings);
}

export const ACCOUNT_RATE_LIMITS = {
  /** Failed logins from one client, any address: generous, so a household or a club's Wi-Fi is not shut out. */
  loginPerClient: { limit: 20, windowMs: 5 * MINUTE },
  /**
   * Failed logins for one address from all clients together: the last resort against a guesser with
   * many addresses (a botnet); far above what the per-client back-off lets one client try. A known
   * device of the owner is not subject to it.
   */
  loginPerEmail: { limit: 100, windowMs: 60 * MINUTE },
  /** Reset links requested from one client. */
  resetPerClient: { limit: 10, windowMs: 15 * MINUTE },
  /** Reset links for one address (each one is an e-mail in someone's inbox). */
  resetPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  /** New accounts from one client. */
  signupPerClient: { limit: 15, windowMs: 10 * MINUTE },
  /** Verification links re-sent for one account. */
  verificationPerUser: { limit: 3, windowMs: 15 * MINUTE },
  /**
   * Requests from one client to one of better-auth's HTTP endpoints (/api/auth/*): the rule its own
   * limiter had, which is off (it could key only on an address read from a header: decision 035).
   */
  apiPerClient: { limit: 100, windowMs: 10_000 },
  /** The same for an endpoint that checks a password or changes the account (`SENSITIVE_API_PATHS`). */
  apiSensitivePerClient: { limit: 3, windowMs: 10_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * better-auth's endpoints its limiter held to 3 per 10 s (sign-in, change of password or address)
 * that no limit of ours covers otherwise, and those that check the password of a signed-in account.
 * `/sign-in/email`, `/sign-up/email` and `/request-password-reset` have their own limits above.
 */
export const SENSITIVE_API_PATHS = new Set([
  "/sign-in/social",
  "/change-password",
  "/change-email",
  "/verify-password",
  "/delete-user",
]);

/** Hash of a normalised e-mail address: the limit needs identity, not the address itself. */
export function emailKey(email: string) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
}

export class RateLimitExceeded extends Error {
  constructor(
    readonly action: RateLimitedAction,
    readonly retryAfterSeconds: number,
  ) {
    super(rateLimitMessage(action, retryAfterSeconds));
    this.name = "RateLimitExceeded";
  }
}

type Check = { key: string; rule: RateLimitRule };

/** Counts one request against every check; throws RateLimitExceeded naming the longest wait. */
async function consume(action: RateLimitedAction, checks: Check[], now?: number) {
  let retryAfter = 0;
  for (const check of checks) {
    const result = await checkRateLimit(check.key, check.rule, now === undefined ? {} : { now });
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
  }
  if (retryAfter > 0) throw new RateLimitExceeded(action, retryAfter);
}

function loginKeys(ip: string, email: string) {
  const client = clientKey(ip);
  const address = emailKey(email);
  return {
    client: `login-ip:${client}`,
    pair: `login-pair:${client}:${address}`,
    address: `login-email:${address}`,
  };
}

/**
 * Counts one failed-until-proven-otherwise attempt of a client for an address, unless the client
 * must still wait: one atomic upsert, whose update is skipped (no row returned) while the wait after
 * the last failure runs. A row not touched for a day starts again at 1.
 */
async function consumeLoginPair(key: string, now: number) {
  const { freeFailures, baseMs, maxMs, forgetAfterMs } = LOGIN_BACKOFF;
  const stale = sql`${rateLimit.lastRequest} <= ${now - forgetAfterMs}`;
  const waitUntil = sql`${rateLimit.lastRequest} + least(${maxMs}::bigint, (${baseMs} * power(2, least(${rateLimit.count} - ${freeFailures}, 20)))::bigint)`;
  const counted = await db()
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${stale} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`${now}`,
      },
      setWhere: sql`${stale} or ${rateLimit.count} < ${freeFailures} or ${waitUntil} <= ${now}`,
    })
    .returning({ count: rateLimit.count });
  if (counted.length > 0) return { allowed: true, retryAfterSeconds: 0 };
  const [row] = await db()
    .select({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
    .from(rateLimit)
    .where(eq(rateLimit.key, key));
  const waitMs = row ? Number(row.lastRequest) + loginBackoffMs(row.count) - now : 1_000;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * Before checking a password. `knownDevice`: the browser carries the owner's signed cookie from an
 * earlier successful login, which exempts it from the per-address limit (never from its own back-off).
 */
export async function consumeLoginAttempt(
  ip: string,
  email: string,
  { now = Date.now(), knownDevice = false }: { now?: number; knownDevice?: boolean } = {},
) {
  const keys = loginKeys(ip, email);
  const client = await checkRateLimit(keys.client, ACCOUNT_RATE_LIMITS.loginPerClient, { now });
  if (!client.allowed) throw new RateLimitExceeded("login", client.retryAfterSeconds);
  const pair = await consumeLoginPair(keys.pair, now);
  if (!pair.allowed) {
    // No password was checked: the refusal costs the client nothing more than the wait.
    await refundRateLimit(keys.client);
    throw new RateLimitExceeded("login", pair.retryAfterSeconds);
  }
  if (knownDevice) return;
  const address = await checkRateLimit(keys.address, ACCOUNT_RATE_LIMITS.loginPerEmail, { now });
  if (!address.allowed) {
    await Promise.all([
      refundRateLimit(keys.client),
      refundRateLimit(keys.pair),
      refundRateLimit(keys.address),
    ]);
    throw new RateLimitExceeded("login", address.retryAfterSeconds);
  }
}

/**
 * After a successful login: this client's failures for the address are forgotten, and the attempt
 * is given back to the counters that took it (only failures count against them).
 */
export async function forgiveLoginAttempt(
  ip: string,
  email: string,
  { now = Date.now(), knownDevice = false }: { now?: number; knownDevice?: boolean } = {},
) {
  const keys = loginKeys(ip, email);
  await db().delete(rateLimit).where(eq(rateLimit.key, keys.pair));
  const counted: [string, RateLimitRule][] = [[keys.client, ACCOUNT_RATE_LIMITS.loginPerClient]];
  // A known device's attempt was not counted against the address.
  if (!knownDevice) counted.push([keys.address, ACCOUNT_RATE_LIMITS.loginPerEmail]);
  for (const [key, rule] of counted) {
    await db()
      .update(rateLimit)
      .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
      .where(and(eq(rateLimit.key, key), gt(rateLimit.lastRequest, now - rule.windowMs)));
  }
}

export function consumeResetRequest(ip: string, email: string, now?: number) {
  return consume(
    "reset",
    [
      { key: `reset-ip:${clientKey(ip)}`, rule: ACCOUNT_RATE_LIMITS.resetPerClient },
      { key: `reset-email:${emailKey(email)}`, rule: ACCOUNT_RATE_LIMITS.resetPerEmail },
    ],
    now,
  );
}

export function consumeSignup(ip: string, now?: number) {
  return consume(
    "signup",
    [{ key: `signup-ip:${clientKey(ip)}`, rule: ACCOUNT_RATE_LIMITS.signupPerClient }],
    now,
  );
}

export function consumeVerificationResend(userId: string, now?: number) {
  return consume(
    "verification",
    [{ key: `verify-user:${userId}`, rule: ACCOUNT_RATE_LIMITS.verificationPerUser }],
    now,
  );
}

/**
 * One request of a client to better-auth's HTTP endpoint `path` (its declared path, e.g.
 * `/change-password`, so no spelling of the URL gets a count of its own), counted per client and
 * endpoint: what better-auth's own limiter did, keyed on the request context's address.
 */
export function consumeAuthApiRequest(ip: string, path: string, now?: number) {
  const sensitive = SENSITIVE_API_PATHS.has(path);
  const rule = sensitive ? ACCOUNT_RATE_LIMITS.apiSensitivePerClient : ACCOUNT_RATE_LIMITS.apiPerClient;
  const prefix = sensitive ? "auth-api-sensitive" : "auth-api";
  return consume("api", [{ key: `${prefix}:${clientKey(ip)}:${path}`, rule }], now);
}
