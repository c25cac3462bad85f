/**
 * The one frame of a panel list screen (products, sales, discounts, users, invitations, galleries,
 * ambassadors, events) and the plumbing each repeats: the heading with its count and actions, the
 * list dimmed while the screen's own URL reloads, the load error once as a toast, the answer of a
 * row's action as a toast, a delete that hides its row at once, and which record the add/edit
 * dialog shows.
 */
import { type LucideIcon, Plus } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { Link, type LinkProps, useFetcher, useNavigation } from "react-router";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";

export function PanelScreen({
  name,
  title,
  count,
  description,
  actions,
  titleHidden = false,
  children,
}: {
  /** Names the heading `{name}-title` (the section is labelled by it) and the count `{name}-count`. */
  name: string;
  title: string;
  /** The text beside the heading ("Wszystkich: 12", or just the number); null leaves it out. */
  count?: string | number | null;
  /** A line under the heading, saying what the screen drives. */
  description?: ReactNode;
  actions?: ReactNode;
  /** The heading for screen readers only, where the tab already names the screen (the orders). */
  titleHidden?: boolean;
  children: ReactNode;
}) {
  const id = `${name}-title`;
  if (titleHidden) {
    return (
      <section aria-labelledby={id} className="grid grid-cols-1 gap-6">
        <h2 id={id} className="sr-only">
          {title}
        </h2>
        {children}
      </section>
    );
  }
  const heading = (
    <div className="flex flex-wrap items-baseline gap-3">
      <h2 id={id} className="font-display text-2xl">
        {title}
      </h2>
      {count == null ? null : (
        <p className="text-muted text-sm" aria-live="polite" data-testid={`${name}-count`}>
          {count}
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {description ? (
          <div>
            {heading}
            <p className="text-muted text-sm">{description}</p>
          </div>
        ) : (
          heading
        )}
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The heading's "add" button that opens the screen's add dialog. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" size="sm" onClick={onClick}>
      <Plus aria-hidden="true" />
      {label}
    </Button>
  );
}

/** The heading's "add" link, to the screen's page or form for a new record. */
export function AddLink({
  label,
  icon: Icon = Plus,
  size = "sm",
  ...link
}: {
  label: string;
  icon?: LucideIcon;
  size?: "sm" | "default";
} & Pick<LinkProps, "to" | "preventScrollReset">) {
  return (
    <Button asChild size={size}>
      <Link {...link}>
        <Icon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}

/** The loader's refusal, once, as a toast (the screen shows it in place too). */
export function useLoadErrorToast(loadError: string | null | undefined) {
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
}

/** A list's state for its frame (AdminTable, ListFrame): reloading, or refused by the loader. */
export type PanelListState = { loading: boolean; loadError: string | null | undefined };

/** The list of the screen at `pathname`: whether it reloads; a load error is also shown once as a toast. */
export function usePanelList(pathname: string, loadError: string | null | undefined): PanelListState {
  const navigation = useNavigation();
  useLoadErrorToast(loadError);
  return { loading: navigation.state === "loading" && navigation.location.pathname === pathname, loadError };
}

/**
 * A row action's answer, once: its success message (unless `quiet`), or the failure toast titled for
 * the intent. `beforeReload` for actions whose row the reload removes.
 */
export function useRowActionToast(
  fetcher: { state: "idle" | "submitting" | "loading"; data: FormActionResult | undefined },
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
 * A list screen whose records are added and edited in a dialog and deleted from the list (galleries,
 * ambassadors), at `action`, the screen's URL, where its forms post too: the list's state, which
 * record the dialog shows, and a delete that hides its row at once (`shown` are the rows left).
 */
export function useRecordList<Item extends { id: string }>(
  records: Item[],
  { action, loadError, deleteFailure }: { action: string; loadError: string | null; deleteFailure: string },
) {
  const list = usePanelList(action, loadError);
  const edited = useEditedRecord<Item>();
  const { remove, removing } = useRemover({
    key: `delete:${action}`,
    action,
    idField: "id",
    failureTitle: deleteFailure,
  });
  return { list, ...edited, remove, shown: records.filter((record) => record.id !== removing) };
}

/**
 * Deletes through a fetcher of the screen (which stays mounted, so the answer is heard although the
 * row is gone): `remove(id)` posts `intent=delete` with the id as `idField` to `action`; `removing` is
 * the id being deleted, for hiding its row before the answer arrives. A row's own fetcher is not
 * enough: React may skip the render between the answer and the reload that removes the row (both are
 * transitions), and the row's toast is then never shown.
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
  const remover = useFetcher<FormActionResult>(key ? { key } : undefined);
  useRowActionToast(remover, () => failureTitle, { beforeReload: true });
  const removing = remover.state !== "idle" ? remover.formData?.get(idField) : null;
  return {
    remove: (id: string) => remover.submit({ intent: "delete", [idField]: id }, { method: "post", action }),
    removing: typeof removing === "string" ? removing : null,
  };
}

/** Which record the add/edit dialog shows: none (closed), a new one, or one of the list's. */
function useEditedRecord<Item extends { id: string }>() {
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
