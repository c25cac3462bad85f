/**
 * The customer's "Odstąp od umowy" form (order page, signed in or through the private link) and the
 * panel's refund of an open withdrawal. One schema each, used by the browser (Conform) and the action.
 */
import { z } from "zod";
import { MULTI_LINE } from "~/lib/form-fields.schema";
import { withdrawalMessages } from "./withdrawal-window";

export const WITHDRAWAL_NOTE_MAX = 1000;
export const WITHDRAWAL_MAX_LINES = 100;

/** The statement the customer confirms (art. 27 of the consumer rights act; the model form's words). */
export const WITHDRAWAL_STATEMENT =
  "Oświadczam, że odstępuję od umowy sprzedaży wybranych produktów z tego zamówienia.";

export const withdrawalSchema = z.object({
  intent: z.literal("withdraw", { error: withdrawalMessages.invalidRequest }),
  lines: z
    .array(
      z.object({
        orderItemId: z.uuid({ error: withdrawalMessages.foreignLine }),
        quantity: z.coerce
          .number({ error: withdrawalMessages.noLines })
          .int(withdrawalMessages.noLines)
          .min(0, withdrawalMessages.noLines)
          .max(999, withdrawalMessages.noLines)
          .default(0),
      }),
      { error: withdrawalMessages.noLines },
    )
    .min(1, withdrawalMessages.noLines)
    .max(WITHDRAWAL_MAX_LINES, withdrawalMessages.invalidRequest)
    .refine((lines) => lines.some((line) => line.quantity > 0), withdrawalMessages.noLines),
  note: z
    .string()
    .trim()
    .max(WITHDRAWAL_NOTE_MAX, withdrawalMessages.note)
    .regex(MULTI_LINE, withdrawalMessages.invalidRequest)
    .optional(),
  statement: z.literal("on", { error: withdrawalMessages.statement }),
});

export type WithdrawalInput = z.output<typeof withdrawalSchema>;

export const refundWithdrawalMessages = {
  refunded: "Pieniądze zostały zwrócone, odstąpienie zamknięte",
  pending: "Zwrot zlecony operatorowi płatności, odstąpienie zamknięte",
  refundedBefore: "Te produkty zostały już zwrócone wcześniej (Zwrot pieniędzy) — odstąpienie zamknięte",
  providerFailed: "Operator płatności odrzucił zwrot — spróbuj ponownie później",
  failed: "Nie udało się zwrócić pieniędzy",
  notFound: "To odstąpienie nie istnieje albo zostało już zamknięte",
  invalidRequest: "Nieprawidłowe żądanie",
  loadFailed: "Nie udało się wczytać odstąpień od umowy",
} as const;

export const refundWithdrawalSchema = z.object({
  intent: z.literal("refund-withdrawal"),
  withdrawalId: z.uuid({ error: refundWithdrawalMessages.invalidRequest }),
  includeDelivery: z.literal("on").optional(),
  restock: z.literal("on").optional(),
});

/** The admin's record of the day the parcel reached the customer (the withdrawal window starts then). */
export const deliveredMessages = {
  saved: "Zapisano datę doręczenia",
  failed: "Nie udało się zapisać daty doręczenia",
  date: "Podaj datę doręczenia",
  future: "Data doręczenia nie może być w przyszłości",
  beforeOrder: "Data doręczenia nie może być wcześniejsza niż data zamówienia",
  cancelled: "Anulowane zamówienie nie może zostać doręczone",
} as const;

export const deliveredSchema = z.object({
  intent: z.literal("set-delivered"),
  orderId: z.uuid({ error: refundWithdrawalMessages.invalidRequest }),
  deliveredOn: z
    .string({ error: deliveredMessages.date })
    .regex(/^\d{4}-\d{2}-\d{2}$/, deliveredMessages.date),
});
