/**
 * Runs `handle` once for each new answer of a fetcher: the toast, closing a dialog. It waits until
 * the fetcher is idle (the lists have reloaded), or with `beforeReload` only until the answer is in:
 * a row that the reload removes (a deleted one) would otherwise never hear it.
 */
import { toast } from "~/components/ui/toaster";
import { useEachNewValue } from "~/lib/use-each-new-value";

export function useFetcherResult<Result>(
  fetcher: { state: "idle" | "submitting" | "loading"; data: Result | undefined },
  handle: (result: Result) => void,
  { beforeReload = false } = {},
) {
  const waiting = beforeReload ? fetcher.state === "submitting" : fetcher.state !== "idle";
  useEachNewValue(waiting ? undefined : fetcher.data, handle);
}

/** A refusal: the action's title, and the server's message under it when it says more. */
export function toastFailure(title: string, message: string) {
  toast.error(title, { description: message !== title ? message : undefined });
}

/**
 * For a dialog's Conform `onValidate`: when the person presses submit on an invalid form, the first
 * two problems also show as toasts (the fields may be scrolled out of the dialog's view).
 */
export function toastFirstErrors(submission: { status?: string; error?: Record<string, unknown> | null }) {
  if (submission.status !== "error") return;
  const messages = [...new Set(Object.values(submission.error ?? {}).flat())].filter(Boolean);
  for (const message of messages.slice(0, 2)) toast.error(String(message));
}
