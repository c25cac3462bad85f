/**
 * The text fields the content dialogs share (a gallery's title and description, an ambassador's name
 * and bio): trimmed, capped, control characters refused with the form's Polish message. An empty
 * optional field is stored as null.
 */
import { z } from "zod";
import { noControlChars, noControlCharsMultiline } from "~/lib/text-fields";

type Messages = { max: string; invalidCharacters: string };

/** A required one-line text: `required` when it is missing or blank. */
export function requiredLine(max: number, messages: Messages & { required: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.max })
    .refine(noControlChars, { error: messages.invalidCharacters });
}

/** An optional text (one line, or several with `multiline`); empty is null. */
export function optionalText(max: number, messages: Messages, { multiline = false } = {}) {
  return z
    .string()
    .trim()
    .max(max, { error: messages.max })
    .refine(multiline ? noControlCharsMultiline : noControlChars, { error: messages.invalidCharacters })
    .optional()
    .transform((value) => (value ? value : null));
}

/** The two above for one form, with its message for control characters. */
export function textFieldsFor(invalidCharacters: string) {
  return {
    required: (max: number, messages: { required: string; max: string }) =>
      requiredLine(max, { ...messages, invalidCharacters }),
    optional: (max: number, maxMessage: string, options?: { multiline?: boolean }) =>
      optionalText(max, { max: maxMessage, invalidCharacters }, options),
  };
}

/** An add/edit dialog's own fields: which of the two it is and, when editing, the record's id. */
export const dialogIntentFields = {
  intent: z.enum(["create", "update"]),
  id: z.uuid().optional(),
};
