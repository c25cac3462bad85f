// /admin: the panel's entry. It shows nothing itself: it sends the user to the first tab they may open
// (admins: orders, moderators: galleries), and an old `/admin?tab=<tab>&…` link to that tab's own URL
// with the rest of its query (`/admin?tab=orders&status=pending` → `/admin/orders?status=pending`).
import { redirect } from "react-router";
import { requireRole } from "~/modules/accounts/roles.server";
import { adminTabHref, PANEL_ROLES, parseAdminTab, tabsFor } from "~/modules/admin/admin-tabs";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/panel";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole({ request, context }, PANEL_ROLES);
  const params = new URL(request.url).searchParams;
  const asked = parseAdminTab(params.get("tab"));
  // A tab the user may not open is refused here (403), as its own route would refuse it.
  if (asked) await requireTab({ request, context }, asked);
  const tab = asked ?? tabsFor(user.roles)[0];
  params.delete("tab");
  const search = params.toString();
  return redirect(search ? `${adminTabHref(tab)}?${search}` : adminTabHref(tab));
}

/**
 * Never rendered (the loader always redirects or refuses), but it makes this a page route: without a
 * component it would be a resource route, and a refusal would reach the browser as raw JSON instead
 * of the panel's access screen.
 */
export default function AdminEntry() {
  return null;
}
