/**
 * The orders export (beyond SPEC): one row per order, items in one cell, amounts as Polish decimals,
 * with what was refunded and what the shop kept.
 */

import { toCsv } from "~/lib/csv";
import { toDecimalString } from "~/lib/money";
import { warsawParts } from "~/lib/warsaw-time";
import { deliveryOptions } from "~/modules/cart/delivery";
import { adminStatusLabels } from "./order-status";
import type { PanelOrder } from "./panel-orders.server";

/** "129,90": an amount a Polish spreadsheet reads as a number (no currency sign, decimal comma). */
export function csvAmount(grosze: number) {
  return toDecimalString(grosze).replace(".", ",");
}

/** "2026-01-17 23:05" in Polish time: sortable, and read as a date by spreadsheets. */
export function csvDateTime(iso: string) {
  const p = warsawParts(iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export const ORDERS_CSV_HEADER = [
  "Numer",
  "Data",
  "Status",
  "E-mail",
  "Imię i nazwisko",
  "Telefon",
  "Dostawa",
  "Adres dostawy",
  "Produkty",
  "Wartość produktów (zł)",
  "Rabat (zł)",
  "Kod rabatowy",
  "Koszt dostawy (zł)",
  "Razem (zł)",
  "Zwrócono (zł)",
  "Po zwrotach (zł)",
  "Numer przesyłki",
  "Identyfikator",
] as const;

export function itemsCell(order: Pick<PanelOrder, "items">) {
  return order.items
    .map((item) => {
      const name = item.size ? `${item.productName} (${item.size})` : item.productName;
      return `${name} × ${item.quantity} à ${csvAmount(item.pricePerUnit)}`;
    })
    .join(" | ");
}

export function ordersCsv(
  orders: readonly Pick<
    PanelOrder,
    | "number"
    | "createdAt"
    | "status"
    | "customerEmail"
    | "customerName"
    | "customerPhone"
    | "deliveryMethod"
    | "addressLines"
    | "items"
    | "subtotal"
    | "discountAmount"
    | "discountCode"
    | "deliveryCost"
    | "totalAmount"
    | "refundedAmount"
    | "trackingNumber"
    | "id"
  >[],
) {
  return toCsv(
    ORDERS_CSV_HEADER,
    orders.map((order) => [
      order.number,
      csvDateTime(order.createdAt),
      adminStatusLabels[order.status],
      order.customerEmail,
      order.customerName,
      order.customerPhone,
      deliveryOptions[order.deliveryMethod].label,
      order.addressLines.join(", "),
      itemsCell(order),
      csvAmount(order.subtotal),
      csvAmount(order.discountAmount),
      order.discountCode,
      csvAmount(order.deliveryCost),
      csvAmount(order.totalAmount),
      csvAmount(order.refundedAmount),
      csvAmount(order.totalAmount - order.refundedAmount),
      order.trackingNumber,
      order.id,
    ]),
  );
}

/** "zamowienia-2026-01-17.csv" or "zamowienia-anulowane-2026-01-17.csv". */
export function ordersCsvFilename(statusLabel: string | null, now = new Date()) {
  const day = csvDateTime(now.toISOString()).slice(0, 10);
  const suffix = statusLabel
    ? `-${statusLabel
        .toLowerCase()
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .replace(/ł/g, "l")
        .replace(/[^a-z0-9]+/g, "-")}`
    : "";
  return `zamowienia${suffix}-${day}.csv`;
}
