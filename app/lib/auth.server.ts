/**
 * better-auth: e-mail + password, database sessions (httpOnly cookies), drizzle adapter.
 * Roles live in our own `user_roles` table (see modules/accounts).
 */

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import * as schema from "../../db/schema";
import { db } from "./db.server";
import { env } from "./env.server";
import { logger } from "./logger.server";

/**
 * The signing secret: AUTH_SECRET, or one generated on first start and kept in DATA_DIR so sessions
 * survive restarts of a single instance. Several instances must share AUTH_SECRET.
 */
export function resolveAuthSecret(): string {
  const settings = env();
  if (settings.AUTH_SECRET) return settings.AUTH_SECRET;
  const file = path.resolve(settings.DATA_DIR, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  logger.warn({ file }, "AUTH_SECRET is not set: generated one for this data directory");
  return secret;
}

function createAuth() {
  const settings = env();
  return betterAuth({
    appName: settings.site.name,
    baseURL: settings.siteUrl,
    secret: resolveAuthSecret(),
    database: drizzleAdapter(db(), {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: { useSecureCookies: settings.siteUrl.startsWith("https://") },
    rateLimit: { enabled: settings.NODE_ENV === "production", storage: "database" },
    trustedOrigins: [settings.siteUrl],
  });
}

export type Auth = ReturnType<typeof createAuth>;

const holder = globalThis as typeof globalThis & { __nokturnAuth?: Auth };

export function auth(): Auth {
  holder.__nokturnAuth ??= createAuth();
  return holder.__nokturnAuth;
}

export function resetAuth() {
  holder.__nokturnAuth = undefined;
}

export type SessionUser = { id: string; email: string; createdAt: Date };

/** The signed-in user of a request, or null. Never throws for a bad or expired cookie. */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")?.includes("session_token")) return null;
  try {
    const session = await auth().api.getSession({ headers: request.headers });
    if (!session) return null;
    return { id: session.user.id, email: session.user.email, createdAt: new Date(session.user.createdAt) };
  } catch (error) {
    logger.warn({ err: error }, "session lookup failed");
    return null;
  }
}
