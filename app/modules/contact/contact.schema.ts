/**
 * The contact form (SPEC §5): one schema for the browser (Conform) and the server action. Every
 * message a visitor can see is Polish and listed in `contactMessages`.
 */
import { z } from "zod";
import { noControlChars, noControlCharsMultiline } from "~/lib/text-fields";

export const contactSubjects = ["product", "order", "complaint", "other"] as const;
export type ContactSubject = (typeof contactSubjects)[number];

export const contactSubjectLabels: Record<ContactSubject, string> = {
  product: "Pytanie o produkt",
  order: "Zamówienie",
  complaint: "Reklamacja",
  other: "Inne",
};

export const contactLimits = {
  nameMin: 2,
  nameMax: 100,
  emailMax: 255,
  orderNumberMax: 50,
  messageMin: 10,
  messageMax: 1000,
} as const;

export const contactMessages = {
  nameMin: "Imię musi mieć min. 2 znaki",
  nameMax: "Imię może mieć maks. 100 znaków",
  email: "Nieprawidłowy adres email",
  emailMax: "Adres email może mieć maks. 255 znaków",
  orderNumberMax: "Numer zamówienia może mieć maks. 50 znaków",
  subject: "Wybierz temat",
  messageMin: "Wiadomość musi mieć min. 10 znaków",
  messageMax: "Wiadomość może mieć maks. 1000 znaków",
  gdpr: "Musisz zaakceptować politykę prywatności",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
  /** Form-level: server failures, the honeypot, unreadable requests (SPEC §8). */
  failure: "Nie udało się wysłać wiadomości. Spróbuj ponownie.",
  /** Form-level summary after a server-side rejection of the fields. */
  invalid: "Nie udało się wysłać wiadomości. Popraw zaznaczone pola.",
  successTitle: "Wiadomość wysłana!",
  successDescription: "Odpowiemy najszybciej jak to możliwe.",
} as const;

/** Form-level message when a client sent too many messages; minutes rounded up. */
export function contactRateLimitMessage(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Wysłano zbyt wiele wiadomości. Spróbuj ponownie za ${minutes} min.`;
}

/** The contact page's one intent (the form's hidden field). */
export const CONTACT_INTENT = "contact";

/** Name of the hidden honeypot field: people never see or fill it; simple bots fill every field. */
export const HONEYPOT_FIELD = "homepage";

// Control characters (other than tab and line breaks in the message) never belong in a message;
// PostgreSQL refuses NUL outright. A plain character-class test: an anchored alternation regex here
// overflowed the stack on a multi-megabyte message (issue 14). Lengths are checked first and stop the
// field's checks (`abort`), so no character test ever scans an over-long value.

export const contactSchema = z.object({
  name: z
    .string({ error: contactMessages.nameMin })
    .trim()
    .min(contactLimits.nameMin, contactMessages.nameMin)
    .max(contactLimits.nameMax, { error: contactMessages.nameMax, abort: true })
    .refine(noControlChars, contactMessages.invalidCharacters),
  email: z
    .string({ error: contactMessages.email })
    .trim()
    .max(contactLimits.emailMax, contactMessages.emailMax)
    .pipe(z.email({ error: contactMessages.email })),
  orderNumber: z
    .string({ error: contactMessages.orderNumberMax })
    .trim()
    .max(contactLimits.orderNumberMax, { error: contactMessages.orderNumberMax, abort: true })
    .refine(noControlChars, contactMessages.invalidCharacters)
    .optional(),
  subject: z.enum(contactSubjects, { error: contactMessages.subject }),
  message: z
    .string({ error: contactMessages.messageMin })
    // Browsers submit line breaks as CRLF while the textarea counts them as one character.
    .overwrite((value) => value.replace(/\r\n?/g, "\n"))
    .trim()
    .min(contactLimits.messageMin, contactMessages.messageMin)
    .max(contactLimits.messageMax, { error: contactMessages.messageMax, abort: true })
    .refine(noControlCharsMultiline, contactMessages.invalidCharacters),
  gdpr: z
    .boolean({ error: contactMessages.gdpr })
    .refine((accepted) => accepted, { error: contactMessages.gdpr }),
});

export type ContactInput = z.infer<typeof contactSchema>;

/**
 * HTML attributes of the inputs (what is required, how long it may be). Written out because Conform's
 * `getZodConstraint` does not read zod 4.6's length checks. The form is `noValidate`: the browser never
 * shows its own (non-Polish) messages; these attributes tell assistive technology what is expected.
 */
export const contactConstraint = {
  name: { required: true, maxLength: contactLimits.nameMax },
  email: { required: true, maxLength: contactLimits.emailMax },
  orderNumber: { required: false, maxLength: contactLimits.orderNumberMax },
  subject: { required: true },
  message: { required: true, maxLength: contactLimits.messageMax },
  gdpr: { required: true },
};

/** Every message a visitor can be shown for this form (tests check answers against it). */
export const allContactMessages: ReadonlySet<string> = new Set<string>(Object.values(contactMessages));
