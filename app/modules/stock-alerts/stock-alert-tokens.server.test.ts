import { describe, expect, it } from "vitest";
import {
  hashConfirmToken,
  isConfirmTokenShaped,
  newConfirmToken,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from "./stock-alert-tokens.server";

const SECRET = "s".repeat(40);
const ALERT = "0b6f1c9e-2a4d-4f7e-9a51-3c2d1e0f9a8b";
const ISSUED = new Date("2026-12-01T12:00:00.123Z");

describe("confirmation tokens", () => {
  it("are random, URL-safe, and stored only as their SHA-256", () => {
    const first = newConfirmToken();
    const second = newConfirmToken();
    expect(first.token).not.toBe(second.token);
    expect(isConfirmTokenShaped(first.token)).toBe(true);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).toBe(hashConfirmToken(first.token));
    expect(first.hash).not.toContain(first.token);
  });

  it("are recognised by shape before any lookup", () => {
    for (const token of ["", "abc", `${"a".repeat(43)}=`, "a".repeat(44), `${"a".repeat(42)}.`]) {
      expect(isConfirmTokenShaped(token), token).toBe(false);
    }
  });
});

describe("unsubscribe tokens", () => {
  it("name their alert and when they were issued, and verify under the same secret", () => {
    const token = unsubscribeToken(ALERT, SECRET, ISSUED);
    expect(token).toMatch(new RegExp(`^${ALERT}\\.[A-Za-z0-9_-]{43}$`));
    expect(verifyUnsubscribeToken(token, SECRET)).toEqual({ alertId: ALERT, issuedAt: ISSUED });
    expect(unsubscribeToken(ALERT, SECRET, ISSUED)).toBe(token);
    expect(unsubscribeToken(ALERT, SECRET, new Date(ISSUED.getTime() + 1))).not.toBe(token);
  });

  it("refuse an issue time moved later (a link kept alive past its year)", () => {
    const token = unsubscribeToken(ALERT, SECRET, ISSUED);
    const [, signed] = token.split(".");
    const bytes = Buffer.from(signed, "base64url");
    bytes[5] ^= 1;
    expect(verifyUnsubscribeToken(`${ALERT}.${bytes.toString("base64url")}`, SECRET)).toBeNull();
  });

  it("refuse a forged, altered or foreign signature", () => {
    const token = unsubscribeToken(ALERT, SECRET, ISSUED);
    const [, signature] = token.split(".");
    const other = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const flipLast = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    const spareBits = signature.slice(0, -1) + String.fromCharCode(signature.charCodeAt(42) ^ 1);
    for (const forged of [
      `${other}.${signature}`,
      `${ALERT}.${flipLast}`,
      `${ALERT}.${spareBits}`,
      unsubscribeToken(ALERT, "t".repeat(40), ISSUED),
      `${ALERT}.${"A".repeat(43)}`,
      ALERT,
      `${ALERT.toUpperCase()}.${signature}`,
      `${token}x`,
      "",
    ]) {
      expect(verifyUnsubscribeToken(forged, SECRET), forged).toBeNull();
    }
  });
});
