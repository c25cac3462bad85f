/**
 * "Known device": after a successful login the browser gets a long-lived, httpOnly cookie signed
 * with the auth secret and bound to the account's address. Its next logins for that address are not
 * subject to the per-address limit (decision 018), so many clients guessing one address cannot keep
 * its owner out of a browser they have used before. The cookie proves nothing else: the password is
 * still checked, and the client's own back-off still applies.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "~/lib/cookies";
import { emailKey } from "./rate-limits.server";

export const KNOWN_DEVICE_COOKIE = "nokturn_device";
/** One year, renewed at every login. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function signature(secret: string, nonce: string, email: string) {
  return createHmac("sha256", secret)
    .update(`known-device:${nonce}:${emailKey(email)}`)
    .digest("base64url");
}

/** A new cookie value for `email`: a random nonce and its signature. */
export function knownDeviceToken(secret: string, email: string) {
  const nonce = randomBytes(12).toString("base64url");
  return `${nonce}.${signature(secret, nonce, email)}`;
}

/** Whether a cookie value was issued by us for `email`. */
export function isKnownDeviceToken(value: string | null | undefined, secret: string, email: string) {
  if (!value || value.length > 200) return false;
  const [nonce, mac, extra] = value.split(".");
  if (!nonce || !mac || extra !== undefined) return false;
  const expected = Buffer.from(signature(secret, nonce, email));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The known-device cookie's value from a Cookie header, if any. */
export function knownDeviceFromCookies(cookieHeader: string | null | undefined) {
  return cookieValue(cookieHeader, KNOWN_DEVICE_COOKIE);
}
