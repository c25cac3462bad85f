/**
 * The steps the panel's big forms share when saved (the product form, the event form): the body read
 * and Conform's submission parsed again on the server; an incomplete one answered with what was typed
 * (400 and the form's message; 200 for Conform's list buttons posted before hydration, not an error);
 * then the save, whose DomainError shows on its field or the form, anything else logged and answered
 * 500 with the form's "could not save".
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { DomainError } from "./domain-error";
import { type FormActionResult, refuse } from "./form-action.server";
import { logger } from "./logger.server";

/** A refused save in the panel's one result shape, with Conform's result to show on the fields. */
function refusal(result: FormActionResult["result"], status: number, message = "") {
  return refuse({ intent: null, message, result }, status);
}

/** Validates the posted form (null: the body was no form) and saves its value; null when saved, else the form's answer. */
export async function saveSubmittedForm<Schema extends z.ZodType>(
  formData: FormData | null,
  schema: Schema,
  messages: { invalidRequest: string; invalid: string; saveFailed: string },
  save: (value: z.output<Schema>) => Promise<unknown>,
  failureLog: { context: Record<string, unknown>; message: string },
): Promise<ReturnType<typeof refuse> | null> {
  if (!formData) {
    const message = messages.invalidRequest;
    return refusal({ status: "error", error: { "": [message] } }, 400, message);
  }
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const failed = submission.status === "error";
    return refusal(submission.reply(), failed ? 400 : 200, failed ? messages.invalid : undefined);
  }
  try {
    await save(submission.value);
    return null;
  } catch (error) {
    const known = error instanceof DomainError;
    if (!known) logger.error({ err: error, ...failureLog.context }, failureLog.message);
    const message = known ? error.message : messages.saveFailed;
    const result =
      known && error.field
        ? submission.reply({ fieldErrors: { [error.field]: [message] } })
        : submission.reply({ formErrors: [message] });
    return refusal(result, known ? error.status : 500, message);
  }
}
