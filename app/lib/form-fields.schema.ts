/**
 * Field schemas the product and event forms share, in the browser (Conform) and the action alike:
 * the slug, text fields, PLN amounts and a stored image. One place, so the rules and their Polish
 * messages cannot drift apart between the forms.
 */
import { z } from "zod";
import { parsePln } from "~/lib/money";
import { SLUG_PATTERN } from "~/lib/slug";

/** One line of text: no control characters. */
export const SINGLE_LINE = /^[^\p{Cc}]*$/u;
/**
 * Text with line breaks and tabs, but no other control characters (\p{Cc} without \t \n \r). One
 * character class, no alternation: `(?:a|b)*` backtracks per character and overflows the stack on a
 * multi-megabyte value.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
export const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/u;

export const fieldMessages = {
  slug: "Slug może zawierać tylko małe litery, cyfry i myślniki",
  slugLength: "Slug musi mieć od 3 do 100 znaków",
  invalidCharacters: "Usuń niedozwolone znaki specjalne",
} as const;

const slugLimits = { min: 3, max: 100 } as const;

export const slugField = z
  .string({ error: fieldMessages.slugLength })
  .trim()
  .min(slugLimits.min, fieldMessages.slugLength)
  .max(slugLimits.max, fieldMessages.slugLength)
  .regex(SLUG_PATTERN, fieldMessages.slug);

/** A required text field; a missing value gets the `min` message. */
export function requiredText(
  min: number,
  max: number,
  messages: { min: string; max: string },
  pattern = SINGLE_LINE,
) {
  return z
    .string({ error: messages.min })
    .trim()
    .min(min, messages.min)
    .max(max, messages.max)
    .regex(pattern, fieldMessages.invalidCharacters);
}

export function optionalText(max: number, maxMessage: string, pattern = SINGLE_LINE) {
  return z.string().trim().max(max, maxMessage).regex(pattern, fieldMessages.invalidCharacters).optional();
}

type PlnBounds = { message: string; min: number; max: number; maxMessage?: string };

function toGrosze(value: string, context: z.RefinementCtx, { message, min, max, maxMessage }: PlnBounds) {
  const grosze = parsePln(value);
  if (grosze === null || grosze < min) {
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  if (grosze > max) {
    context.addIssue({ code: "custom", message: maxMessage ?? message });
    return z.NEVER;
  }
  return grosze;
}

/** A PLN amount typed by a person ("129", "129,90") into grosze. */
export function plnField(bounds: PlnBounds) {
  return z.string({ error: bounds.message }).transform((value, context) => toGrosze(value, context, bounds));
}

/** The same, optional: empty is null. */
export function optionalPlnField(bounds: PlnBounds) {
  return z
    .string()
    .optional()
    .transform((value, context) => (value?.trim() ? toGrosze(value, context, bounds) : null));
}

/** A stored image as a form sends it (JSON-parsed); `src` must be one of the form's upload paths. */
export function storedImageSchema(srcPattern: RegExp) {
  return z.object({
    src: z.string().regex(srcPattern),
    width: z.number().int().positive().max(10_000),
    height: z.number().int().positive().max(20_000),
    widths: z.array(z.number().int().positive().max(10_000)).min(1).max(12),
    formats: z
      .array(z.enum(["avif", "webp"]))
      .min(1)
      .max(2),
    alt: z.string().max(300).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i)
      .optional(),
  });
}
