/**
 * One way to write a form action (every panel tab uses it): read the body (multipart capped while it
 * streams), pick the handler named by the form's `intent`, validate that intent's zod schema and call
 * one function. An unreadable body or an unknown intent is a 400 with the form's Polish message, a
 * DomainError is answered with its own status and message, anything else is logged and answered with
 * the intent's failure message (500). Never a stack trace, never a half-read form.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { capBody, isBodyTooLarge } from "./cap-body.server";
import { DomainError } from "./domain-error";
import { redirectWithFlash } from "./flash.server";
import { ENHANCED_FIELD, type FormActionResult, noticeOf } from "./form-contract";
import { withoutMalformedIntent } from "./form-data";
import { logger } from "./logger.server";

export type { FormActionResult } from "./form-contract";

export type IntentContext = { formData: FormData; request: Request };

/**
 * What an intent's function returns: the success message (under a `title` where a toast has both),
 * and anything the screen needs besides. `redirectTo` leaves for another page (the payment page, an
 * order), a plain form and an enhanced one alike, with a 303 and no message of its own.
 */
export type IntentOutcome = {
  message: string;
  title?: string;
  resetForm?: boolean;
  redirectTo?: string;
} & Record<string, unknown>;

export type IntentHandler<Schema extends z.ZodType = z.ZodType> = {
  schema: Schema;
  run: (value: z.output<Schema>, context: IntentContext) => Promise<IntentOutcome>;
  /** Shown when `run` fails for a reason that is not a DomainError (logged; 500). */
  failure: string;
  /** The status of that failure when 500 is not the truth (503: the database did not answer). */
  failureStatus?: 500 | 503;
  /** Shown for a body that fails the schema; by default the first field error. */
  invalid?: string;
  /** The heading of this intent's refusals ("Nie dodano do koszyka"); a DomainError's own wins. */
  title?: string;
};

/** Declares one intent with its schema's output type inferred for `run`. */
export function intent<Schema extends z.ZodType>(handler: IntentHandler<Schema>): IntentHandler {
  return handler as unknown as IntentHandler;
}

export type MultipartLimit = { maxBytes: number; tooLarge: string };

/**
 * The request's form data. Multipart bodies are capped while they stream (`multipart`), or refused
 * when the form takes no files. Throws DomainError: 413 over the cap, 400 for a body no form sends.
 */
export async function readActionForm(
  request: Request,
  invalidRequest: string,
  multipart?: MultipartLimit,
): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  const isMultipart = type.startsWith("multipart/form-data");
  if (isMultipart && multipart) {
    if (Number(request.headers.get("content-length") ?? "0") > multipart.maxBytes) {
      throw new DomainError(multipart.tooLarge, 413);
    }
    try {
      return withoutMalformedIntent(await capBody(request, multipart.maxBytes).formData());
    } catch (error) {
      if (isBodyTooLarge(error)) throw new DomainError(multipart.tooLarge, 413);
      throw new DomainError(invalidRequest, 400);
    }
  }
  try {
    return withoutMalformedIntent(await request.formData());
  } catch {
    throw new DomainError(invalidRequest, 400);
  }
}

/** A refusal as every form action sends it. */
export function refuse(
  result: Omit<FormActionResult, "ok">,
  status: number,
  headers?: HeadersInit,
): ReturnType<typeof data<FormActionResult>> {
  return data<FormActionResult>({ ...result, ok: false }, { status, headers });
}

/**
 * Where a plain form goes back to (post/redirect/get), with the answer's message as a flash: the page
 * it was sent from. Without it a plain form is answered like an enhanced one, with data its own page
 * renders (a route's `<Form>` posting to itself). `refusals` sends refusals back the same way; leave it
 * off where the page must keep what was typed.
 */
export type PlainFormAnswer = {
  redirectTo: (formData: FormData) => string;
  refusals?: boolean;
  /** Headers for the redirect besides the flash (cookies the change set). */
  headers?: () => Headers;
};

type FormActionOptions = {
  /** The form's message for an unreadable body or an unknown intent. */
  invalidRequest: string;
  multipart?: MultipartLimit;
  plain?: PlainFormAnswer;
};

/** Whether the form was sent by a script (a fetcher, or a hydrated `<Form>`), see ENHANCED_FIELD. */
export function isEnhanced(formData: FormData) {
  return formData.get(ENHANCED_FIELD) === "1";
}

export async function handleFormAction(
  request: Request,
  intents: Record<string, IntentHandler>,
  options: FormActionOptions,
) {
  let formData: FormData;
  try {
    formData = await readActionForm(request, options.invalidRequest, options.multipart);
  } catch (error) {
    const known = error instanceof DomainError;
    return refuse(
      { intent: null, message: known ? error.message : options.invalidRequest },
      known ? error.status : 400,
    );
  }
  const answer = await answerForm(request, formData, intents, options);
  const plain = options.plain;
  const leaveFor = (answer.data as FormActionResult & { redirectTo?: unknown }).redirectTo;
  if (typeof leaveFor === "string") {
    return redirect(leaveFor, { status: 303, headers: plain?.headers?.() ?? new Headers() });
  }
  if (!plain || isEnhanced(formData)) return answer;
  const body = answer.data as FormActionResult;
  if (!body.ok && !plain.refusals) return answer;
  const headers = plain.headers?.() ?? new Headers();
  // A change the page itself shows (a quantity) says nothing, scripts or not.
  if (!body.message && !body.title) return redirect(plain.redirectTo(formData), { status: 303, headers });
  return redirectWithFlash(plain.redirectTo(formData), noticeOf(body), headers);
}

async function answerForm(
  request: Request,
  formData: FormData,
  intents: Record<string, IntentHandler>,
  options: FormActionOptions,
): Promise<ReturnType<typeof data<FormActionResult>>> {
  const name = formData.get("intent");
  const handler = typeof name === "string" && Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (typeof name !== "string" || !handler) {
    return refuse({ intent: null, message: options.invalidRequest }, 400);
  }

  const submission = parseWithZod(formData, { schema: handler.schema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(
      {
        intent: name,
        message: handler.invalid ?? first ?? options.invalidRequest,
        ...(handler.title ? { title: handler.title } : {}),
        result: submission.reply(),
      },
      400,
    );
  }
  try {
    const { resetForm, ...outcome } = await handler.run(submission.value, { formData, request });
    return data({
      ...outcome,
      intent: name,
      ok: true,
      result: submission.reply({ resetForm: resetForm ?? true }),
    } as FormActionResult);
  } catch (error) {
    const known = error instanceof DomainError;
    if (!known) logger.error({ err: error, intent: name }, "form action failed");
    const message = known ? error.message : handler.failure;
    const fieldErrors = known && error.field ? { [error.field]: [message] } : undefined;
    return refuse(
      {
        intent: name,
        message,
        ...((known && error.title) || handler.title
          ? { title: (known && error.title) || handler.title }
          : {}),
        ...(known && error.field ? { field: error.field } : {}),
        result: submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [message] }),
      },
      known ? error.status : (handler.failureStatus ?? 500),
      known ? error.headers() : undefined,
    );
  }
}
