import { describe, expect, it } from "vitest";
import { cspNonce } from "./csp";

describe("cspNonce", () => {
  it("gives 16 fresh random bytes each time, across refills of its pool", () => {
    const nonces = Array.from({ length: 2_000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    // Not all zero bytes: the pool is filled before its first nonce.
    expect(nonces.some((nonce) => nonce === "AAAAAAAAAAAAAAAAAAAAAA==")).toBe(false);
  });
});
