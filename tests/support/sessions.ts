/**
 * Signed-in tests start signed in (as the Epic Stack's login fixture does): before the server starts,
 * its embedded database is migrated, seeded and given one session per demo account, stored the way
 * better-auth stores it (a `session` row); the browser gets the cookie better-auth would have set,
 * the token signed with the server's AUTH_SECRET. Only the login flows' own tests use the form.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "../../app/lib/db.server";
import * as schema from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from "../../db/seed";

export { SESSION_COOKIE, storageStateFor } from "./session-cookie";

/** The signed cookie value better-auth's `setSignedCookie` writes (HMAC-SHA256, base64, URI-encoded). */
export async function signSessionToken(token: string, secret: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token));
  return encodeURIComponent(`${token}.${Buffer.from(signature).toString("base64")}`);
}

/** A moderator (galleries and ambassadors only) who exists only in test databases. */
export const TEST_MODERATOR = { email: "moderator@e2e.example", name: "Moderator Testowy" } as const;

export type SeededAccount = "admin" | "customer" | "moderator";

export type SeededSessions = {
  dataDir: string;
  authSecret: string;
  /** Cookie values (`better-auth.session_token`) by account. */
  cookies: Record<SeededAccount, string>;
};

/** Each account's signed session cookie value, for a data dir prepared by `prepareSignedInDataDir`. */
const SESSIONS_FILE = "test-sessions.json";

/**
 * A fresh data directory whose database is migrated, seeded at `now` and holds a session for the demo
 * admin, the demo customer and a test moderator. The server started on it must get `authSecret` as AUTH_SECRET.
 */
export async function prepareSignedInDataDir(now = new Date()): Promise<SeededSessions> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-e2e-"));
  const authSecret = randomBytes(32).toString("base64url");
  const handle = await openDatabase({ dataDir });
  try {
    const cookies = await seedSignedIn(handle, authSecret, now);
    const seeded = { dataDir, authSecret, cookies };
    fs.writeFileSync(path.join(dataDir, SESSIONS_FILE), JSON.stringify(seeded));
    return seeded;
  } finally {
    await handle.close();
  }
}

/**
 * Migrates and seeds an open, empty database (PGlite or PostgreSQL) at `now`, adds the test moderator,
 * and stores a session for the demo admin, the demo customer and the moderator: their signed cookie
 * values for servers started on that database with `authSecret` as AUTH_SECRET (they find it seeded).
 */
export async function seedSignedIn(
  handle: DatabaseHandle,
  authSecret: string,
  now = new Date(),
): Promise<Record<SeededAccount, string>> {
  await handle.migrate();
  await seedDemo(handle.db, now);
  await handle.db.insert(schema.user).values({
    id: randomBytes(16).toString("hex"),
    name: TEST_MODERATOR.name,
    email: TEST_MODERATOR.email,
    emailVerified: true,
  });
  const [moderator] = await handle.db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, TEST_MODERATOR.email));
  await handle.db.insert(schema.userRoles).values({ userId: moderator.id, role: "moderator" });
  return {
    admin: await createSession(handle.db, DEMO_ADMIN.email, authSecret),
    customer: await createSession(handle.db, DEMO_CUSTOMER.email, authSecret),
    moderator: await createSession(handle.db, TEST_MODERATOR.email, authSecret),
  };
}

/** The sessions `prepareSignedInDataDir` wrote into a data directory. */
export function readSeededSessions(dataDir: string): SeededSessions {
  return JSON.parse(fs.readFileSync(path.join(dataDir, SESSIONS_FILE), "utf8")) as SeededSessions;
}

type Db = DatabaseHandle["db"];

async function createSession(db: Db, email: string, secret: string) {
  const [account] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, email));
  if (!account) throw new Error(`no seeded account ${email}`);
  const token = randomBytes(24).toString("base64url");
  await db.insert(schema.session).values({
    id: randomBytes(16).toString("hex"),
    token,
    userId: account.id,
    expiresAt: new Date(Date.now() + 7 * 86_400_000),
    userAgent: "e2e fixture",
    ipAddress: "127.0.0.1",
  });
  return signSessionToken(token, secret);
}
