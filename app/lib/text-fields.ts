/**
 * Text-field rules shared by every zod schema that takes free text: control characters (NUL and the
 * rest of C0/C1, DEL) are refused with a Polish message, so they never reach the database (which
 * refuses NUL with an error) or a log line, e-mail or CSV.
 */
export const CONTROL_CHARS_MESSAGE = "Pole zawiera niedozwolone znaki sterujące";

// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Tabs and line breaks are fine in a multi-line text; the rest of C0/C1 is not.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this pattern exists to find them
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a one-line value holds no control character at all. */
export function noControlChars(value: string) {
  return !SINGLE_LINE_CONTROL.test(value);
}

/** True when a multi-line value holds no control character other than tab and line breaks. */
export function noControlCharsMultiline(value: string) {
  return !MULTI_LINE_CONTROL.test(value);
}
