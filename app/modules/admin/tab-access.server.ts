import type { RequestArgs } from "~/modules/accounts/auth.server";
import { requireRole } from "~/modules/accounts/roles.server";
import { type AdminTab, adminTabRoles } from "./admin-tabs";

/**
 * The signed-in user if they may use `tab` (its loader AND its action call this); otherwise the
 * redirect/401/403 of `requireRole`.
 */
export function requireTab(args: RequestArgs, tab: AdminTab) {
  return requireRole(args, adminTabRoles[tab]);
}
