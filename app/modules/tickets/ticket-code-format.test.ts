import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  base64UrlToBytes,
  bytesToBase64Url,
  parseTicketCode,
  TICKET_CODE_MAX_LENGTH,
  ticketCodeSignedText,
} from "./ticket-code-format";

const ticketId = "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f";
const nightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
const signatureBytes = new Uint8Array(randomBytes(64));
const signature = Buffer.from(signatureBytes).toString("base64url");
const valid = `NKT1.${ticketId}.7.${signature}`;

describe("base64url without Buffer", () => {
  it("encodes and decodes exactly as Node's Buffer does, for every length", () => {
    for (let length = 0; length <= 70; length += 1) {
      const bytes = new Uint8Array(randomBytes(length));
      const text = Buffer.from(bytes).toString("base64url");
      expect(bytesToBase64Url(bytes)).toBe(text);
      expect(base64UrlToBytes(text)).toEqual(bytes);
    }
  });

  it("refuses characters outside the url-safe alphabet", () => {
    for (const text of ["ab+c", "ab/c", "abc=", "ab c", "ąb"]) expect(base64UrlToBytes(text)).toBeNull();
  });
});

describe("the ticket code's format", () => {
  it("reads a valid code into its id, version and 64 signature bytes", () => {
    expect(parseTicketCode(valid)).toEqual({ ticketId, version: 7, signature: signatureBytes });
    expect(parseTicketCode(valid.replace(".7.", ".2147483647."))?.version).toBe(2_147_483_647);
  });

  it("signs the night without carrying it", () => {
    expect(ticketCodeSignedText({ ticketId, version: 7, nightId })).toBe(`NKT1.${ticketId}.7.${nightId}`);
  });

  it("refuses everything that is not exactly one code", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = alphabet[alphabet.indexOf(signature.at(-1) as string) ^ 1];
    const junk: unknown[] = [
      undefined,
      null,
      42,
      "",
      "x".repeat(100_000),
      `${valid}${"A".repeat(TICKET_CODE_MAX_LENGTH)}`,
      `${valid}.`,
      valid.replace("NKT1", "nkt1"),
      valid.replace(ticketId, ticketId.toUpperCase()),
      valid.replace(".7.", ".0."),
      valid.replace(".7.", ".07."),
      valid.replace(".7.", ".2147483648."),
      valid.replace(signature, signature.slice(0, 85)),
      valid.replace(signature, `${signature.slice(0, 84)}==`),
      valid.replace(signature, `${signature.slice(0, 85)}+`),
      // The last character's 4 unused bits: decodes to the same bytes, still not the code.
      valid.slice(0, -1) + twin,
    ];
    for (const input of junk) expect(parseTicketCode(input), String(input).slice(0, 60)).toBeNull();
  });
});
