/**
 * Shared set-up of the admin integration tests: a fresh seeded database, uploads in a temporary
 * directory, and signed-in sessions (admin, customer, moderator) made through better-auth itself.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { LocalDiskStorage, setStorage } from "../../app/lib/storage.server";
import { auth, resetAuth } from "../../app/modules/accounts/auth.server";
import routes from "../../app/routes";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER, seedDemo } from "../../db/seed";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

export const ORIGIN = "http://localhost:3000";

export type AdminTestEnv = { database: TestDatabase; uploads: string; dispose(): Promise<void> };

export async function setUpAdminTestEnv(): Promise<AdminTestEnv> {
  process.env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
  process.env.SITE_URL = ORIGIN;
  resetEnvCache();
  resetAuth();
  const database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "nokturn-admin-"));
  setStorage(new LocalDiskStorage(uploads));
  return {
    database,
    uploads,
    async dispose() {
      setStorage(undefined);
      setDatabase(undefined);
      resetAuth();
      await database.dispose();
      fs.rmSync(uploads, { recursive: true, force: true });
    },
  };
}

function authRequest(pathname: string, body: unknown) {
  return auth().handler(
    new Request(`${ORIGIN}/api/auth${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify(body),
    }),
  );
}

/** The session cookie of a signed-in user ("name=value"). */
export async function signIn(credentials: { email: string; password: string }) {
  const response = await authRequest("/sign-in/email", credentials);
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.includes("session_token")) throw new Error("sign-in set no session cookie");
  return cookie;
}

/** Signs up a user, gives them `role` and signs them in; returns their cookie. */
export async function userWithRole(database: TestDatabase, email: string, role: s.Role) {
  const password = "haslo-testowe-123";
  const response = await authRequest("/sign-up/email", { email, password, name: email.split("@")[0] });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  await database.db.insert(s.userRoles).values({ userId: user.id, role }).onConflictDoNothing();
  return signIn({ email, password });
}

export const adminCookie = () => signIn(DEMO_ADMIN);
export const customerCookie = () => signIn(DEMO_CUSTOMER);

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
export type AdminRoute = { file: string; pattern: string };

/** Every route whose URL lies under /admin, with its full pattern, read from app/routes.ts. */
export function adminRoutes(entries: RouteEntry[] = routes as RouteEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = pattern === "admin" || pattern.startsWith("admin/") ? [{ file: entry.file, pattern }] : [];
    return [...own, ...adminRoutes(entry.children ?? [], pattern)];
  });
}
