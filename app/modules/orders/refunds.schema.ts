/**
 * The refund request `refundOrder` accepts, checked again on the server whoever calls it (the panel's
 * dialog, a cancellation, a withdrawal): ids are uuids, quantities whole numbers ≥ 0, the reason one
 * to 500 characters without control characters. A refusal is the first issue's Polish message (400).
 * The panel's form (refund-form.schema.ts) builds on the line and the limits here and asks more of the
 * reason the admin types.
 */
import { z } from "zod";
import { MULTI_LINE } from "~/lib/form-fields.schema";
import { refundErrors } from "./refund-amounts";

export const refundRequestMessages = {
  invalidRequest: "Nieprawidłowe żądanie zwrotu",
  orderNotFound: "Zamówienie nie istnieje",
  reason: "Podaj powód zwrotu (najwyżej 500 znaków, bez znaków sterujących)",
} as const;

/** What `refundOrder` and the provider's answers refuse or note with, beside the request's own checks. */
export const refundMessages = {
  notPaid: "Zamówienie nie zostało opłacone — nie ma czego zwrócić",
  withdrawalClosed: "To odstąpienie od umowy zostało już rozliczone",
  withdrawalForeign: "To odstąpienie dotyczy innego zamówienia",
  concurrent: "Ktoś właśnie zwrócił część tego zamówienia. Odśwież stronę i sprawdź, co zostało do zwrotu.",
  providerRefused: "Operator płatności odrzucił zwrot",
  providerUnavailable: "Brak odpowiedzi operatora płatności — zwrot czeka na potwierdzenie",
} as const;

export const REFUND_REASON_MAX = 500;
/** More lines than any order has: a request beyond it is no one's honest request. */
export const REFUND_LINES_MAX = 100;

const uuid = z.uuid({ error: refundRequestMessages.invalidRequest });

/** One line of a refund: an order item and its units, a whole number 0–100 000 (0: not refunded). */
export const refundLineSchema = z.object({
  orderItemId: z.uuid({ error: refundErrors.foreignLine }),
  quantity: z
    .number({ error: refundErrors.quantity })
    .int(refundErrors.quantity)
    .min(0, refundErrors.quantity)
    .max(100_000, refundErrors.quantity),
});

export const refundRequestSchema = z.object({
  orderId: z.uuid({ error: refundRequestMessages.orderNotFound }),
  lines: z
    .array(refundLineSchema, { error: refundRequestMessages.invalidRequest })
    .max(REFUND_LINES_MAX, refundRequestMessages.invalidRequest),
  includeDelivery: z.boolean({ error: refundRequestMessages.invalidRequest }),
  reason: z
    .string({ error: refundRequestMessages.reason })
    .trim()
    .min(1, refundRequestMessages.reason)
    .max(REFUND_REASON_MAX, refundRequestMessages.reason)
    .regex(MULTI_LINE, refundRequestMessages.reason),
  restock: z.boolean({ error: refundRequestMessages.invalidRequest }),
  kind: z.enum(["manual", "cancellation", "withdrawal"], { error: refundRequestMessages.invalidRequest }),
  actorId: z.string().max(200).nullable(),
  withdrawalId: uuid.nullable().optional(),
});

export type RefundRequestInput = z.input<typeof refundRequestSchema>;
export type RefundRequestValue = z.output<typeof refundRequestSchema>;

/** The request checked, or the first problem as a Polish message and the field it is about. */
export function parseRefundRequest(
  input: unknown,
): { ok: true; value: RefundRequestValue } | { ok: false; message: string; field: string } {
  const parsed = refundRequestSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? "");
  return { ok: false, message: issue?.message ?? refundRequestMessages.invalidRequest, field };
}
