import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabase } from "../../app/lib/db.server";
import { resetEnvCache } from "../../app/lib/env.server";
import { auth, resetAuth, sessionUser } from "../../app/modules/accounts/auth.server";
import { DEMO_ADMIN, seedDemo } from "../../db/seed";
import { requestArgs } from "../support/request-args";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const origin = "http://localhost:3000";
let database: TestDatabase;

beforeAll(async () => {
  process.env.AUTH_SECRET = "integration-test-secret-0123456789abcdef";
  resetEnvCache();
  resetAuth();
  database = await createTestDatabase();
  setDatabase(database);
  await seedDemo(database.db);
});
afterAll(async () => {
  setDatabase(undefined);
  resetAuth();
  await database?.dispose();
});

function post(path: string, body: unknown, cookie?: string) {
  return auth().handler(
    new Request(`${origin}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    }),
  );
}

describe("better-auth on our schema", () => {
  it("signs the seeded demo admin in with the README password and reads the session back", async () => {
    const response = await post("/sign-in/email", DEMO_ADMIN);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0];
    const user = await sessionUser(requestArgs(`${origin}/`, { headers: { cookie } }));
    expect(user?.email).toBe(DEMO_ADMIN.email);
  });

  it("refuses a wrong password and ignores a forged cookie", async () => {
    const response = await post("/sign-in/email", { email: DEMO_ADMIN.email, password: "wrong-password" });
    expect(response.status).toBe(401);
    const user = await sessionUser(
      requestArgs(`${origin}/`, { headers: { cookie: "better-auth.session_token=forged.value" } }),
    );
    expect(user).toBeNull();
  });

  it("signs up a new customer with a 6-character password", async () => {
    const response = await post("/sign-up/email", {
      email: "nowy@example.pl",
      password: "sekret",
      name: "nowy",
    });
    expect(response.status).toBe(200);
  });
});
