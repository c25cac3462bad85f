/**
 * Filters of the products list (SPEC §2): name text, category, status and stock, kept in the URL so a
 * filtered list can be linked and survives a reload. Pure: shared by the loader and the filter bar.
 */

import type { Category } from "../../../db/schema";
import { CATEGORIES } from "./catalog";
import { PANEL_LOW_STOCK_AT_MOST } from "./stock";

export const STOCK_FILTERS = ["in_stock", "low_stock", "sold_out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const STATUS_FILTERS = ["active", "inactive"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

// The stock filters match the badges one to one (SPEC §4: 0 sold out, PANEL_LOW_STOCK_AT_MOST or fewer
// low, above it in stock), so filtering by a badge shows exactly the rows wearing it.

export type ProductFilters = {
  q: string;
  category: Category | null;
  status: StatusFilter | null;
  stock: StockFilter | null;
};

export const statusFilterLabels: Record<StatusFilter, string> = {
  active: "Aktywne",
  inactive: "Nieaktywne",
};

export const stockFilterLabels: Record<StockFilter, string> = {
  in_stock: `W magazynie (powyżej ${PANEL_LOW_STOCK_AT_MOST})`,
  low_stock: `Niski stan (1–${PANEL_LOW_STOCK_AT_MOST})`,
  sold_out: "Wyprzedane (0)",
};

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return values.find((candidate) => candidate === value) ?? null;
}

export function parseProductFilters(params: URLSearchParams): ProductFilters {
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    category: oneOf(CATEGORIES, params.get("category")),
    status: oneOf(STATUS_FILTERS, params.get("status")),
    stock: oneOf(STOCK_FILTERS, params.get("stock")),
  };
}

export function hasActiveFilters(filters: ProductFilters) {
  return Boolean(filters.q || filters.category || filters.status || filters.stock);
}

export type StockBadge = {
  label: "Wyprzedane" | "Niski stan" | "W magazynie";
  tone: "danger" | "warning" | "success";
};

/** SPEC §4: 0 'Wyprzedane', 10 or fewer 'Niski stan', above 10 'W magazynie'. */
export function stockBadge(stock: number): StockBadge {
  if (stock <= 0) return { label: "Wyprzedane", tone: "danger" };
  if (stock <= PANEL_LOW_STOCK_AT_MOST) return { label: "Niski stan", tone: "warning" };
  return { label: "W magazynie", tone: "success" };
}
