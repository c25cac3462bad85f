import type { OrderStatus } from "../../../db/schema";

export const ORDER_STATUSES = [
  "pending",
  "processing",
  "completed",
  "cancelled",
] as const satisfies readonly OrderStatus[];

/** Labels customers see (SPEC §4). */
export const customerStatusLabels: Record<OrderStatus, string> = {
  pending: "Oczekuje",
  processing: "W trakcie",
  completed: "Zrealizowane",
  cancelled: "Anulowane",
};

/** Labels in the admin panel (SPEC §4). */
export const adminStatusLabels: Record<OrderStatus, string> = {
  pending: "Oczekujące",
  processing: "W trakcie",
  completed: "Ukończone",
  cancelled: "Anulowane",
};

/** A customer label, or the raw status when it is not one we know (SPEC: unknown shown as raw text). */
export function customerStatusLabel(status: string) {
  return (customerStatusLabels as Record<string, string>)[status] ?? status;
}

/** "produkt" for one item, otherwise "produkty" (SPEC §2 Orders). */
export function itemCountLabel(count: number) {
  return `${count} ${count === 1 ? "produkt" : "produkty"}`;
}
