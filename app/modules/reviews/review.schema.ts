/** The review form (SPEC §5): rating 1–5 (default 5), comment 10–1000 characters. Browser and server alike. */
import { z } from "zod";
import { noControlCharsMultiline } from "~/lib/text-fields";

// In the browser zod must not probe `new Function` (its JIT): our CSP forbids eval and the probe is
// reported as a violation (Lighthouse "Issues logged"). Must run before the first z.object() below.
if (typeof document !== "undefined") z.config({ jitless: true });

export const REVIEW_MIN_LENGTH = 10;
export const REVIEW_MAX_LENGTH = 1000;
export const DEFAULT_RATING = 5;
export const REVIEW_CONTROL_CHARS_MESSAGE = "Opinia zawiera niedozwolone znaki sterujące";

/**
 * Characters as the database counts them (`char_length`: code points, not UTF-16 units), with the
 * browser's CRLF line breaks counted once.
 */
export function reviewLength(text: string) {
  return [...normalizeComment(text)].length;
}

export function normalizeComment(text: string) {
  return text.replace(/\r\n?/g, "\n").trim();
}

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: "Wybierz ocenę od 1 do 5" })
    .int("Wybierz ocenę od 1 do 5")
    .min(1, "Wybierz ocenę od 1 do 5")
    .max(5, "Wybierz ocenę od 1 do 5")
    .default(DEFAULT_RATING),
  comment: z
    .string({ error: `Opinia musi mieć minimum ${REVIEW_MIN_LENGTH} znaków` })
    .transform(normalizeComment)
    .refine(
      (text) => [...text].length >= REVIEW_MIN_LENGTH,
      `Opinia musi mieć minimum ${REVIEW_MIN_LENGTH} znaków`,
    )
    .refine(
      (text) => [...text].length <= REVIEW_MAX_LENGTH,
      `Opinia może mieć maksymalnie ${REVIEW_MAX_LENGTH} znaków`,
    )
    .refine(noControlCharsMultiline, REVIEW_CONTROL_CHARS_MESSAGE),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
