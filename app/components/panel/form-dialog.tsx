/**
 * The frame of a panel form in a dialog (send an invitation, create or edit a code, …): the title and
 * what saving does, the form's own message above its fields, and Anuluj beside the submit button
 * that says it is busy. The form itself (Conform, fetcher, fields) stays with its screen.
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
