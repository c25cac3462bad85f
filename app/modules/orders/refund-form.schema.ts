/**
 * The panel's "Zwrot pieniędzy" form and the paid order's cancellation with a full refund: one schema
 * each, used by the refund dialog (Conform) and the orders tab's action alike. The amount is never
 * sent: the server prices the chosen lines from the order (`priceRefund`), as the dialog shows it.
 */
import { z } from "zod";
import { DomainError } from "~/lib/domain-error";
import { MULTI_LINE } from "~/lib/form-fields.schema";
import { priceRefund, type RefundQuote, refundErrors } from "./refund-amounts";
import {
  REFUND_LINES_MAX,
  REFUND_REASON_MAX,
  refundLineSchema,
  refundRequestMessages,
} from "./refunds.schema";

export const refundMessages = {
  refunded: "Zwrot pieniędzy został zlecony",
  failed: "Nie udało się zwrócić pieniędzy",
  cancelledWithRefund: "Zamówienie anulowane, pieniądze zwrócone",
  cancelFailed: "Nie udało się anulować zamówienia ze zwrotem",
  invalidRequest: refundRequestMessages.invalidRequest,
  quantity: refundErrors.quantity,
  nothingChosen: refundErrors.nothingChosen,
  duplicateLine: refundErrors.duplicateLine,
  reason: "Podaj powód zwrotu",
  reasonTooLong: `Powód zwrotu może mieć najwyżej ${REFUND_REASON_MAX} znaków`,
  reasonCharacters: "Usuń niedozwolone znaki sterujące z powodu zwrotu",
  notPaid: "Zamówienie nie zostało opłacone — nie ma czego zwrócić",
  cancelRefundFailed: "Operator płatności odrzucił zwrot — zamówienie nie zostało anulowane",
  refundedCannotReactivate:
    "Pieniądze za to zamówienie zostały zwrócone — nie można go przywrócić. Klient musi złożyć nowe zamówienie",
  paidCancelNeedsRefund:
    "Opłacone zamówienie anuluj przyciskiem „Anuluj ze zwrotem”: pieniądze trzeba oddać klientowi",
} as const;

/** The reason stored with a cancellation's refund when the admin gives none. */
export const CANCELLATION_REASON = "Anulowanie zamówienia przez sklep";

const orderId = z.uuid({ error: refundMessages.invalidRequest });

/** What the admin types: the domain's limits, at least 3 characters, a message for each problem. */
const reason = z
  .string({ error: refundMessages.reason })
  .trim()
  .min(3, refundMessages.reason)
  .max(REFUND_REASON_MAX, refundMessages.reasonTooLong)
  .regex(MULTI_LINE, refundMessages.reasonCharacters);

export const refundSchema = z
  .object({
    intent: z.literal("refund"),
    orderId,
    lines: z.array(refundLineSchema).max(REFUND_LINES_MAX, refundMessages.invalidRequest).default([]),
    includeDelivery: z.boolean().optional().default(false),
    restock: z.boolean().optional().default(false),
    reason,
  })
  .superRefine((value, context) => {
    const ids = value.lines.map((line) => line.orderItemId);
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: "custom", path: ["lines"], message: refundMessages.duplicateLine });
    }
    if (!value.includeDelivery && !value.lines.some((line) => line.quantity > 0)) {
      context.addIssue({ code: "custom", path: ["lines"], message: refundMessages.nothingChosen });
    }
  });

export type RefundFormValue = z.output<typeof refundSchema>;

/** "Anuluj ze zwrotem": cancels a paid order, refunds what remains of it and gives its stock back. */
export const cancelWithRefundSchema = z.object({
  intent: z.literal("cancel-refund"),
  orderId,
  reason: reason.optional(),
});

export const refundConstraint = {
  reason: { required: true, minLength: 3, maxLength: REFUND_REASON_MAX },
};

/** Only the lines the admin chose (quantity above 0) go to the refund. */
export function chosenLines(lines: RefundFormValue["lines"]) {
  return lines.filter((line) => line.quantity > 0);
}

export type RefundPreview = { amount: number; error: null } | { amount: null; error: string | null };

/**
 * What the dialog shows while the admin chooses: the amount the typed quantities and the delivery come
 * to (the same `priceRefund` the server charges with), or why they cannot be refunded; amount and
 * error both null while nothing is chosen yet.
 */
export function livePrice(
  quote: RefundQuote,
  quantities: Readonly<Record<string, string>>,
  includeDelivery: boolean,
): RefundPreview {
  const lines = quote.lines.map((line) => {
    const typed = (quantities[line.orderItemId] ?? "").trim();
    return { orderItemId: line.orderItemId, quantity: typed === "" ? 0 : Number(typed) };
  });
  if (!includeDelivery && lines.every((line) => line.quantity === 0)) return { amount: null, error: null };
  try {
    return { amount: priceRefund(quote, { lines, includeDelivery }).amount, error: null };
  } catch (error) {
    if (error instanceof DomainError) return { amount: null, error: error.message };
    throw error;
  }
}
