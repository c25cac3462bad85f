/**
 * Catalogue rules shared by the list, the product page and the cart (pure, unit-tested):
 * category names, stock labels, product badges, SKU and the instalment hint. The stock thresholds
 * (SPEC §4) and what a product has on sale are stock.ts's.
 */

import { pluralForm } from "~/lib/polish-plural";
import { isWithinDays } from "~/lib/within-days";
import type { Category } from "../../../db/schema";
import { LAST_ITEMS_BADGE_BELOW, STOCK_BAR_BELOW, STOCK_BAR_MAX } from "./stock";

export const CATEGORIES = ["clothing", "accessory", "stickers"] as const satisfies readonly Category[];

export const categoryLabels: Record<Category, string> = {
  clothing: "Odzież",
  accessory: "Akcesoria",
  stickers: "Naklejki",
};

/** The `?category=` value of /merch, or null for "Wszystko" (unknown values included). */
export function parseCategory(value: string | null | undefined): Category | null {
  return CATEGORIES.find((category) => category === value) ?? null;
}

/** Badge "Nowość" for products created within this many days. */
export const NEW_PRODUCT_DAYS = 30;

/** Polish plural of "sztuka" for a count (1 sztuka, 2–4 sztuki, 5+ sztuk, 12–14 sztuk). */
export function pluralizeSztuka(count: number) {
  return pluralForm(count, ["sztuka", "sztuki", "sztuk"]);
}

/** "1 produkt", "3 produkty", "12 produktów". */
export function productCountLabel(count: number) {
  return `${count} ${pluralForm(count, ["produkt", "produkty", "produktów"])}`;
}

export type StockTone = "green" | "yellow" | "red";

export type StockStatus = {
  /** `out` shows the unavailable box instead of the indicator. */
  level: "out" | "low" | "limited" | "available";
  stock: number;
  label: string;
  /** SPEC: above 10 green, 5 to 10 yellow, below 5 red. */
  tone: StockTone;
  /** The bar shows while stock is under 10; its fill is stock / 50. */
  showBar: boolean;
  barPercent: number;
};

/** The stock indicator of the product page (SPEC §4). */
export function stockStatus(stock: number): StockStatus {
  const units = Math.max(0, Math.floor(stock));
  const tone: StockTone =
    units > STOCK_BAR_BELOW ? "green" : units >= LAST_ITEMS_BADGE_BELOW ? "yellow" : "red";
  const barPercent = Math.min(100, Math.round((units / STOCK_BAR_MAX) * 100));
  const showBar = units > 0 && units < STOCK_BAR_BELOW;
  if (units === 0) return { level: "out", stock: 0, label: "Produkt niedostępny", tone, showBar, barPercent };
  if (units < LAST_ITEMS_BADGE_BELOW) {
    return {
      level: "low",
      stock: units,
      label: `Tylko ${units} ${pluralizeSztuka(units)} w magazynie!`,
      tone,
      showBar,
      barPercent,
    };
  }
  if (units < STOCK_BAR_BELOW) {
    return { level: "limited", stock: units, label: `${units} sztuk dostępnych`, tone, showBar, barPercent };
  }
  return { level: "available", stock: units, label: "Dostępny", tone, showBar, barPercent };
}

export type ProductBadge = { kind: "new" | "bestseller" | "last-pieces"; label: string };

/**
 * Badges of a product: "Nowość" when created within 30 days, "Bestseller" when featured,
 * "Ostatnie sztuki" when its available stock is 1–4. `now` is a parameter so server and client agree.
 */
export function productBadges(
  product: { createdAt: Date | string; featured: boolean },
  availableStock: number,
  now: Date | string | number = new Date(),
): ProductBadge[] {
  const badges: ProductBadge[] = [];
  if (isWithinDays(product.createdAt, NEW_PRODUCT_DAYS, now)) badges.push({ kind: "new", label: "Nowość" });
  if (product.featured) badges.push({ kind: "bestseller", label: "Bestseller" });
  if (availableStock > 0 && availableStock < LAST_ITEMS_BADGE_BELOW) {
    badges.push({ kind: "last-pieces", label: "Ostatnie sztuki" });
  }
  return badges;
}

/** Short SKU: the first 8 characters of the id, upper case. */
export function shortSku(id: string) {
  return id.slice(0, 8).toUpperCase();
}

/** One of three 0% instalments, in grosze (rounded to the nearest grosz). */
export function instalmentAmount(price: number) {
  return Math.round(price / 3);
}

/** The variant preselected on the product page: the first one with stock (in display order), else none. */
export function firstAvailableVariant<T extends { stockQuantity: number }>(variants: T[]): T | null {
  return variants.find((variant) => variant.stockQuantity > 0) ?? null;
}
