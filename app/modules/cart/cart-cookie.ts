/**
 * The cart's cookie mirror (decision 026): what the server needs to price the visitor's cart on
 * `/cart` before any script runs. Local storage stays the cart's source of truth in the browser; the
 * cookie holds only product id, variant id (or none) and quantity per line, never names or prices
 * (the server prices every line itself, so a forged cookie can change only which products are shown).
 *
 * Format: lines joined by `~`, each `<product>.<variant>.<quantity>`, where an id is the UUID's 16
 * bytes in base64url (22 characters) and an empty variant means none. 50 lines (MAX_CART_LINES) are
 * at most 50 × 49 characters: ~2.4 KB, well under the browsers' 4 KB per cookie. Pure and
 * dependency-free: the browser writes it, the server reads it.
 */
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "./limits";

export const CART_COOKIE_NAME = "nokturn_cart";
/** 30 days, refreshed by every change the cart makes. */
export const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;
/** A value longer than any cart we write is not ours: it is ignored whole. */
export const MAX_CART_COOKIE_LENGTH = 4096;

export type CartCookieLine = { productId: string; variantId: string | null; quantity: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const PACKED_ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;
const QUANTITY = /^[0-9]{1,6}$/;

/** A UUID as 22 base64url characters (its 128 bits, the last character carrying 2 of them). */
export function packUuid(uuid: string): string | null {
  if (!UUID.test(uuid)) return null;
  const hex = uuid.replaceAll("-", "").toLowerCase();
  let out = "";
  // 32 hex digits = 128 bits: 21 groups of 6 bits (126 bits) and 2 bits left over.
  let bits = 0;
  let value = 0;
  for (const digit of hex) {
    value = (value << 4) | Number.parseInt(digit, 16);
    bits += 4;
    while (bits >= 6) {
      bits -= 6;
      out += ALPHABET[(value >> bits) & 63];
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(value << (6 - bits)) & 63];
  return out;
}

/** The UUID (lower case, with dashes) a packed id stands for, or null for anything else. */
export function unpackUuid(packed: string): string | null {
  if (!PACKED_ID.test(packed)) return null;
  let hex = "";
  let bits = 0;
  let value = 0;
  for (const char of packed) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    while (bits >= 4) {
      bits -= 4;
      hex += ((value >> bits) & 15).toString(16);
    }
    value &= (1 << bits) - 1;
  }
  hex = hex.slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function lineKey(line: { productId: string; variantId: string | null }) {
  return `${line.productId}|${line.variantId ?? ""}`;
}

/**
 * The cookie value for a cart's lines: lines whose ids are not UUIDs are left out (the server could
 * not price them anyway), quantities are whole and within 1..MAX_LINE_QUANTITY, a product and variant
 * appears once (its first line), at most MAX_CART_LINES lines. An empty result means "no cookie".
 */
export function encodeCartCookie(
  lines: readonly { productId: string; variantId: string | null; quantity: number }[],
): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const line of lines) {
    if (parts.length >= MAX_CART_LINES) break;
    const product = packUuid(line.productId);
    const variant = line.variantId === null ? "" : packUuid(line.variantId);
    if (!product || variant === null || !Number.isFinite(line.quantity)) continue;
    const quantity = Math.min(MAX_LINE_QUANTITY, Math.floor(line.quantity));
    if (quantity < 1) continue;
    const key = lineKey(line);
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push(`${product}.${variant}.${quantity}`);
  }
  return parts.join("~");
}

/**
 * The lines of a cookie value. Never throws: malformed lines (bad ids, non-integer or zero
 * quantities) are dropped, quantities above MAX_LINE_QUANTITY become MAX_LINE_QUANTITY, a repeated
 * product and variant counts once (its first line), only the first MAX_CART_LINES lines are read,
 * and a value longer than MAX_CART_COOKIE_LENGTH is ignored whole.
 */
export function decodeCartCookie(value: string | null | undefined): CartCookieLine[] {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_CART_COOKIE_LENGTH) return [];
  const lines: CartCookieLine[] = [];
  const seen = new Set<string>();
  for (const part of value.split("~", MAX_CART_LINES * 2)) {
    if (lines.length >= MAX_CART_LINES) break;
    const fields = part.split(".");
    if (fields.length !== 3) continue;
    const [packedProduct, packedVariant, rawQuantity] = fields;
    const productId = unpackUuid(packedProduct);
    const variantId = packedVariant === "" ? null : unpackUuid(packedVariant);
    if (!productId || (packedVariant !== "" && !variantId) || !QUANTITY.test(rawQuantity)) continue;
    const quantity = Math.min(MAX_LINE_QUANTITY, Number(rawQuantity));
    if (quantity < 1) continue;
    const line = { productId, variantId, quantity };
    const key = lineKey(line);
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(line);
  }
  return lines;
}

/** The raw value of the cart cookie in a `Cookie` request header (the first one), or null. */
export function cartCookieValue(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const index = pair.indexOf("=");
    if (index < 0) continue;
    if (pair.slice(0, index).trim() === CART_COOKIE_NAME) return pair.slice(index + 1).trim();
  }
  return null;
}

/** The cart's lines from a `Cookie` request header; null when the request has no cart cookie at all. */
export function readCartCookie(cookieHeader: string | null | undefined): CartCookieLine[] | null {
  const value = cartCookieValue(cookieHeader);
  return value === null ? null : decodeCartCookie(value);
}

/**
 * The `document.cookie` assignment that mirrors these lines: the value with Path=/, SameSite=Lax, a
 * 30-day Max-Age (Secure on https); an empty cart deletes the cookie (Max-Age=0).
 */
export function cartCookieAssignment(
  lines: readonly { productId: string; variantId: string | null; quantity: number }[],
  secure: boolean,
): string {
  const value = encodeCartCookie(lines);
  const attributes = `Path=/; SameSite=Lax; Max-Age=${value ? CART_COOKIE_MAX_AGE : 0}${secure ? "; Secure" : ""}`;
  return `${CART_COOKIE_NAME}=${value}; ${attributes}`;
}
