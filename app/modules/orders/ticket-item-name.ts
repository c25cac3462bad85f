import type { CheckoutTicketLine } from "../../../db/schema";

/** "Bilet: NOKTURN 12.12 — Pula 2", the order line's name of a ticket type (issue #40). */
export function ticketItemName(line: Pick<CheckoutTicketLine, "nightTitle" | "name">) {
  return `Bilet: ${line.nightTitle} — ${line.name}`;
}
