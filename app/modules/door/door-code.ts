/**
 * A ticket's QR verified on the door's phone (issue #41), offline, with the browser's WebCrypto
 * Ed25519 (Chromium 137+, Safari 17+, Firefox 129+, Node 24): the same format and signed text as the
 * server's check (tickets/ticket-code-format.ts). The QR carries no night, so the phone tries its own
 * night first and then the site's others: a code one of them verifies is INNA NOC, not FAŁSZYWY.
 */
import { parseTicketCode, TICKET_UUID, ticketCodeSignedText } from "~/modules/tickets/ticket-code-format";

/** Standard base64 (as the night's download carries SPKI) to bytes; null when it is not base64. */
function spkiBytes(base64: unknown): Uint8Array<ArrayBuffer> | null {
  if (typeof base64 !== "string" || base64 === "") return null;
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return null; // atob throws synchronously, before any promise could catch it
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function importDoorKey(spki: unknown): Promise<CryptoKey | null> {
  const bytes = spkiBytes(spki);
  if (!bytes) return null;
  try {
    return await crypto.subtle.importKey("spki", bytes, { name: "Ed25519" }, false, ["verify"]);
  } catch {
    return null; // not a key, or not an Ed25519 one: the rest still check tickets
  }
}

/** The night's public keys (SPKI, base64) as WebCrypto keys, in order; one that does not import is left out. */
export async function importDoorKeys(spkiBase64: readonly string[]): Promise<CryptoKey[]> {
  if (!Array.isArray(spkiBase64)) return [];
  const keys = await Promise.all(spkiBase64.map(importDoorKey));
  return keys.filter((key): key is CryptoKey => key !== null);
}

export type VerifiedCode = { ticketId: string; version: number; nightId: string };

async function verifiesWithAny(
  keys: readonly CryptoKey[],
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
) {
  for (const key of keys) {
    try {
      if (await crypto.subtle.verify({ name: "Ed25519" }, key, signature, data)) return true;
    } catch {
      // A key WebCrypto cannot use for this (another algorithm) is no match; the next one may be.
    }
  }
  return false;
}

/**
 * The ticket and the night a code was signed for, trying `nightIds` in order (the door's own night
 * first); null for anything else, never an exception. Like the server's check, a valid answer only
 * proves the shop issued this id at this version for that night: the list decides the rest.
 */
export async function verifyDoorCode(
  code: unknown,
  nightIds: readonly string[],
  keys: readonly CryptoKey[],
): Promise<VerifiedCode | null> {
  const parsed = parseTicketCode(code);
  if (!parsed || !Array.isArray(nightIds) || !Array.isArray(keys)) return null;
  const encoder = new TextEncoder();
  for (const nightId of nightIds) {
    // The server signs only lower-case UUIDs: anything else could never verify.
    if (typeof nightId !== "string" || !TICKET_UUID.test(nightId)) continue;
    const data = encoder.encode(ticketCodeSignedText({ ...parsed, nightId }));
    if (await verifiesWithAny(keys, parsed.signature, data)) {
      return { ticketId: parsed.ticketId, version: parsed.version, nightId };
    }
  }
  return null;
}
