/**
 * The names on tickets (issue #40): each ticket carries its attendee's first and last name, checked at
 * the door against an ID. Pure and zod-only, so the cart's form, its action and the checkout share it.
 */
import { z } from "zod";
import { noControlChars } from "~/lib/text-fields";
import type { Attendee } from "../../../db/schema";

export type { Attendee };

export const ATTENDEE_NAME_MAX = 80;
/** Tickets of one type in one order (a type's own max per order is lower or equal). */
export const MAX_TICKETS_PER_LINE = 20;

export const attendeeMessages = {
  firstName: "Podaj imię osoby z biletem.",
  lastName: "Podaj nazwisko osoby z biletem.",
  tooLong: `Imię i nazwisko mogą mieć najwyżej ${ATTENDEE_NAME_MAX} znaków.`,
  control: "Imię i nazwisko nie mogą zawierać znaków sterujących.",
  missing: "Uzupełnij imię i nazwisko na każdym bilecie.",
  adult: "Potwierdź, że każda osoba z biletem ma ukończone 18 lat.",
} as const;

/** One part of a name as typed: trimmed, inner runs of spaces made one, 1–80 characters, one line. */
const namePart = (required: string) =>
  z
    .string({ error: required })
    .refine(noControlChars, { message: attendeeMessages.control })
    .transform((value) => value.trim().replace(/\s+/g, " "))
    // The error for undefined too: Conform's coercion turns the trimmed "" into undefined before this check.
    .pipe(z.string({ error: required }).min(1, required).max(ATTENDEE_NAME_MAX, attendeeMessages.tooLong));

export const attendeeSchema = z.object({
  firstName: namePart(attendeeMessages.firstName),
  lastName: namePart(attendeeMessages.lastName),
});

/** "Anna Nowak" as printed on the ticket. */
export function attendeeName(attendee: Attendee) {
  return `${attendee.firstName} ${attendee.lastName}`;
}

/** Whether every one of `quantity` tickets has a valid name. */
export function attendeesComplete(attendees: readonly Attendee[], quantity: number) {
  return (
    attendees.length >= quantity &&
    attendees.slice(0, quantity).every((attendee) => attendeeSchema.safeParse(attendee).success)
  );
}
