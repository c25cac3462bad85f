/**
 * Reading form bodies defensively: a body no form of ours sends (JSON, broken multipart, no body) and
 * a tampered conform intent must end in a 400 with the form's message, never in a 500.
 */

/** The field conform's buttons (validate, list insert/remove) submit; its parser JSON-parses it. */
export const CONFORM_INTENT_FIELD = "__intent__";

/** Whether the value is what conform's buttons send: JSON of `{ type, payload }`. */
function isConformIntent(value: FormDataEntryValue) {
  if (typeof value !== "string") return false;
  try {
    const intent: unknown = JSON.parse(value);
    return (
      typeof intent === "object" &&
      intent !== null &&
      typeof (intent as { type?: unknown }).type === "string" &&
      typeof (intent as { payload?: unknown }).payload === "object" &&
      (intent as { payload?: unknown }).payload !== null
    );
  } catch {
    return false;
  }
}

/**
 * The form without a conform intent that is not `{ type, payload }` JSON (conform's `parseWithZod`
 * would throw on it);
 * the submission is then validated as a plain submit.
 */
export function withoutMalformedIntent(formData: FormData): FormData {
  const intents = formData.getAll(CONFORM_INTENT_FIELD);
  if (intents.every(isConformIntent)) return formData;
  formData.delete(CONFORM_INTENT_FIELD);
  return formData;
}

/** The request's form data (see `withoutMalformedIntent`), or null when the body is no form. */
export async function readFormData(request: Request): Promise<FormData | null> {
  try {
    return withoutMalformedIntent(await request.formData());
  } catch {
    return null;
  }
}
