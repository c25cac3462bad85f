// /admin/users (?q=…&page=…): users and their roles (SPEC §2 Users). The action adds and removes roles;
// the server refuses to take an admin's own admin role (the panel is never left without an admin).
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { UserPanel } from "~/modules/accounts/components/panel/user-panel";
import { parseUserFilters, userMessages } from "~/modules/accounts/users.schema";
import { listUsers, userRoleIntents } from "~/modules/accounts/users.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/users";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Użytkownicy");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireTab({ request, context }, "users");
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

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireTab({ request, context }, "users");
  return handleFormAction(request, userRoleIntents(me.id), { invalidRequest: userMessages.invalidRequest });
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  return <UserPanel {...loaderData} />;
}
