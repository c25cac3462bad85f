/**
 * Who may do what, decided on the server from `user_roles` (SPEC §6; ARCHITECTURE: admin everything in
 * the panel, moderator galleries and ambassadors). Every protected loader AND action calls one of these
 * helpers itself: a layout's loader does not protect its children's actions.
 *
 * - pages (GET of a page or its data) with no session → redirect to /auth?redirect=<where they were going>
 * - API routes and actions with no session → 401
 * - signed in without the role → 403 'Brak uprawnień administratora'
 * - the role check itself failing → 403 'Błąd sprawdzania uprawnień' (treated as no permission, logged)
 */
import { eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db, type Executor } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { type RequestArgs, type SessionUser, sessionUser } from "~/modules/accounts/auth.server";
import { type Role, roleEnum, userRoles } from "../../../db/schema";
import { loginUrlFor } from "./redirect";

export const ROLES = roleEnum.enumValues;
export type { Role };

export const roleMessages = {
  unauthenticated: "Zaloguj się, aby kontynuować",
  forbidden: "Brak uprawnień administratora",
  checkFailed: "Błąd sprawdzania uprawnień",
} as const;

/** Every role of the user, in the enum's order (admin, moderator, user). */
export async function getUserRoles(userId: string, executor: Executor = db()): Promise<Role[]> {
  const rows = await executor
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  const held = new Set(rows.map((row) => row.role));
  return ROLES.filter((role) => held.has(role));
}

/** API routes (and non-GET requests) get status codes; pages get a redirect to the login screen. */
function wantsRedirect(request: Request) {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/api/")) return false;
  return request.method === "GET" || request.method === "HEAD";
}

/** The page the visitor was going to (the document path, also for React Router's `.data` requests). */
function originalPath(request: Request) {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "/") || "/";
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

/**
 * The signed-in user, or: a redirect to /auth keeping the origin (pages), or 401 (API and actions).
 * Throws the response, so loaders and actions can simply `const user = await requireUser(args)`.
 */
export async function requireUser(args: RequestArgs): Promise<SessionUser> {
  const { request } = args;
  const user = await sessionUser(args);
  if (user) return user;
  if (wantsRedirect(request)) throw redirect(loginUrlFor(originalPath(request)));
  throw data(
    { message: roleMessages.unauthenticated },
    { status: 401, headers: { "Cache-Control": "no-store" } },
  );
}

/** A signed-in user holding at least one of `roles`; see the module comment for the other answers. */
export async function requireRole(
  args: RequestArgs,
  roles: readonly Role[],
): Promise<SessionUser & { roles: Role[] }> {
  const user = await requireUser(args);
  let held: Role[];
  try {
    held = await getUserRoles(user.id);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "role check failed");
    throw data({ message: roleMessages.checkFailed }, { status: 403 });
  }
  if (!held.some((role) => roles.includes(role))) {
    throw data({ message: roleMessages.forbidden }, { status: 403 });
  }
  return { ...user, roles: held };
}
