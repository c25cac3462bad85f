import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signTicketCode } from "~/modules/tickets/ticket-code";
import { importDoorKeys, verifyDoorCode } from "./door-code";

const keys = generateKeyPairSync("ed25519");
const rotated = generateKeyPairSync("ed25519");
const otherSite = generateKeyPairSync("ed25519");
const spki = (key: typeof keys.publicKey) => key.export({ type: "spki", format: "der" }).toString("base64");
const ticketId = "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f";
const night = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
const otherNight = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5c";
const code = (version = 1, nightId = night, key = keys.privateKey) =>
  signTicketCode({ ticketId, version, nightId }, key);

describe("the door's check of a QR with WebCrypto", () => {
  it("verifies what the server signed, for this night, and names another night's code", async () => {
    const door = await importDoorKeys([spki(keys.publicKey)]);
    expect(door).toHaveLength(1);
    expect(await verifyDoorCode(code(3), [night, otherNight], door)).toEqual({
      ticketId,
      version: 3,
      nightId: night,
    });
    expect(await verifyDoorCode(code(1, otherNight), [night, otherNight], door)).toEqual({
      ticketId,
      version: 1,
      nightId: otherNight,
    });
  });

  it("refuses another site's key, a night it does not know, a tampered version and garbage", async () => {
    const door = await importDoorKeys([spki(keys.publicKey), "bm90IGEga2V5", ""]);
    expect(door).toHaveLength(1);
    expect(await verifyDoorCode(code(1, night, otherSite.privateKey), [night], door)).toBeNull();
    expect(await verifyDoorCode(code(1, otherNight), [night], door)).toBeNull();
    expect(await verifyDoorCode(code(1).replace(".1.", ".2."), [night], door)).toBeNull();
    for (const junk of ["", "NKT1", "https://example.com", "x".repeat(100_000), 42, null]) {
      expect(await verifyDoorCode(junk, [night], door)).toBeNull();
    }
  });

  it("accepts only the signature's canonical spelling", async () => {
    const door = await importDoorKeys([spki(keys.publicKey)]);
    const valid = code(1);
    const last = valid.at(-1) as string;
    // The last character carries 2 unused bits: a neighbour decodes to the same bytes.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const twin = alphabet[alphabet.indexOf(last) ^ 1];
    expect(await verifyDoorCode(valid.slice(0, -1) + twin, [night], door)).toBeNull();
  });

  it("skips keys that do not import (not base64, not a key, not Ed25519) and reads a rotated key", async () => {
    const ecdsa = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const door = await importDoorKeys([
      "%%% not base64 %%%",
      spki(ecdsa.publicKey),
      spki(rotated.publicKey),
      spki(keys.publicKey),
      42 as unknown as string,
    ]);
    expect(door).toHaveLength(2);
    expect(await verifyDoorCode(code(2), [night], door)).toEqual({ ticketId, version: 2, nightId: night });
    expect(await importDoorKeys(undefined as unknown as string[])).toEqual([]);
  });

  it("never throws on what a scanner or a stale copy may hand it", async () => {
    const door = await importDoorKeys([spki(keys.publicKey)]);
    const valid = code(1);
    expect(await verifyDoorCode(valid, [], door)).toBeNull();
    expect(await verifyDoorCode(valid, [night], [])).toBeNull();
    expect(await verifyDoorCode(valid, [night.toUpperCase(), "", 7 as unknown as string], door)).toBeNull();
    expect(await verifyDoorCode(valid, null as unknown as string[], door)).toBeNull();
    expect(await verifyDoorCode(valid, [night], [{} as CryptoKey, ...door])).toMatchObject({
      nightId: night,
    });
  });
});
