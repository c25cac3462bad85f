/**
 * The tabs of /admin (SPEC §2 Admin panel). The active tab lives in the URL so it can be linked and
 * survives a reload: orders and products are `/admin?tab=…` (part 1), every part-2 tab is a route of its
 * own (`/admin/discounts`, …) with its own loader and action — see decision 009. `/admin?tab=discounts`
 * still works: the panel redirects it. Moderators see and may use galleries and ambassadors only.
 */
import type { Role } from "../../../db/schema";

export const ADMIN_TABS = [
  "orders",
  "products",
  "users",
  "invitations",
  "discounts",
  "galleries",
  "ambassadors",
  "events",
  "emails",
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];

export const DEFAULT_ADMIN_TAB: AdminTab = "orders";

export const adminTabLabels: Record<AdminTab, string> = {
  orders: "Zamówienia",
  products: "Produkty",
  users: "Użytkownicy",
  invitations: "Zaproszenia",
  discounts: "Kody rabatowe",
  galleries: "Galerie",
  ambassadors: "Ambasadorzy",
  events: "Wydarzenia",
  emails: "E-maile",
};

/** Tabs rendered by the panel's index route through `?tab=`; the others have routes of their own. */
const QUERY_TABS: readonly AdminTab[] = ["orders", "products"];

/** Who may open each tab (ARCHITECTURE: moderators manage galleries and ambassadors only). */
export const adminTabRoles: Record<AdminTab, readonly Role[]> = {
  orders: ["admin"],
  products: ["admin"],
  users: ["admin"],
  invitations: ["admin"],
  discounts: ["admin"],
  galleries: ["admin", "moderator"],
  ambassadors: ["admin", "moderator"],
  events: ["admin"],
  emails: ["admin"],
};

/** The roles that may enter the panel at all. */
export const PANEL_ROLES: readonly Role[] = ["admin", "moderator"];

/** The tabs a user holding `roles` may open, in display order. */
export function tabsFor(roles: readonly Role[]): AdminTab[] {
  return ADMIN_TABS.filter((tab) => adminTabRoles[tab].some((role) => roles.includes(role)));
}

/** The tab named by `?tab=`, or the default one for a missing or unknown value. */
export function parseAdminTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.find((tab) => tab === value) ?? DEFAULT_ADMIN_TAB;
}

/** The URL of a tab of the panel. */
export function adminTabHref(tab: AdminTab) {
  return QUERY_TABS.includes(tab) ? `/admin?tab=${tab}` : `/admin/${tab}`;
}

/** Whether `?tab=` names a tab that lives on a route of its own (the panel redirects there). */
export function isRouteTab(tab: AdminTab) {
  return !QUERY_TABS.includes(tab);
}

/** The tab a panel URL shows: `/admin/products…` and `/admin/<tab>…` by path, `/admin` by `?tab=`. */
export function activeAdminTab(pathname: string, search: string): AdminTab {
  const segment = pathname.split("/")[2];
  const byPath = ADMIN_TABS.find((tab) => tab === segment);
  return byPath ?? parseAdminTab(new URLSearchParams(search).get("tab"));
}
