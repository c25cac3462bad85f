/**
 * Limits on the account endpoints, counted per client (IP, IPv6 by /64) and per e-mail address, on the
 * shared `rate_limit` table (see lib/rate-limit.server.ts). Windows are short, so someone whose address
 * is being attacked is never locked out for long; e-mail addresses are stored only as hashes.
 *
 * Login counts failed attempts only: each attempt takes one unit up front (atomic, so a burst of
 * parallel guesses cannot slip through), and a successful login gives its units back.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { db } from "~/lib/db.server";
import { checkRateLimit, clientKey, type RateLimitRule } from "~/lib/rate-limit.server";
import { rateLimit } from "../../../db/schema";
import { type RateLimitedAction, rateLimitMessage } from "./messages";

const MINUTE = 60_000;

export const ACCOUNT_RATE_LIMITS = {
  /** Failed logins from one client: generous, so a household or a club's Wi-Fi is not shut out. */
  loginPerClient: { limit: 20, windowMs: 5 * MINUTE },
  /** Failed logins for one address, from anywhere: the brute-force guard; lasts at most 5 minutes. */
  loginPerEmail: { limit: 5, windowMs: 5 * MINUTE },
  /** Reset links requested from one client. */
  resetPerClient: { limit: 10, windowMs: 15 * MINUTE },
  /** Reset links for one address (each one is an e-mail in someone's inbox). */
  resetPerEmail: { limit: 3, windowMs: 15 * MINUTE },
  /** New accounts from one client. */
  signupPerClient: { limit: 15, windowMs: 10 * MINUTE },
  /** Verification links re-sent for one account. */
  verificationPerUser: { limit: 3, windowMs: 15 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** Hash of a normalised e-mail address: the limit needs identity, not the address itself. */
function emailKey(email: string) {
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

function loginChecks(ip: string, email: string): Check[] {
  return [
    { key: `login-ip:${clientKey(ip)}`, rule: ACCOUNT_RATE_LIMITS.loginPerClient },
    { key: `login-email:${emailKey(email)}`, rule: ACCOUNT_RATE_LIMITS.loginPerEmail },
  ];
}

/** Before checking a password. */
export function consumeLoginAttempt(ip: string, email: string, now?: number) {
  return consume("login", loginChecks(ip, email), now);
}

/**
 * After a successful login: the address's failed-attempt count starts again, and the client's
 * attempt is given back (only failures count against it).
 */
export async function forgiveLoginAttempt(ip: string, email: string, now = Date.now()) {
  const [client, address] = loginChecks(ip, email);
  await db().delete(rateLimit).where(eq(rateLimit.key, address.key));
  await db()
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(and(eq(rateLimit.key, client.key), gt(rateLimit.lastRequest, now - client.rule.windowMs)));
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
 * Storage for better-auth's own limiter (its HTTP endpoints under /api/auth), on the same table and
 * the same atomic counter. Its keys get a prefix per window length, so pruning one window's rows
 * never cuts another's short.
 */
export const betterAuthRateLimitStorage = {
  async consume(key: string, rule: { window: number; max: number }) {
    const result = await checkRateLimit(`auth-${rule.window}s:${key}`, {
      limit: Math.max(1, Math.floor(rule.max)),
      windowMs: Math.max(1, Math.round(rule.window * 1000)),
    });
    return { allowed: result.allowed, retryAfter: result.allowed ? null : result.retryAfterSeconds };
  },
};
