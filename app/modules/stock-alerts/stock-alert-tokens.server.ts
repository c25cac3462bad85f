/**
 * The two links of a stock alert. The confirmation link carries a random token of which only the
 * SHA-256 is stored (a leaked table confirms nothing) and which is used once. The unsubscribe link must
 * work forever without a login and without a stored secret: it is the alert's id and an HMAC of it
 * under a key derived from the app's secret, checked in constant time, so only whoever got the notice
 * can unsubscribe that alert.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A new confirmation token and the hash stored for it. */
export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What `newConfirmToken` makes (43 characters of base64url); anything else is not looked up. */
export function isConfirmTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/**
 * The signing key: its own, derived from the app's secret, so an unsubscribe signature can never stand
 * in for a session's or another link's signed with the same secret.
 */
function unsubscribeKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("nokturn:stock-alert:unsubscribe").digest();
}

function signature(alertId: string, secret: string): Buffer {
  return createHmac("sha256", unsubscribeKey(secret)).update(alertId).digest();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** `<alert id>.<HMAC>`: the path segment of the unsubscribe link. */
export function unsubscribeToken(alertId: string, secret: string): string {
  return `${alertId}.${signature(alertId, secret).toString("base64url")}`;
}

/** The alert id of a genuine unsubscribe token, or null for anything forged, altered or malformed. */
export function verifyUnsubscribeToken(token: string, secret: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !UUID.test(match[1])) return null;
  // Compared as text: base64url's last character has spare bits, so decoding first would let four
  // spellings of one signature through.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signature(match[1], secret).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return match[1];
}
