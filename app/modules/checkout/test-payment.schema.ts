import { z } from "zod";
import { CONTROL_CHARS_MESSAGE, noControlChars } from "~/lib/text-fields";

export const TEST_PAYMENT_EXPIRED = "Sesja płatności wygasła. Wróć do koszyka i spróbuj ponownie.";
export const TEST_PAYMENT_INVALID = "Popraw zaznaczone pola.";
export const TEST_PAYMENT_FAILED = "Nie udało się zapisać płatności. Spróbuj ponownie.";
export const TEST_PAYMENT_DONE = "Płatność przyjęta";
export const TEST_PAYMENT_CANCELLED = "Płatność anulowana";

/** The payer's e-mail must be the one given in the cart when the checkout was started with one. */
export function lockedEmailMessage(email: string) {
  return `Zapłać adresem e-mail podanym w koszyku: ${email}`;
}

/** The built-in test payment page: who pays and where the parcel goes. */
export const testPaymentSchema = z.object({
  email: z.email("Nieprawidłowy adres email").max(255, "Adres email jest za długi"),
  name: z
    .string("Podaj imię i nazwisko")
    .refine(noControlChars, CONTROL_CHARS_MESSAGE)
    .trim()
    .min(3, "Podaj imię i nazwisko")
    .max(100, "Imię i nazwisko może mieć maksymalnie 100 znaków"),
  address: z
    .string("Podaj adres")
    .refine(noControlChars, CONTROL_CHARS_MESSAGE)
    .trim()
    .min(3, "Podaj adres")
    .max(200, "Adres może mieć maksymalnie 200 znaków"),
  postalCode: z
    .string("Podaj kod pocztowy")
    .refine(noControlChars, CONTROL_CHARS_MESSAGE)
    .trim()
    .regex(/^\d{2}-\d{3}$/, "Kod pocztowy w formacie 00-000"),
  city: z
    .string("Podaj miasto")
    .refine(noControlChars, CONTROL_CHARS_MESSAGE)
    .trim()
    .min(2, "Podaj miasto")
    .max(100, "Nazwa miasta może mieć maksymalnie 100 znaków"),
});

export type TestPayment = z.infer<typeof testPaymentSchema>;
