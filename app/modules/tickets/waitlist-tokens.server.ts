/**
 * The waiting list's link tokens (confirmation, offer): random, only their SHA-256 stored, so a leaked
 * table opens nothing. The same shape as "Powiadom mnie"'s (stock-alert-tokens.server.ts), kept here
 * because this module may not import that one (the module graph: tickets is below mail).
 */
import { createHash, randomBytes } from "node:crypto";

/** A random link token and the SHA-256 kept of it (the token itself is only in the e-mail). */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What `newLinkToken` makes (43 characters of base64url); anything else is not looked up. */
export function isLinkTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
