/**
 * The tabs of /admin (SPEC §2 Admin panel). Every tab is a route of its own (`/admin/orders`,
 * `/admin/products`, `/admin/discounts`, …) with its own loader and action, so it can be linked and
 * survives a reload — see decision 009. `/admin` sends the user to their first tab, and old
 * `/admin?tab=…` links still work: the panel's entry redirects them. Moderators see and may use
 * galleries and ambassadors only.
 */
import type { Role } from "../../../db/schema";

export const ADMIN_TABS = [
  "dashboard",
  "orders",
  "products",
  "sales",
  "users",
  "invitations",
  "discounts",
  "galleries",
  "ambassadors",
  "events",
  "emails",
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];

export const adminTabLabels: Record<AdminTab, string> = {
  dashboard: "Pulpit",
  orders: "Zamówienia",
  products: "Produkty",
  sales: "Promocje",
  users: "Użytkownicy",
  invitations: "Zaproszenia",
  discounts: "Kody rabatowe",
  galleries: "Galerie",
  ambassadors: "Ambasadorzy",
  events: "Wydarzenia",
  emails: "E-maile",
};

/** Who may open each tab (ARCHITECTURE: moderators manage galleries and ambassadors only). */
export const adminTabRoles: Record<AdminTab, readonly Role[]> = {
  // The panel opens on it for admins (issue #41): the shop's money is the admins' only.
  dashboard: ["admin"],
  orders: ["admin"],
  products: ["admin"],
  // Sales change what the shop charges: the products tab's roles.
  sales: ["admin"],
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

/** The tab named by an old link's `?tab=`, or null for a missing or unknown value. */
export function parseAdminTab(value: string | null | undefined): AdminTab | null {
  return ADMIN_TABS.find((tab) => tab === value) ?? null;
}

/** The URL of a tab of the panel. */
export function adminTabHref(tab: AdminTab) {
  return `/admin/${tab}`;
}

/** The tab a panel URL shows (`/admin/<tab>…`), or null on `/admin` itself (it only redirects). */
export function activeAdminTab(pathname: string): AdminTab | null {
  const segment = pathname.split("/")[2];
  return ADMIN_TABS.find((tab) => tab === segment) ?? null;
}
