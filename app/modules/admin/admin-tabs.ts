/**
 * The tabs of /admin (SPEC §2 Admin panel). The active tab lives in the URL (`/admin?tab=orders`) so it
 * can be linked and survives a reload. Part 1 builds orders and products; the rest show a 'wkrótce'
 * panel until part 2 fills them.
 */

export const ADMIN_TABS = [
  "orders",
  "products",
  "users",
  "invitations",
  "discounts",
  "galleries",
  "ambassadors",
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
  emails: "E-maile",
};

/** The tab named by `?tab=`, or the default one for a missing or unknown value. */
export function parseAdminTab(value: string | null | undefined): AdminTab {
  return ADMIN_TABS.find((tab) => tab === value) ?? DEFAULT_ADMIN_TAB;
}

/** The URL of a tab of the panel. */
export function adminTabHref(tab: AdminTab) {
  return `/admin?tab=${tab}`;
}
