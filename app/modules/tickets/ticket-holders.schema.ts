/**
 * The holders' forms on a night's "Bilety" page (issue #40): resend a ticket, void one (a reason
 * always, a refund or not), cancel the night (its title typed as the confirmation). One schema each,
 * shared by the browser (Conform) and the action; the Polish messages every answer uses.
 */
import { z } from "zod";
import { SINGLE_LINE } from "~/lib/form-fields.schema";

export const VOID_REASON_MAX = 200;

export const holderMessages = {
  invalidRequest: "Nieprawidłowe żądanie. Odśwież stronę i spróbuj ponownie.",
  ticketNotFound: "Nie znaleziono biletu tej nocy",
  notValid: "Ten bilet jest unieważniony",
  reasonRequired: "Podaj powód unieważnienia",
  reasonMax: `Powód może mieć maksymalnie ${VOID_REASON_MAX} znaków`,
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  resent: (email: string) => `Bilet wysłany ponownie na ${email}`,
  resendFailed: "Nie udało się wysłać biletu ponownie",
  resendLimit: "Ten bilet wysłano już 3 razy w ciągu godziny. Spróbuj później.",
  voided: "Bilet unieważniony",
  voidedRefunded: "Bilet unieważniony, zwrot pieniędzy zlecony",
  voidRefundFailed: "Bilet unieważniony, ale operator płatności odrzucił zwrot — sprawdź zamówienie",
  voidFailed: "Nie udało się unieważnić biletu",
  voidConfirm: "Czy na pewno chcesz unieważnić ten bilet?",
  cancelConfirmTitle: "Wpisz dokładnie tytuł wydarzenia, aby je odwołać",
  cancelled: (refunded: number) =>
    refunded > 0
      ? `Wydarzenie odwołane. Zlecono zwrot za ${refunded} bil.`
      : "Wydarzenie odwołane. Nie było biletów do zwrotu.",
  cancelledWithFailures: (failed: number) =>
    `Wydarzenie odwołane, ale ${failed} zwrot(y) nie powiodły się. Uruchom odwołanie ponownie, aby je ponowić.`,
  cancelFailed: "Nie udało się odwołać wydarzenia",
  cancelReason: "Wydarzenie odwołane",
} as const;

const ticketId = z.uuid({ error: holderMessages.ticketNotFound });

/** "Wyślij ponownie" of one ticket. */
export const ticketResendSchema = z.object({ ticketId });

/** "Unieważnij" of one ticket: the reason (kept on the ticket and the refund), with its money back or not. */
export const ticketVoidSchema = z.object({
  ticketId,
  reason: z
    .string({ error: holderMessages.reasonRequired })
    .trim()
    .min(1, holderMessages.reasonRequired)
    .max(VOID_REASON_MAX, holderMessages.reasonMax)
    .regex(SINGLE_LINE, holderMessages.invalidCharacters),
  // A checkbox: "on" when ticked, absent when not.
  refund: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

/** "Odwołaj wydarzenie": the title typed again (compared with the night's own on the server). */
export const nightCancelSchema = z.object({
  confirmTitle: z
    .string({ error: holderMessages.cancelConfirmTitle })
    .trim()
    .min(1, holderMessages.cancelConfirmTitle)
    .max(300, holderMessages.cancelConfirmTitle),
});

/** Whether the typed title confirms the night's (spaces at the ends and case ignored). */
export function titleConfirms(typed: string, title: string) {
  return typed.trim().toLocaleLowerCase("pl") === title.trim().toLocaleLowerCase("pl");
}
