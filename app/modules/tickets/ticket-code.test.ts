import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signTicketCode, TICKET_CODE_MAX_LENGTH, verifyTicketCode } from "./ticket-code";

const keys = generateKeyPairSync("ed25519");
const otherKeys = generateKeyPairSync("ed25519");
const ticketId = "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f";
const nightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
const otherNightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5c";

function codeOf(version = 1, id = ticketId, night = nightId, key = keys.privateKey) {
  return signTicketCode({ ticketId: id, version, nightId: night }, key);
}

/** Replaces one base64url character of the signature with another (a one-bit-or-more change). */
function flipSignature(code: string, at: number) {
  const parts = code.split(".");
  const signature = parts[3];
  const swapped = signature[at] === "A" ? "B" : "A";
  parts[3] = signature.slice(0, at) + swapped + signature.slice(at + 1);
  return parts.join(".");
}

describe("the e-ticket's code", () => {
  it("is NKT1.<id>.<version>.<86-character signature>, with nothing personal and short enough for a small QR", () => {
    const code = codeOf(3);
    const [prefix, id, version, signature] = code.split(".");
    expect(prefix).toBe("NKT1");
    expect(id).toBe(ticketId);
    expect(version).toBe("3");
    expect(signature).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(code.length).toBeLessThanOrEqual(TICKET_CODE_MAX_LENGTH);
    // The night is signed, not carried: the door knows which night it checks.
    expect(code).not.toContain(nightId);
  });

  it("verifies a valid code to its ticket and version", () => {
    expect(verifyTicketCode(codeOf(1), nightId, [keys.publicKey])).toEqual({ ticketId, version: 1 });
    expect(verifyTicketCode(codeOf(2_147_483_647), nightId, [keys.publicKey])).toEqual({
      ticketId,
      version: 2_147_483_647,
    });
  });

  it("verifies against any of the door's keys (a rotated key still reads yesterday's tickets)", () => {
    expect(verifyTicketCode(codeOf(1), nightId, [otherKeys.publicKey, keys.publicKey])).toEqual({
      ticketId,
      version: 1,
    });
  });

  it("refuses a tampered ticket id", () => {
    const forged = codeOf(1).replace(ticketId, "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e70");
    expect(verifyTicketCode(forged, nightId, [keys.publicKey])).toBeNull();
  });

  it("refuses a tampered version", () => {
    const forged = codeOf(1).replace(".1.", ".2.");
    expect(verifyTicketCode(forged, nightId, [keys.publicKey])).toBeNull();
  });

  it("refuses a tampered signature, at its start, middle and end", () => {
    const code = codeOf(1);
    for (const at of [0, 40, 84, 85]) {
      expect(verifyTicketCode(flipSignature(code, at), nightId, [keys.publicKey])).toBeNull();
    }
  });

  it("refuses a signature whose last character only differs in the unused bits (one code per ticket)", () => {
    const code = codeOf(1);
    const last = code.at(-1) as string;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // The 86th character carries 2 bits of the signature and 4 padding bits: its neighbours in the
    // alphabet decode to the same bytes, so a lenient decoder would accept them.
    const index = alphabet.indexOf(last);
    const sibling = alphabet[index ^ 1];
    expect(verifyTicketCode(code.slice(0, -1) + sibling, nightId, [keys.publicKey])).toBeNull();
  });

  it("refuses a code signed by another key", () => {
    const foreign = codeOf(1, ticketId, nightId, otherKeys.privateKey);
    expect(verifyTicketCode(foreign, nightId, [keys.publicKey])).toBeNull();
  });

  it("refuses a valid code at another night's door", () => {
    expect(verifyTicketCode(codeOf(1), otherNightId, [keys.publicKey])).toBeNull();
  });

  it("still verifies an old version's code after a transfer", () => {
    // The signature only proves the shop issued this id and version; whether version 1 is still the
    // ticket's current one is the door's list's decision (it answers NIEAKTUALNY), not the code's.
    const before = codeOf(1);
    const after = codeOf(2);
    expect(verifyTicketCode(before, nightId, [keys.publicKey])).toEqual({ ticketId, version: 1 });
    expect(verifyTicketCode(after, nightId, [keys.publicKey])).toEqual({ ticketId, version: 2 });
  });

  it("answers null, never throws, for junk", () => {
    const valid = codeOf(1);
    const [, , , signature] = valid.split(".");
    const junk = [
      "",
      "\u0000",
      `${valid}\u0000`,
      valid.replace("NKT1", "NKT1\u0000"),
      "x".repeat(10_000),
      `${valid}${"A".repeat(10_000)}`,
      `${valid}.`,
      `.${valid}`,
      valid.replace(".1.", ".1.."),
      `${valid}.extra`,
      "NKT1...",
      "NKT1",
      valid.replace("NKT1", "NKT2"),
      valid.replace("NKT1", "nkt1"),
      valid.replace(ticketId, ticketId.toUpperCase()),
      valid.replace(ticketId, "not-a-uuid"),
      valid.replace(ticketId, ticketId.replaceAll("-", "")),
      valid.replace(".1.", ".0."),
      valid.replace(".1.", ".-1."),
      valid.replace(".1.", ".01."),
      valid.replace(".1.", ".1.0."),
      valid.replace(".1.", ".1e0."),
      valid.replace(".1.", ".2147483648."),
      valid.replace(".1.", ".99999999999999999999."),
      valid.replace(signature, signature.slice(0, 85)),
      valid.replace(signature, `${signature}A`),
      valid.replace(signature, `${signature.slice(0, 84)}==`),
      valid.replace(signature, `${signature.slice(0, 85)}+`),
      valid.replace(signature, `${signature.slice(0, 85)}/`),
      valid.replace(signature, "A".repeat(86)),
      ` ${valid}`,
      `${valid}\n`,
    ];
    for (const input of junk) {
      expect(
        verifyTicketCode(input, nightId, [keys.publicKey]),
        JSON.stringify(input.slice(0, 120)),
      ).toBeNull();
    }
    // Not a string at all (a scanner's JSON may carry anything).
    expect(verifyTicketCode(undefined as unknown as string, nightId, [keys.publicKey])).toBeNull();
    expect(verifyTicketCode(42 as unknown as string, nightId, [keys.publicKey])).toBeNull();
  });

  it("answers null without keys, with a non-Ed25519 key, or for a malformed night", () => {
    const valid = codeOf(1);
    expect(verifyTicketCode(valid, nightId, [])).toBeNull();
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 });
    expect(verifyTicketCode(valid, nightId, [rsa.publicKey])).toBeNull();
    expect(verifyTicketCode(valid, "", [keys.publicKey])).toBeNull();
    expect(verifyTicketCode(valid, nightId.toUpperCase(), [keys.publicKey])).toBeNull();
  });

  it("refuses to sign what could never verify", () => {
    expect(() => signTicketCode({ ticketId: "x", version: 1, nightId }, keys.privateKey)).toThrow();
    expect(() => signTicketCode({ ticketId, version: 0, nightId }, keys.privateKey)).toThrow();
    expect(() => signTicketCode({ ticketId, version: 1.5, nightId }, keys.privateKey)).toThrow();
    expect(() => signTicketCode({ ticketId, version: 2 ** 31, nightId }, keys.privateKey)).toThrow();
    expect(() => signTicketCode({ ticketId, version: 1, nightId: "night" }, keys.privateKey)).toThrow();
    expect(() => signTicketCode({ ticketId, version: 1, nightId }, keys.publicKey)).toThrow();
  });
});
