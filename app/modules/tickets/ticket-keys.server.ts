/**
 * The key that signs the e-tickets' QR codes (decision 038): TICKET_SIGNING_KEY (checked at start-up by
 * env.server.ts), or one generated on first use and kept in DATA_DIR so the embedded demo's tickets
 * survive restarts, as AUTH_SECRET is resolved (secret.server.ts). Several instances must share
 * TICKET_SIGNING_KEY. The private half never leaves the server; the door app gets `ticketPublicKeys()`.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ConfigError, env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

const KEY_FILE = "ticket-signing-key.pem";

let cached: KeyObject | undefined;

function ed25519Key(pem: string, source: string): KeyObject {
  let key: KeyObject | undefined;
  try {
    key = createPrivateKey(pem);
  } catch {
    key = undefined;
  }
  if (key?.asymmetricKeyType !== "ed25519") {
    throw new ConfigError(
      `Invalid settings: ${source} must be a PKCS#8 PEM of an Ed25519 private key (openssl genpkey -algorithm ed25519)`,
    );
  }
  return key;
}

function resolveKey(): KeyObject {
  const settings = env();
  if (settings.TICKET_SIGNING_KEY) return ed25519Key(settings.TICKET_SIGNING_KEY, "TICKET_SIGNING_KEY");
  const file = path.resolve(settings.DATA_DIR, KEY_FILE);
  if (fs.existsSync(file)) return ed25519Key(fs.readFileSync(file, "utf8"), file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  try {
    // "wx": two processes starting on one data directory keep the first key, never overwrite it.
    fs.writeFileSync(file, pem, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return ed25519Key(fs.readFileSync(file, "utf8"), file);
  }
  logger.warn({ file }, "TICKET_SIGNING_KEY is not set: generated one for this data directory");
  return ed25519Key(pem, file);
}

/** The private key that signs ticket codes, resolved once per process. */
export function ticketSigningKey(): KeyObject {
  cached ??= resolveKey();
  return cached;
}

/**
 * The public keys the door app checks codes with. The key id (the first 16 hex characters of the
 * SHA-256 of the key's DER) lets the door hold several while a key is rotated.
 */
export function ticketPublicKeys(): { keyId: string; publicKeyPem: string }[] {
  const publicKey = createPublicKey(ticketSigningKey());
  const der = publicKey.export({ type: "spki", format: "der" });
  return [
    {
      keyId: createHash("sha256").update(der).digest("hex").slice(0, 16),
      publicKeyPem: publicKey.export({ type: "spki", format: "pem" }) as string,
    },
  ];
}

/** For tests that change TICKET_SIGNING_KEY or DATA_DIR between cases. */
export function resetTicketKeys() {
  cached = undefined;
}
