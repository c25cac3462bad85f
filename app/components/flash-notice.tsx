/**
 * The message a form's redirect left for this page (app/lib/flash.server.ts). Rendered on the server as
 * a status box, so a plain form says what the enhanced one says before (or without) any script; once
 * the page has hydrated, the box gives way to the same toast the enhanced form shows.
 */
import { useEffect, useState } from "react";
import type { FlashMessage } from "~/lib/flash";
import { type FormActionResult, type Notice as NoticeText, noticeOf } from "~/lib/form-contract";
import { toast } from "./ui/toaster";

/** Each message once: a flash by its id, an action's answer by the answer itself. */
const shownIds = new Set<string>();
const shownAnswers = new WeakSet<object>();

function firstShowing(message: NoticeText & { id?: string }, source: object) {
  if (message.id ? shownIds.has(message.id) : shownAnswers.has(source)) return false;
  if (message.id) shownIds.add(message.id);
  else shownAnswers.add(source);
  return true;
}

export function FlashNotice({ message }: { message: FlashMessage | null }) {
  return <Notice message={message} source={message} />;
}

/**
 * An action's answer rendered by its own page (a route's `<Form>` posting to itself): the same box
 * before hydration, the same toast after, as a flash.
 */
export function ActionNotice({ answer }: { answer: FormActionResult | null | undefined }) {
  return <Notice message={answer?.message ? noticeOf(answer) : null} source={answer ?? null} />;
}

function Notice({
  message,
  source,
}: {
  message: (NoticeText & { id?: string }) | null;
  source: object | null;
}) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    if (!message || !source || !firstShowing(message, source)) return;
    const options = message.description ? { description: message.description } : undefined;
    if (message.kind === "success") toast.success(message.title, options);
    else toast.error(message.title, options);
  }, [message, source]);
  if (!message || hydrated) return null;
  return (
    <div
      role={message.kind === "error" ? "alert" : "status"}
      data-testid="flash-notice"
      data-kind={message.kind}
      className="fixed inset-x-4 bottom-4 z-[90] mx-auto max-w-md rounded-lg border border-border bg-surface px-4 py-3 text-sm shadow-lg sm:right-4 sm:left-auto sm:mx-0"
    >
      <p className={message.kind === "error" ? "font-semibold text-hot" : "font-semibold text-foreground"}>
        {message.title}
      </p>
      {message.description ? <p className="mt-1 text-muted">{message.description}</p> : null}
    </div>
  );
}
