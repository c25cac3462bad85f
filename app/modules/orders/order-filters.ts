/** The orders tab's filter and page, kept in the URL (`/admin?tab=orders&status=pending&page=2`). */

import { ORDER_STATUSES } from "~/modules/orders/order-status";
import type { OrderStatus } from "../../../db/schema";

/** Orders per page of the orders tab. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

export type OrderFilters = { status: OrderStatus | null; page: number };

export function parseOrderFilters(params: URLSearchParams): OrderFilters {
  const status = ORDER_STATUSES.find((candidate) => candidate === params.get("status")) ?? null;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return { status, page: Number.isSafeInteger(page) && page > 0 && page < 100_000 ? page : 1 };
}

/** The export's URL for the current filter. */
export function ordersExportHref(status: OrderStatus | null) {
  return status ? `/admin/orders/export.csv?status=${status}` : "/admin/orders/export.csv";
}
