/**
 * An order's refunds as every view shows them (the panel's order card, the account's order dialog, the
 * guest's order page): kind, amount, lines, delivery, reason, when, status — and in the panel who.
 */
import type { RefundKind, RefundLine, RefundStatus } from "../../../db/schema";

export type RefundHistoryEntry = {
  id: string;
  kind: RefundKind;
  status: RefundStatus;
  /** Grosze given back in all (lines + delivery). */
  amount: number;
  /** Of which the delivery cost. */
  deliveryAmount: number;
  lines: RefundLine[];
  reason: string;
  restocked: boolean;
  createdAt: string;
  /** `createdAt` as shown ("17 stycznia 2026, 23:00"), worded on the server (no date code in the page). */
  createdLabel: string;
  /** Who refunded (the panel only; customers see the shop). Null for the shop's automatic refunds. */
  actor: string | null;
};

export const refundKindLabels: Record<RefundKind, string> = {
  manual: "Zwrot pieniędzy",
  cancellation: "Anulowanie zamówienia",
  withdrawal: "Odstąpienie od umowy",
  sold_out: "Brak towaru — zwrot automatyczny",
};

export const refundStatusLabels: Record<RefundStatus, string> = {
  pending: "W toku",
  succeeded: "Zwrócono",
  failed: "Nieudany",
};

/** What the refunds gave back, counting those under way and leaving the failed ones out. */
export function refundedTotal(entries: readonly Pick<RefundHistoryEntry, "amount" | "status">[]) {
  return entries.reduce((sum, entry) => (entry.status === "failed" ? sum : sum + entry.amount), 0);
}

/** "Koszulka NOKTURN Logo (M) × 2" for one refunded line. */
export function refundLineLabel(line: Pick<RefundLine, "name" | "size" | "quantity">) {
  const name = line.name || "Produkt";
  return `${line.size ? `${name} (${line.size})` : name} × ${line.quantity}`;
}
