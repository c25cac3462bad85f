/**
 * The frame of the long admin forms (product, event): titled sections, the sticky save bar, and the
 * question asked before leaving with unsaved changes.
 */
import { Save } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "./confirm-dialog";
import type { useUnsavedChanges } from "./use-unsaved-changes";

export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="grid grid-cols-1 gap-4 border-border border-t py-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8"
    >
      <div>
        <h3 id={id} className="font-bold text-lg">
          {title}
        </h3>
        <p className="mt-1 text-muted text-sm">{description}</p>
      </div>
      <div className="grid min-w-0 grid-cols-1 gap-4 rounded-lg border border-border bg-surface p-4 md:p-5">
        {children}
      </div>
    </section>
  );
}

/** Status on the left ("Niezapisane zmiany", an upload in progress), Anuluj and the submit button. */
export function FormSaveBar({
  status,
  cancelTo,
  submitting,
  disabled,
  saveLabel,
}: {
  status: string;
  cancelTo: string;
  submitting: boolean;
  disabled: boolean;
  saveLabel: string;
}) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-border border-t bg-background/95 px-4 py-3 backdrop-blur md:mx-0 md:rounded-b-lg">
      <p className="mr-auto text-muted text-sm" aria-live="polite">
        {status}
      </p>
      <Button asChild variant="outline">
        <Link to={cancelTo}>Anuluj</Link>
      </Button>
      <Button type="submit" disabled={disabled}>
        <Save aria-hidden="true" />
        {submitting ? "Zapisywanie…" : saveLabel}
      </Button>
    </div>
  );
}

/** Shown while a link out of a form with unsaved changes is held by the guard's blocker. */
export function UnsavedChangesDialog({ guard }: { guard: ReturnType<typeof useUnsavedChanges> }) {
  const { blocker } = guard;
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && blocker.state === "blocked") blocker.reset();
      }}
      title="Porzucić zmiany?"
      description="Formularz ma niezapisane zmiany. Jeśli wyjdziesz, zostaną utracone."
      cancelLabel="Zostań"
      confirmLabel="Porzuć zmiany"
      onConfirm={() => blocker.proceed?.()}
    />
  );
}
