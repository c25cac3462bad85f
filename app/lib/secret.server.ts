import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { logger } from "./logger.server";

/** The secret read from (or written to) each data directory's file: read once, not per request. */
const fromFile = new Map<string, string>();

/**
 * The signing secret: AUTH_SECRET, or one generated on first start and kept in DATA_DIR so sessions
 * survive restarts of a single instance. Several instances must share AUTH_SECRET.
 */
export function resolveAuthSecret(): string {
  const settings = env();
  if (settings.AUTH_SECRET) return settings.AUTH_SECRET;
  const file = path.resolve(settings.DATA_DIR, "auth-secret");
  const known = fromFile.get(file);
  if (known) return known;
  const secret = readOrCreate(file);
  fromFile.set(file, secret);
  return secret;
}

function readOrCreate(file: string) {
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  logger.warn({ file }, "AUTH_SECRET is not set: generated one for this data directory");
  return secret;
}
