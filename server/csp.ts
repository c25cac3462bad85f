/**
 * The Content-Security-Policy of every response, in one place. Inline scripts run only when the
 * response allows them by name: by a per-request nonce (pages rendered for one visitor), or, for pages
 * the page cache replays to everyone, by the SHA-256 hashes of the page's own inline scripts. Script
 * files come from the site itself (and the parcel-locker widget's origin) either way.
 *
 * Not 'strict-dynamic' with the hashes: Chromium then refuses every `import()` the hashed inline
 * scripts make (an import inherits the script's "parser-inserted" state and there is no nonce to
 * inherit), so the page would never start; see decision 019.
 */
import { randomFillSync } from "node:crypto";

export type CspSettings = {
  /** Origin of InPost's Geowidget (script, styles, map tiles, frame). */
  widgetOrigin: string;
  /** Whether the site runs on https (then plain-http subresources are upgraded). */
  https: boolean;
};

export type Csp = {
  withNonce(nonce: string): string;
  withHashes(hashes: readonly string[]): string;
};

export function createCsp({ widgetOrigin, https }: CspSettings): Csp {
  // The Geowidget script asks InPost's points API for lockers (production and sandbox hosts).
  const inpostApis = ["https://api-pl-points.easypack24.net", "https://api-global-points.easypack24.net"];
  const before = [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com",
  ].join(";");
  const after = [
    `style-src 'self' 'unsafe-inline' ${widgetOrigin}`,
    `img-src 'self' data: blob: ${widgetOrigin} https:`,
    `font-src 'self' data: ${widgetOrigin}`,
    `connect-src 'self' ${widgetOrigin} ${inpostApis.join(" ")}`,
    "media-src 'self' blob:",
    `frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com ${widgetOrigin}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join(";");
  return {
    withNonce: (nonce) => `${before};script-src 'self' 'nonce-${nonce}' ${widgetOrigin};${after}`,
    withHashes: (hashes) =>
      `${before};script-src 'self'${hashes.map((hash) => ` ${hash}`).join("")} ${widgetOrigin};${after}`,
  };
}

/** A nonce's 16 bytes, drawn from a pool filled 4 KB at a time. */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/**
 * A fresh nonce for one response: 16 random bytes never used before, base64. The operating system's
 * generator is asked once per 256 nonces (as Node does for `randomUUID`): one call per page took
 * ~80 µs of a busy instance, 3 % of a 404 (decision 043).
 */
export function cspNonce() {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}
