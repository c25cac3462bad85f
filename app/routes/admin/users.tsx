// /admin/users (?q=…&page=…): users and their roles (SPEC §2 Users). The action adds and removes roles;
// the server refuses to take an admin's own admin role (the panel is never left without an admin).
import { data } from "react-router";
import { db } from "~/lib/db.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { UserPanel } from "~/modules/admin/components/user-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import {
  parseUserFilters,
  type UserRoleActionResult,
  userMessages,
  userRoleActionSchema,
} from "~/modules/admin/users.schema";
import { AdminUserError, addUserRole, listUsers, removeUserRole } from "~/modules/admin/users.server";
import type { Route } from "./+types/users";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Użytkownicy | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const me = await requireTab(request, "users");
  const filters = parseUserFilters(new URL(request.url).searchParams);
  try {
    return { filters, currentUserId: me.id, ...(await listUsers(filters, db())), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin users failed to load");
    return {
      filters,
      currentUserId: me.id,
      users: [],
      total: 0,
      page: 1,
      pageCount: 1,
      loadError: userMessages.loadFailed(userMessages.unavailable),
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const me = await requireTab(request, "users");
  const formData = await readFormData(request);
  if (!formData) {
    return data<UserRoleActionResult>(
      { ok: false, intent: null, userId: null, role: null, message: userMessages.invalidRequest },
      { status: 400 },
    );
  }
  const parsed = userRoleActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data<UserRoleActionResult>(
      {
        ok: false,
        intent: null,
        userId: null,
        role: null,
        message: parsed.error.issues[0]?.message ?? userMessages.invalidRequest,
      },
      { status: 400 },
    );
  }
  const command = parsed.data;
  const answer = { intent: command.intent, userId: command.userId, role: command.role };
  try {
    if (command.intent === "add-role") {
      await addUserRole(command.userId, command.role);
      return { ...answer, ok: true, message: userMessages.added } satisfies UserRoleActionResult;
    }
    await removeUserRole(me.id, command.userId, command.role);
    return { ...answer, ok: true, message: userMessages.removed } satisfies UserRoleActionResult;
  } catch (error) {
    const known = error instanceof AdminUserError;
    if (!known) logger.error({ err: error, intent: command.intent }, "role change failed");
    return data<UserRoleActionResult>(
      { ...answer, ok: false, message: known ? error.message : userMessages.unavailable },
      { status: known ? error.status : 503 },
    );
  }
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <UserPanel {...loaderData} />;
}
