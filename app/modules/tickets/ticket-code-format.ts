/**
 * The e-ticket's QR payload read without any crypto (issue #41): the server verifies with node:crypto
 * (ticket-code.ts), the door's phone with WebCrypto (door/door-code.ts), and both must read a code
 * exactly alike — so the format lives here once, free of Node (no Buffer: the browser has none).
 */

export const TICKET_CODE_PREFIX = "NKT1";
/** A valid code is 4 + 1 + 36 + 1 + ≤10 + 1 + 86 = ≤139 characters; anything longer is refused unread. */
export const TICKET_CODE_MAX_LENGTH = 200;
/** Lower-case only, as PostgreSQL prints a uuid: one spelling per ticket, so one code per ticket. */
export const TICKET_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A positive integer without leading zeros, at most 10 digits (checked against 2^31 below). */
const VERSION = /^[1-9][0-9]{0,9}$/;
export const MAX_TICKET_VERSION = 2 ** 31 - 1;
/** 64 signature bytes are 86 base64url characters, unpadded. */
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;
const SIGNATURE_BYTES = 64;

export type TicketCodeFields = { ticketId: string; version: number; nightId: string };

export function isTicketVersion(version: number) {
  return Number.isInteger(version) && version >= 1 && version <= MAX_TICKET_VERSION;
}

/** What the signature covers: the night is signed, not carried. */
export function ticketCodeSignedText({ ticketId, version, nightId }: TicketCodeFields) {
  return `${TICKET_CODE_PREFIX}.${ticketId}.${version}.${nightId}`;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const VALUE = new Map([...ALPHABET].map((char, index) => [char, index]));

/**
 * Unpadded base64url to bytes; null for a character outside the alphabet. Lenient like every decoder
 * (the last character's unused bits, a dangling character): whoever needs one spelling re-encodes and
 * compares, as parseTicketCode does.
 */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> | null {
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const char of text) {
    const value = VALUE.get(char);
    if (value === undefined) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  let text = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += ALPHABET[(buffer >> bits) & 63];
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) text += ALPHABET[(buffer << (6 - bits)) & 63];
  return text;
}

export type ParsedTicketCode = { ticketId: string; version: number; signature: Uint8Array<ArrayBuffer> };

/**
 * The code's parts, or null for anything that is not exactly one: the length cap, four parts, the
 * prefix, a lower-case UUID, a version 1…2^31-1 without leading zeros, and the signature's one
 * canonical spelling (the last character's unused low bits are ignored by a decoder: a ticket has
 * exactly one code).
 */
export function parseTicketCode(code: unknown): ParsedTicketCode | null {
  if (typeof code !== "string" || code.length > TICKET_CODE_MAX_LENGTH) return null;
  const parts = code.split(".");
  if (parts.length !== 4) return null;
  const [prefix, ticketId, versionText, signatureText] = parts;
  if (prefix !== TICKET_CODE_PREFIX || !TICKET_UUID.test(ticketId) || !VERSION.test(versionText)) return null;
  const version = Number(versionText);
  if (!isTicketVersion(version) || !SIGNATURE.test(signatureText)) return null;
  const signature = base64UrlToBytes(signatureText);
  if (!signature || signature.length !== SIGNATURE_BYTES || bytesToBase64Url(signature) !== signatureText) {
    return null;
  }
  return { ticketId, version, signature };
}
