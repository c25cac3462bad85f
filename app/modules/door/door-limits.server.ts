/**
 * How often a door account may call the API (issue #41): a stuck camera or a script floods it, a
 * person scanning a queue does not (one every ~2 s per phone). A flood is refused, never stored.
 */
import { DomainError } from "~/lib/domain-error";
import { enforceRateLimit, type RateLimitRule } from "~/lib/rate-limit.server";
import { doorApiMessages } from "./door-api.schema";

export const DOOR_SCAN_RULE: RateLimitRule = { limit: 120, windowMs: 60_000 };
export const DOOR_SYNC_RULE: RateLimitRule = { limit: 60, windowMs: 60_000 };

export async function limitDoor(kind: "scan" | "sync" | "sale", userId: string, rule: RateLimitRule) {
  try {
    await enforceRateLimit(`door-${kind}:${userId}`, rule);
  } catch (error) {
    if (error instanceof DomainError && error.status === 429) {
      throw new DomainError(doorApiMessages.tooMany, 429, undefined, {
        retryAfterSeconds: error.retryAfterSeconds,
      });
    }
    throw error;
  }
}
