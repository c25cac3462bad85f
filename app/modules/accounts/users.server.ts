/**
 * Users and their roles in the admin panel (SPEC §2 Users, §7 list-users and user_roles writes).
 * Callers check the admin role first. The panel is never left without an admin: nobody removes their
 * own admin role, and the last admin's role is never removed (checked under a lock of the admin rows,
 * so two admins demoting each other at once cannot both succeed).
 */
import { and, asc, count, desc, eq, ilike, sql } from "drizzle-orm";
import { db, type Executor } from "~/lib/db.server";
import { DomainError } from "~/lib/domain-error";
import { intent } from "~/lib/form-action.server";
import * as s from "../../../db/schema";
import { USERS_PAGE_SIZE, type UserFilters, userMessages, userRoleActionSchema } from "./users.schema";

export type AdminUserRow = { id: string; email: string; createdAt: Date; roles: s.Role[] };

export type AdminUserList = {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageCount: number;
};

/** `%` and `_` typed into the search box are literal characters, not wildcards. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of users, newest first, optionally filtered by a case-insensitive e-mail substring. */
export async function listUsers(filters: UserFilters, executor: Executor = db()): Promise<AdminUserList> {
  const where = filters.q ? ilike(s.user.email, likePattern(filters.q)) : undefined;
  const [{ total }] = await executor.select({ total: count() }).from(s.user).where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  // JSON (not a Postgres enum array): node-postgres and PGlite both parse it into a list.
  const users = await executor
    .select({
      id: s.user.id,
      email: s.user.email,
      createdAt: s.user.createdAt,
      roles: sql<
        s.Role[]
      >`coalesce(json_agg(${s.userRoles.role}::text order by ${s.userRoles.role}) filter (where ${s.userRoles.role} is not null), '[]'::json)`,
    })
    .from(s.user)
    .leftJoin(s.userRoles, eq(s.userRoles.userId, s.user.id))
    .where(where)
    .groupBy(s.user.id)
    .orderBy(desc(s.user.createdAt), asc(s.user.email))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return { users, total, page, pageCount };
}

/** Gives the user a role; holding it already is fine (the answer is the same). */
export async function addUserRole(userId: string, role: s.Role, executor: Executor = db()) {
  const [found] = await executor.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, userId));
  if (!found) throw new DomainError(userMessages.userNotFound, 404);
  await executor.insert(s.userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Takes a role away; `actorId` is the signed-in admin, who may not remove their own admin role. */
export async function removeUserRole(
  actorId: string,
  userId: string,
  role: s.Role,
  executor: Executor = db(),
) {
  if (role === "admin" && userId === actorId) throw new DomainError(userMessages.ownAdmin, 409);
  await executor.transaction(async (tx) => {
    if (role === "admin") {
      const admins = await tx
        .select({ userId: s.userRoles.userId })
        .from(s.userRoles)
        .where(eq(s.userRoles.role, "admin"))
        .for("update");
      if (!admins.some((admin) => admin.userId === userId)) {
        throw new DomainError(userMessages.roleNotHeld, 404);
      }
      if (admins.length <= 1) throw new DomainError(userMessages.lastAdmin, 409);
    }
    const removed = await tx
      .delete(s.userRoles)
      .where(and(eq(s.userRoles.userId, userId), eq(s.userRoles.role, role)))
      .returning({ userId: s.userRoles.userId });
    if (removed.length === 0) throw new DomainError(userMessages.roleNotHeld, 404);
  });
}

/**
 * The users tab's actions for the signed-in admin `actorId` (SPEC §8 texts). A database that does not
 * answer is a 503 with a reason that goes after "Błąd …: ".
 */
export function userRoleIntents(actorId: string) {
  const shared = {
    schema: userRoleActionSchema,
    failure: userMessages.unavailable,
    failureStatus: 503,
  } as const;
  return {
    "add-role": intent({
      ...shared,
      run: async ({ userId, role }) => {
        await addUserRole(userId, role);
        return { message: userMessages.added, userId, role };
      },
    }),
    "remove-role": intent({
      ...shared,
      run: async ({ userId, role }) => {
        await removeUserRole(actorId, userId, role);
        return { message: userMessages.removed, userId, role };
      },
    }),
  };
}
