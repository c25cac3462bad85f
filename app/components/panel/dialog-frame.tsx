/**
 * The frame of a panel form in a dialog (send an invitation, create or edit a code, …): the title and
 * what saving does, the form's own message above its fields, and Anuluj beside the submit button
 * that says it is busy. The form in it (Conform, fetcher, fields) is form-in-dialog.tsx or its screen's.
 */
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";

export function FormDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns it. */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The form-level refusal (not about one field), announced, with the id Conform points the form at. */
export function FormErrorAlert({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" id={id} className="rounded-md border border-danger/40 bg-danger/10 p-3 text-danger">
      {message}
    </p>
  );
}

/** Anuluj (closes the dialog) and the submit button, disabled with a spinner while the form is sent. */
export function FormDialogFooter({
  busy,
  submitLabel,
  busyLabel,
}: {
  busy: boolean;
  submitLabel: string;
  /** What the button says while sending; by default the label with a spinner. */
  busyLabel?: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button type="button" variant="outline">
          Anuluj
        </Button>
      </DialogClose>
      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}

/** What a list screen gives its add/edit dialog (panel-screen's useEditedRecord). */
export type RecordDialogProps<Row> = {
  /** null: a new record. */
  record: Row | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The add/edit dialog of a list screen: its form is mounted only while the dialog is open (each
 * opening starts afresh) and closes the dialog once saved.
 */
export function RecordFormDialog<Row>({
  record,
  open,
  onOpenChange,
  title,
  description,
  className,
  form,
}: RecordDialogProps<Row> & {
  title: string;
  description: ReactNode;
  className?: string;
  form: (record: Row | null, onDone: () => void) => ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className={className}
      title={title}
      description={description}
    >
      {open ? form(record, () => onOpenChange(false)) : null}
    </FormDialog>
  );
}
