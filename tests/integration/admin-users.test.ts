/**
 * The users-and-roles tab against a real database: the e-mail search (case-insensitive substring,
 * literal wildcards), paging, adding and removing roles, and the guards that keep the panel with an
 * admin — nobody removes their own admin role, the last admin keeps theirs — also through the route's
 * action as the signed-in admin.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "../../app/lib/domain-error";
import { requestContext } from "../../app/lib/request-context";
import { USERS_PAGE_SIZE, userMessages } from "../../app/modules/accounts/users.schema";
import { addUserRole, listUsers, removeUserRole } from "../../app/modules/accounts/users.server";
import { action, loader } from "../../app/routes/admin/users";
import * as s from "../../db/schema";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../db/seed";
import { type AdminTestEnv, adminCookie, ORIGIN, setUpAdminTestEnv, userWithRole } from "./admin-support";

let env: AdminTestEnv;
const db = () => env.database.db;

beforeAll(async () => {
  env = await setUpAdminTestEnv();
});
afterAll(async () => {
  await env?.dispose();
});

async function userId(email: string) {
  const [row] = await db().select({ id: s.user.id }).from(s.user).where(eq(s.user.email, email));
  return row.id;
}

async function rolesOf(id: string) {
  const rows = await db()
    .select({ role: s.userRoles.role })
    .from(s.userRoles)
    .where(eq(s.userRoles.userId, id));
  return rows.map((row) => row.role).sort();
}

async function makeUser(email: string, createdAt = new Date()) {
  const id = `test-${email}`;
  await db().insert(s.user).values({ id, name: email, email, createdAt, updatedAt: createdAt });
  return id;
}

async function expectRefusal(promise: Promise<unknown>, message: string, status: number) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).message).toBe(message);
  expect((error as DomainError).status).toBe(status);
}

describe("listing and searching users", () => {
  it("finds by a case-insensitive substring of the e-mail, with join date and roles", async () => {
    const result = await listUsers({ q: "NOKTURN.EXAMPLE", page: 1 });
    const emails = result.users.map((user) => user.email);
    expect(emails).toEqual(expect.arrayContaining([DEMO_ADMIN.email, DEMO_CUSTOMER.email]));
    const admin = result.users.find((user) => user.email === DEMO_ADMIN.email)!;
    expect(admin.roles).toContain("admin");
    expect(admin.createdAt).toBeInstanceOf(Date);
    expect((await listUsers({ q: "KlIeNt@", page: 1 })).users.map((user) => user.email)).toEqual([
      DEMO_CUSTOMER.email,
    ]);
  });

  it("treats % and _ as plain characters", async () => {
    await makeUser("procent%znak@example.pl");
    expect((await listUsers({ q: "%", page: 1 })).users.map((user) => user.email)).toEqual([
      "procent%znak@example.pl",
    ]);
    expect((await listUsers({ q: "_", page: 1 })).total).toBe(0);
  });

  it("lists roles in the enum's order and an empty list for none", async () => {
    const id = await makeUser("bez-rol@example.pl");
    expect((await listUsers({ q: "bez-rol@", page: 1 })).users[0].roles).toEqual([]);
    await db()
      .insert(s.userRoles)
      .values([
        { userId: id, role: "user" },
        { userId: id, role: "admin" },
      ]);
    expect((await listUsers({ q: "bez-rol@", page: 1 })).users[0].roles).toEqual(["admin", "user"]);
    await db().delete(s.userRoles).where(eq(s.userRoles.userId, id));
  });

  it("pages the list, newest first, and keeps the page within range", async () => {
    const base = Date.UTC(2020, 0, 1);
    for (let index = 0; index < USERS_PAGE_SIZE + 3; index += 1) {
      await makeUser(
        `strona-${String(index).padStart(2, "0")}@paging.example`,
        new Date(base + index * 60_000),
      );
    }
    const first = await listUsers({ q: "@paging.example", page: 1 });
    expect(first.total).toBe(USERS_PAGE_SIZE + 3);
    expect(first.pageCount).toBe(2);
    expect(first.users).toHaveLength(USERS_PAGE_SIZE);
    expect(first.users[0].email).toBe(`strona-${USERS_PAGE_SIZE + 2}@paging.example`);
    const second = await listUsers({ q: "@paging.example", page: 2 });
    expect(second.users.map((user) => user.email)).toEqual([
      "strona-02@paging.example",
      "strona-01@paging.example",
      "strona-00@paging.example",
    ]);
    expect((await listUsers({ q: "@paging.example", page: 50 })).page).toBe(2);
  });
});

describe("adding and removing roles", () => {
  it("adds a role once (adding it again changes nothing) and refuses an unknown user", async () => {
    const id = await makeUser("nowa-rola@example.pl");
    await addUserRole(id, "moderator");
    await addUserRole(id, "moderator");
    expect(await rolesOf(id)).toEqual(["moderator"]);
    await expectRefusal(addUserRole("nie-ma-takiego", "user"), userMessages.userNotFound, 404);
  });

  it("removes a held role and refuses one that is not held", async () => {
    const adminId = await userId(DEMO_ADMIN.email);
    const id = await makeUser("usun-role@example.pl");
    await addUserRole(id, "user");
    await removeUserRole(adminId, id, "user");
    expect(await rolesOf(id)).toEqual([]);
    await expectRefusal(removeUserRole(adminId, id, "user"), userMessages.roleNotHeld, 404);
  });

  it("never lets an admin remove their own admin role", async () => {
    const adminId = await userId(DEMO_ADMIN.email);
    await expectRefusal(removeUserRole(adminId, adminId, "admin"), userMessages.ownAdmin, 409);
    expect(await rolesOf(adminId)).toContain("admin");
  });

  it("lets one admin remove another's admin role, but never the last admin's", async () => {
    const adminId = await userId(DEMO_ADMIN.email);
    const secondId = await makeUser("drugi-admin@example.pl");
    await addUserRole(secondId, "admin");
    await removeUserRole(secondId, adminId, "admin");
    expect(await rolesOf(adminId)).not.toContain("admin");
    // Only the second admin is left: even someone else's request may not take it.
    await expectRefusal(removeUserRole(adminId, secondId, "admin"), userMessages.lastAdmin, 409);
    expect(await rolesOf(secondId)).toEqual(["admin"]);
    // Restore the demo admin for the tests below.
    await addUserRole(adminId, "admin");
    await removeUserRole(adminId, secondId, "admin");
  });
});

describe("the /admin/users route", () => {
  function post(cookie: string, fields: Record<string, string>) {
    return action({
      request: new Request(`${ORIGIN}/admin/users`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: requestContext(),
    } as never) as Promise<unknown>;
  }

  function answer(value: unknown) {
    const wrapped = value as { data?: unknown; init?: { status?: number } };
    if (wrapped && typeof wrapped === "object" && "init" in wrapped) {
      return { status: wrapped.init?.status ?? 200, data: wrapped.data as Record<string, unknown> };
    }
    return { status: 200, data: value as Record<string, unknown> };
  }

  it("searches through the loader and marks the signed-in admin", async () => {
    const cookie = await adminCookie();
    const result = (await loader({
      request: new Request(`${ORIGIN}/admin/users?q=ADMIN@NOKTURN`, { headers: { cookie } }),
      params: {},
      context: requestContext(),
    } as never)) as Awaited<ReturnType<typeof loader>>;
    expect(result.users.map((user) => user.email)).toEqual([DEMO_ADMIN.email]);
    expect(result.currentUserId).toBe(await userId(DEMO_ADMIN.email));
    expect(result.loadError).toBeNull();
  });

  it("adds and removes a role with SPEC's messages", async () => {
    const cookie = await adminCookie();
    const id = await makeUser("przez-route@example.pl");
    const added = answer(await post(cookie, { intent: "add-role", userId: id, role: "moderator" }));
    expect(added).toMatchObject({ status: 200, data: { ok: true, message: "Rola została przypisana" } });
    expect(await rolesOf(id)).toEqual(["moderator"]);
    const removed = answer(await post(cookie, { intent: "remove-role", userId: id, role: "moderator" }));
    expect(removed).toMatchObject({ status: 200, data: { ok: true, message: "Rola została usunięta" } });
    expect(await rolesOf(id)).toEqual([]);
  });

  it("refuses the admin's own admin role with a Polish message (409), and bad input with 400", async () => {
    const cookie = await adminCookie();
    const adminId = await userId(DEMO_ADMIN.email);
    const own = answer(await post(cookie, { intent: "remove-role", userId: adminId, role: "admin" }));
    expect(own).toMatchObject({ status: 409, data: { ok: false, message: userMessages.ownAdmin } });
    expect(await rolesOf(adminId)).toContain("admin");
    const badRole = answer(await post(cookie, { intent: "add-role", userId: adminId, role: "superadmin" }));
    expect(badRole).toMatchObject({ status: 400, data: { ok: false, message: userMessages.chooseRole } });
    const nothing = answer(await post(cookie, {}));
    expect(nothing.status).toBe(400);
    const unknownUser = answer(await post(cookie, { intent: "add-role", userId: "nikt", role: "user" }));
    expect(unknownUser).toMatchObject({ status: 404, data: { message: userMessages.userNotFound } });
  });

  it("answers a moderator 403 and changes nothing", async () => {
    const cookie = await userWithRole(env.database, "moderator-users@example.pl", "moderator");
    const id = await makeUser("cel-moderatora@example.pl");
    const refused = await post(cookie, { intent: "add-role", userId: id, role: "admin" }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(answer(refused).status).toBe(403);
    expect(
      await db()
        .select()
        .from(s.userRoles)
        .where(and(eq(s.userRoles.userId, id), eq(s.userRoles.role, "admin"))),
    ).toEqual([]);
  });
});
