/**
 * The plumbing every panel list screen repeats (galleries, ambassadors, events, a gallery's photos):
 * the heading with its count and add button, the load error as a toast, the answer of a row's action
 * as a toast, a delete that hides its row at once, and which record the add/edit dialog shows.
 */
import { Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";

export type ActionResult = { ok: boolean; intent: string | null; message: string };

export function ListScreenHeader({
  titleId,
  title,
  count,
  countTestId,
  addLabel,
  onAdd,
}: {
  titleId: string;
  title: string;
  count: number;
  countTestId: string;
  addLabel: string;
  onAdd: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex items-baseline gap-3">
        <h2 id={titleId} className="font-display text-2xl">
          {title}
        </h2>
        <p className="text-muted text-sm" aria-live="polite" data-testid={countTestId}>
          {count}
        </p>
      </div>
      <Button type="button" size="sm" onClick={onAdd}>
        <Plus aria-hidden="true" />
        {addLabel}
      </Button>
    </div>
  );
}

/** The loader's refusal, once, as a toast (the screen shows it in place too). */
export function useLoadErrorToast(loadError: string | null) {
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
}

/**
 * A row action's answer, once: its success message (unless `quiet`), or the failure toast titled for
 * the intent. `beforeReload` for actions whose row the reload removes.
 */
export function useRowActionToast(
  fetcher: { state: "idle" | "submitting" | "loading"; data: ActionResult | undefined },
  failureTitle: (intent: string | null) => string,
  { quiet = false, beforeReload = false } = {},
) {
  useFetcherResult(
    fetcher,
    (result) => {
      if (!result.ok) toastFailure(failureTitle(result.intent), result.message);
      else if (!quiet) toast.success(result.message);
    },
    { beforeReload },
  );
}

/**
 * Deletes through a fetcher of the screen (which stays mounted, so the answer is heard although the
 * row is gone): `remove(id)` posts `intent=delete` with the id as `idField` to `action`; `removing` is
 * the id being deleted, for hiding its row before the answer arrives.
 */
export function useRemover({
  key,
  action,
  idField,
  failureTitle,
}: {
  key?: string;
  action: string;
  idField: string;
  failureTitle: string;
}) {
  const remover = useFetcher<ActionResult>(key ? { key } : undefined);
  useRowActionToast(remover, () => failureTitle, { beforeReload: true });
  const removing = remover.state !== "idle" ? remover.formData?.get(idField) : null;
  return {
    remove: (id: string) => remover.submit({ intent: "delete", [idField]: id }, { method: "post", action }),
    removing: typeof removing === "string" ? removing : null,
  };
}

/** Which record the add/edit dialog shows: none (closed), a new one, or one of the list's. */
export function useEditedRecord<Item extends { id: string }>() {
  const [editing, setEditing] = useState<Item | "new" | null>(null);
  const onOpenChange = useCallback((open: boolean) => {
    if (!open) setEditing(null);
  }, []);
  return {
    edit: setEditing,
    // A different record starts a fresh form.
    dialogKey: editing === null ? "closed" : editing === "new" ? "new" : editing.id,
    dialog: {
      record: editing === "new" || editing === null ? null : editing,
      open: editing !== null,
      onOpenChange,
    },
  };
}
