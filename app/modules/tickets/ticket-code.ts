/**
 * The e-ticket's QR payload (issue #40, decision 038): `NKT1.<ticketId>.<version>.<signature>`, the
 * signature Ed25519 over `NKT1.<ticketId>.<version>.<nightId>` in base64url. The door checks it offline
 * with the public key; the night is signed but not carried (the door knows which night it checks), and
 * nothing personal is in the code, so a photo of a ticket tells nobody whose it is.
 */
import { type KeyObject, sign, verify } from "node:crypto";

const PREFIX = "NKT1";
/** Lower-case only, as PostgreSQL prints a uuid: one spelling per ticket, so one code per ticket. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A positive integer without leading zeros, at most 10 digits (checked against 2^31 below). */
const VERSION = /^[1-9][0-9]{0,9}$/;
const MAX_VERSION = 2 ** 31 - 1;
/** 64 signature bytes are 86 base64url characters, unpadded. */
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;
const SIGNATURE_BYTES = 64;
/** A valid code is 4 + 1 + 36 + 1 + ≤10 + 1 + 86 = ≤139 characters; anything longer is refused unread. */
export const TICKET_CODE_MAX_LENGTH = 200;

export type TicketCodeFields = { ticketId: string; version: number; nightId: string };

function isVersion(version: number) {
  return Number.isInteger(version) && version >= 1 && version <= MAX_VERSION;
}

function signedBytes({ ticketId, version, nightId }: TicketCodeFields) {
  return Buffer.from(`${PREFIX}.${ticketId}.${version}.${nightId}`, "utf8");
}

function isEd25519(key: KeyObject, type: "private" | "public") {
  return key.type === type && key.asymmetricKeyType === "ed25519";
}

/** The code printed as the ticket's QR; throws on fields that could never verify (a bug, not input). */
export function signTicketCode(fields: TicketCodeFields, privateKey: KeyObject): string {
  if (!UUID.test(fields.ticketId)) throw new TypeError("ticketId must be a lower-case UUID");
  if (!UUID.test(fields.nightId)) throw new TypeError("nightId must be a lower-case UUID");
  if (!isVersion(fields.version)) throw new TypeError("version must be an integer from 1 to 2^31-1");
  if (!isEd25519(privateKey, "private")) throw new TypeError("the ticket key must be an Ed25519 private key");
  const signature = sign(null, signedBytes(fields), privateKey).toString("base64url");
  return `${PREFIX}.${fields.ticketId}.${fields.version}.${signature}`;
}

/**
 * The ticket a scanned code names, if one of `publicKeys` signed it for `nightId`; null for anything
 * else, never an exception. A valid answer only proves the shop issued this id at this version: an old
 * version (the ticket since transferred) still verifies, and the door's list of current versions is
 * what answers it NIEAKTUALNY.
 */
export function verifyTicketCode(
  code: string,
  nightId: string,
  publicKeys: KeyObject[],
): { ticketId: string; version: number } | null {
  if (typeof code !== "string" || code.length > TICKET_CODE_MAX_LENGTH) return null;
  if (typeof nightId !== "string" || !UUID.test(nightId)) return null;
  const parts = code.split(".");
  if (parts.length !== 4) return null;
  const [prefix, ticketId, versionText, signatureText] = parts;
  if (prefix !== PREFIX || !UUID.test(ticketId) || !VERSION.test(versionText)) return null;
  const version = Number(versionText);
  if (!isVersion(version) || !SIGNATURE.test(signatureText)) return null;
  const signature = Buffer.from(signatureText, "base64url");
  // The last character's unused low bits are ignored by the decoder: refuse any spelling but the
  // canonical one, so a ticket has exactly one code.
  if (signature.length !== SIGNATURE_BYTES || signature.toString("base64url") !== signatureText) return null;
  const data = signedBytes({ ticketId, version, nightId });
  for (const key of publicKeys) {
    if (!isEd25519(key, "public")) continue;
    try {
      if (verify(null, data, key, signature)) return { ticketId, version };
    } catch {
      // A key OpenSSL cannot use for this is no match; the next one may be.
    }
  }
  return null;
}
