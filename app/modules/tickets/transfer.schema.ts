/**
 * "Przekaż bilet" (issue #40): the new holder's first and last name (the attendee's rules) and e-mail.
 * One schema for the browser's check and the action's.
 */
import { z } from "zod";
import { EMAIL_MAX } from "~/lib/email-limits";
import { attendeeSchema } from "./attendees";

export const TRANSFER_INTENT = "transfer";

export const transferMessages = {
  email: "Podaj poprawny adres e-mail nowej osoby z biletem.",
  invalidRequest: "Nie udało się przekazać biletu. Odśwież stronę i spróbuj ponownie.",
  failed: "Nie udało się przekazać biletu. Spróbuj ponownie za chwilę.",
  notFound: "Nie znaleziono tego biletu.",
  void: "Ten bilet został unieważniony i nie można go przekazać.",
  same: "Ten bilet ma już to imię, nazwisko i adres e-mail.",
  returned: "Ten bilet czeka na osobę z listy oczekujących. Aby go przekazać, najpierw wycofaj jego oddanie.",
  done: "Bilet przekazany",
} as const;

/** "Zmiana nazwiska była możliwa do 12 grudnia 2026, 20:00." */
export function transferClosedMessage(until: string) {
  return `Zmiana nazwiska była możliwa do ${until}.`;
}

export const transferSchema = attendeeSchema.extend({
  // A ticket id that is not a UUID names no ticket: answered as an unknown one (404), not a field error.
  ticketId: z.string().max(100).catch(""),
  email: z
    .string({ error: transferMessages.email })
    .trim()
    .max(EMAIL_MAX, { error: transferMessages.email, abort: true })
    .pipe(z.email({ error: transferMessages.email }))
    .transform((email) => email.toLowerCase()),
});

export type TransferInput = z.output<typeof transferSchema>;
