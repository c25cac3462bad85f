/** The orders tab's filter and page, kept in the URL (`/admin/orders?status=pending&page=2`). */

import type { OrderStatus } from "../../../db/schema";
import { ORDER_STATUSES } from "./order-status";

/** Orders per page of the orders tab. */
export const ORDERS_PAGE_SIZE = 20;

export type OrderFilters = { status: OrderStatus | null; page: number };

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = ORDER_STATUSES.find((candidate) => candidate === params.get("status")) ?? null;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { status, page: Number.isSafeInteger(page) && page > 0 && page < 100_000 ? page : 1 };
}

/** Where the order card's forms post: the orders tab's action. */
export const ORDERS_ACTION = "/admin/orders";

/** The orders tab's URL for a filter and page. */
export function ordersHref(status: OrderStatus | null, page = 1) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/orders?${search}` : "/admin/orders";
}

/** The export's URL for the current filter. */
export function ordersExportHref(status: OrderStatus | null) {
  return status ? `/admin/orders/export.csv?status=${status}` : "/admin/orders/export.csv";
}
