/**
 * The words and pure rules of the panel's Promocje tab (issue #28, decision 034): a sale's status at
 * an instant, its reduction, times and sizes as the list and the preview show them, and the shapes the
 * tab's components receive. Pure: no database, so the browser may import it.
 */
import { formatShortDate, formatTime } from "~/lib/dates";
import { formatPrice, toDecimalString } from "~/lib/money";
import { toWarsawLocal } from "~/lib/warsaw-time";
import type * as s from "../../../db/schema";
import type { SaleTerms } from "./sale-price";
import { type SaleFormDefaults, saleMessages, type saleStatusLabels } from "./sales.schema";

/** Ended sales stay on the list this long, labelled "Zakończona". */
export const ENDED_SALES_SHOWN_DAYS = 30;

export type SaleStatus = keyof typeof saleStatusLabels;

export type AdminSaleItem = { productId: string; productName: string; size: string | null };

export type AdminSale = {
  id: string;
  version: number;
  name: string;
  status: SaleStatus;
  statusLabel: string;
  scope: s.SaleScope;
  /** One line of what it covers: "Koszulka (wszystkie rozmiary)", "Koszulka: M, L", "Kategoria Odzież: 4 produkty". */
  coverage: string;
  items: AdminSaleItem[];
  /** "-20%" or "-15,00 zł". */
  reductionLabel: string;
  /** Warsaw time, "27.11.2026 00:00". */
  startsLabel: string;
  /** Warsaw time, or "bez końca". */
  endsLabel: string;
  /** It continues a sale changed while it ran. */
  continues: boolean;
  /** What the edit form opens with; null for an ended sale (it cannot be edited). */
  defaults: SaleFormDefaults | null;
};

/** A product as the sale form offers it: its sizes for the size checkboxes. */
export type SaleProductOption = {
  id: string;
  name: string;
  category: s.Category;
  isActive: boolean;
  priceLabel: string;
  variants: { id: string; label: string; surchargeLabel: string | null }[];
};

export type SalePreviewRow = {
  productId: string;
  variantId: string | null;
  productName: string;
  /** "M", "M, czarny", or "wszystkie" for a whole product. */
  size: string;
  regular: number;
  price: number;
  percentOff: number;
  regularLabel: string;
  priceLabel: string;
  /** For a whole product: its sizes with a surcharge, each priced. */
  note: string | null;
};

export type SalePreview = {
  rows: SalePreviewRow[];
  reductionLabel: string;
  startsLabel: string;
  endsLabel: string;
  /** The sale would start at once (a start in the past, or an edit of a running sale). */
  startsNow: boolean;
};

// ---------------------------------------------------------------------------------------------
// Labels
// ---------------------------------------------------------------------------------------------

/** "27.11.2026 00:00" in Warsaw time. */
export function moment(instant: Date) {
  return `${formatShortDate(instant)} ${formatTime(instant)}`;
}

export function endLabel(endsAt: Date | null) {
  return endsAt ? moment(endsAt) : saleMessages.noEnd;
}

export function reductionLabel(terms: SaleTerms) {
  return terms.reductionType === "percent" ? `-${terms.reduction}%` : `-${formatPrice(terms.reduction)}`;
}

/** "M" or "M, czarny". */
export function sizeName(variant: { size: string; color: string | null }) {
  return variant.color ? `${variant.size}, ${variant.color}` : variant.size;
}

/** Grosze as the form's field holds them: 1250 → "12,50". */
export function amountInput(grosze: number) {
  return toDecimalString(grosze).replace(".", ",");
}

export function saleStatus(sale: { startsAt: Date; endsAt: Date | null }, at: Date): SaleStatus {
  if (sale.endsAt && sale.endsAt <= at) return "ended";
  return sale.startsAt > at ? "planned" : "running";
}

/** A new sale's form: a percentage off one product, starting now (Warsaw time). */
export function newSaleDefaults(at: Date): SaleFormDefaults {
  return {
    name: "",
    scope: "product",
    productId: "",
    variantIds: [],
    category: "",
    reductionType: "percent",
    reduction: "",
    startsAt: toWarsawLocal(at),
    endsAt: "",
  };
}
