/**
 * The two links of a stock alert. The confirmation link carries a random token of which only the
 * SHA-256 is stored (a leaked table confirms nothing) and which is used once. The unsubscribe link works
 * without a login and without a stored secret: it is the alert's id, when the link was issued (the
 * notice's time) and an HMAC of both under a key derived from the app's secret, checked in constant
 * time, so only whoever got the notice can unsubscribe that alert, and the link can expire (issue #42:
 * a year, or sooner with the alert, stock-alerts.server.ts).
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

/** 6 bytes of the issue time (ms) and 26 of the MAC: 32 bytes, 43 characters of base64url. */
const TIME_BYTES = 6;
const MAC_BYTES = 26;

function signedPart(alertId: string, issuedMs: number, secret: string): string {
  const time = Buffer.alloc(TIME_BYTES);
  time.writeUIntBE(issuedMs, 0, TIME_BYTES);
  const mac = createHmac("sha256", unsubscribeKey(secret)).update(`${alertId}.${issuedMs}`).digest();
  return Buffer.concat([time, mac.subarray(0, MAC_BYTES)]).toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `<alert id>.<issue time and HMAC>`: the path segment of the unsubscribe link, the shape the cross-site
 * check lets through for the one-click POST (app/lib/origin-check.ts).
 */
export function unsubscribeToken(alertId: string, secret: string, issuedAt: Date): string {
  return `${alertId}.${signedPart(alertId, issuedAt.getTime(), secret)}`;
}

/** The alert id and issue time of a genuine unsubscribe token, or null for anything forged or malformed. */
export function verifyUnsubscribeToken(
  token: string,
  secret: string,
): { alertId: string; issuedAt: Date } | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !UUID.test(match[1])) return null;
  const issuedMs = Buffer.from(match[2], "base64url").readUIntBE(0, TIME_BYTES);
  // Compared as text: base64url's last character has spare bits, so decoding first would let four
  // spellings of one signature through.
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signedPart(match[1], issuedMs, secret));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { alertId: match[1], issuedAt: new Date(issuedMs) };
}
