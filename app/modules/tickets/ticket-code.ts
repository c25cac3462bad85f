/**
 * The e-ticket's QR payload (issue #40, decision 038): `NKT1.<ticketId>.<version>.<signature>`, the
 * signature Ed25519 over `NKT1.<ticketId>.<version>.<nightId>` in base64url. The door checks it offline
 * with the public key; the night is signed but not carried (the door knows which night it checks), and
 * nothing personal is in the code, so a photo of a ticket tells nobody whose it is.
 */
import { type KeyObject, sign, verify } from "node:crypto";
import {
  isTicketVersion,
  parseTicketCode,
  TICKET_CODE_PREFIX,
  TICKET_UUID,
  type TicketCodeFields,
  ticketCodeSignedText,
} from "./ticket-code-format";

export { TICKET_CODE_MAX_LENGTH, type TicketCodeFields } from "./ticket-code-format";

function signedBytes(fields: TicketCodeFields) {
  return Buffer.from(ticketCodeSignedText(fields), "utf8");
}

function isEd25519(key: KeyObject, type: "private" | "public") {
  return key.type === type && key.asymmetricKeyType === "ed25519";
}

/** The code printed as the ticket's QR; throws on fields that could never verify (a bug, not input). */
export function signTicketCode(fields: TicketCodeFields, privateKey: KeyObject): string {
  if (!TICKET_UUID.test(fields.ticketId)) throw new TypeError("ticketId must be a lower-case UUID");
  if (!TICKET_UUID.test(fields.nightId)) throw new TypeError("nightId must be a lower-case UUID");
  if (!isTicketVersion(fields.version)) throw new TypeError("version must be an integer from 1 to 2^31-1");
  if (!isEd25519(privateKey, "private")) throw new TypeError("the ticket key must be an Ed25519 private key");
  const signature = sign(null, signedBytes(fields), privateKey).toString("base64url");
  return `${TICKET_CODE_PREFIX}.${fields.ticketId}.${fields.version}.${signature}`;
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
  if (typeof nightId !== "string" || !TICKET_UUID.test(nightId)) return null;
  const parsed = parseTicketCode(code);
  if (!parsed) return null;
  const { ticketId, version, signature } = parsed;
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
