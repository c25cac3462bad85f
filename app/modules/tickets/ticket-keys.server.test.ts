import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, parseEnv, resetEnvCache } from "~/lib/env.server";
import { signTicketCode, verifyTicketCode } from "./ticket-code";
import { resetTicketKeys, ticketPublicKeys, ticketSigningKey } from "./ticket-keys.server";

const saved = { DATA_DIR: process.env.DATA_DIR, TICKET_SIGNING_KEY: process.env.TICKET_SIGNING_KEY };
const ticketId = "3f2b8c1e-9d4a-4b7e-8c2d-1a2b3c4d5e6f";
const nightId = "7a1c2e3f-4b5d-4e6f-9a8b-0c1d2e3f4a5b";
let dataDir: string;

function use(settings: { TICKET_SIGNING_KEY?: string }) {
  if (settings.TICKET_SIGNING_KEY === undefined) delete process.env.TICKET_SIGNING_KEY;
  else process.env.TICKET_SIGNING_KEY = settings.TICKET_SIGNING_KEY;
  resetEnvCache();
  resetTicketKeys();
}

function keyIdOf(publicKey: KeyObject) {
  return createHash("sha256")
    .update(publicKey.export({ type: "spki", format: "der" }))
    .digest("hex")
    .slice(0, 16);
}

function ed25519Pem() {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { pem: privateKey.export({ type: "pkcs8", format: "pem" }) as string, publicKey };
}

function errorOf(run: () => unknown): Error {
  try {
    run();
  } catch (caught) {
    return caught as Error;
  }
  throw new Error("expected an error");
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ticket-keys-"));
  process.env.DATA_DIR = dataDir;
  use({});
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
  resetTicketKeys();
});

describe("the ticket signing key", () => {
  it("is generated into DATA_DIR on first use, readable by the owner only, and kept across restarts", () => {
    const key = ticketSigningKey();
    expect(key.asymmetricKeyType).toBe("ed25519");
    expect(key.type).toBe("private");
    const file = path.join(dataDir, "ticket-signing-key.pem");
    expect(fs.readFileSync(file, "utf8")).toContain("BEGIN PRIVATE KEY");
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ticketSigningKey()).toBe(key);

    const [{ keyId }] = ticketPublicKeys();
    use({}); // a restart: the same file, the same key
    expect(ticketPublicKeys()[0].keyId).toBe(keyId);
    expect(ticketSigningKey().export({ type: "pkcs8", format: "pem" })).toBe(
      key.export({ type: "pkcs8", format: "pem" }),
    );
  });

  it("comes from TICKET_SIGNING_KEY when set, and then nothing is written", () => {
    const { pem, publicKey } = ed25519Pem();
    use({ TICKET_SIGNING_KEY: pem });
    expect(ticketPublicKeys()).toEqual([
      { keyId: keyIdOf(publicKey), publicKeyPem: publicKey.export({ type: "spki", format: "pem" }) },
    ]);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("accepts the PEM on one line with literal \\n escapes, as env files carry it", () => {
    const { pem, publicKey } = ed25519Pem();
    use({ TICKET_SIGNING_KEY: pem.trim().replaceAll("\n", "\\n") });
    expect(ticketPublicKeys()[0].keyId).toBe(keyIdOf(publicKey));
  });

  it("signs codes that the published public key verifies; the key id is 16 hex characters", () => {
    const code = signTicketCode({ ticketId, version: 1, nightId }, ticketSigningKey());
    const [published] = ticketPublicKeys();
    expect(published.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(published.publicKeyPem).not.toContain("PRIVATE");
    const doorKey = createPublicKey(published.publicKeyPem);
    expect(verifyTicketCode(code, nightId, [doorKey])).toEqual({ ticketId, version: 1 });
  });

  it("stops start-up with one clear line for a key that is not Ed25519 or not a key", () => {
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      type: "pkcs8",
      format: "pem",
    }) as string;
    const { publicKey } = ed25519Pem();
    for (const value of [rsa, "not a key", publicKey.export({ type: "spki", format: "pem" }) as string]) {
      const error = errorOf(() => parseEnv({ TICKET_SIGNING_KEY: value }));
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toContain("TICKET_SIGNING_KEY");
      expect(error.message).toContain("Ed25519");
      expect(error.message).not.toContain("\n");
      expect(error.message).not.toContain("PRIVATE KEY");
    }
  });

  it("refuses a key file in DATA_DIR that is not an Ed25519 key, naming the file", () => {
    const file = path.join(dataDir, "ticket-signing-key.pem");
    fs.writeFileSync(
      file,
      generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }),
      { mode: 0o600 },
    );
    const error = errorOf(() => ticketSigningKey());
    expect(error).toBeInstanceOf(ConfigError);
    expect(error.message).toContain(file);
    expect(error.message).toContain("Ed25519");
  });
});
