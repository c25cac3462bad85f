/**
 * The order card's forms: the status selector and the shipping notification dialog. One schema each,
 * used by the browser (Conform) and the action alike, and the orders tab's texts.
 */
import { z } from "zod";
import type { FormActionResult } from "~/lib/form-action.server";
import { ORDER_STATUSES } from "./order-status";

export const orderActionMessages = {
  statusUpdated: "Status zamówienia został zaktualizowany",
  statusFailed: "Błąd aktualizacji statusu",
  loadFailed: "Błąd pobierania zamówień",
  notFound: "Zamówienie nie istnieje",
  shippingQueued: "Powiadomienie o wysyłce zostało wysłane",
  shippingFailed: "Nie udało się wysłać powiadomienia o wysyłce",
  shippingCancelled: "Nie można wysłać powiadomienia o wysyłce anulowanego zamówienia",
  status: "Wybierz status",
  trackingNumber: "Podaj numer przesyłki",
  trackingNumberFormat: "Numer przesyłki może zawierać tylko litery, cyfry, spacje i myślniki (4–64 znaki)",
  trackingUrl: "Podaj poprawny link (https://…)",
  invalidRequest: "Nieprawidłowe żądanie",
} as const;

const orderId = z.uuid({ error: orderActionMessages.invalidRequest });

export const orderStatusSchema = z.object({
  intent: z.literal("set-status"),
  orderId,
  status: z.enum(ORDER_STATUSES, { error: orderActionMessages.status }),
});

export const shippingNotificationSchema = z.object({
  intent: z.literal("ship"),
  orderId,
  trackingNumber: z
    .string({ error: orderActionMessages.trackingNumber })
    .trim()
    .min(1, orderActionMessages.trackingNumber)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]{2,62}[\p{L}\p{N}]$/u, orderActionMessages.trackingNumberFormat),
  trackingUrl: z
    .string()
    .trim()
    .max(500, orderActionMessages.trackingUrl)
    .pipe(z.url({ protocol: /^https?$/, error: orderActionMessages.trackingUrl }))
    .optional(),
});

export const shippingConstraint = {
  trackingNumber: { required: true, minLength: 4, maxLength: 64 },
  trackingUrl: { required: false, maxLength: 500 },
};

/** What the orders tab's action answers (toasts; `result` feeds Conform's form). */
export type OrderActionResult = FormActionResult<{
  stockReturned: boolean;
  stockTaken: boolean;
  /** The refund's amount in grosze (refund and cancel-refund intents). */
  amount: number;
  /** The provider refused the refund: nothing was given back. */
  refundFailed: boolean;
}>;
