/**
 * The one form contract of the storefront and the panel (the server half is form-action.server.ts):
 * what every form action answers, and how a plain form (no scripts, or a tap before hydration) is
 * told apart from an enhanced one.
 */
import type { SubmissionResult } from "@conform-to/react";

/**
 * The hidden field an enhanced form carries (a fetcher's, or a `<Form>` once hydrated): it is answered
 * with data. A plain form lacks it and, where its action names a page to go back to, gets a 303 there
 * with the same message as a flash (decision 031, post/redirect/get).
 */
export const ENHANCED_FIELD = "_enhanced";

/** What every form action answers; `Extra` is what one intent adds (an id, stock moved, the cart's count, …). */
export type FormActionResult<Extra extends object = object> = {
  intent: string | null;
  ok: boolean;
  /** The Polish message a person reads (a toast's text, or its description under `title`). */
  message: string;
  /** A toast's heading where the message is its description ("Dodano do koszyka"). */
  title?: string;
  /** The field a refusal is about. */
  field?: string;
  result?: SubmissionResult<string[]>;
} & Partial<Extra>;

export type Notice = { kind: "success" | "error"; title: string; description?: string };

/** What a person is told of an answer: the same words as a toast, a flash or a status box. */
export function noticeOf(answer: Pick<FormActionResult, "ok" | "message" | "title">): Notice {
  const kind = answer.ok ? "success" : "error";
  return answer.title
    ? { kind, title: answer.title, description: answer.message || undefined }
    : { kind, title: answer.message };
}
