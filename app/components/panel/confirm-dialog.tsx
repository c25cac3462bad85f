/**
 * "Are you sure?" before something that cannot be undone (deleting, removing a role, leaving a form
 * with unsaved changes). Radix AlertDialog: focus starts on Cancel, Escape cancels.
 */
import { Trash2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  cancelLabel = "Anuluj",
  confirmLabel,
  onConfirm,
}: {
  /** Controlled when given; otherwise the trigger opens it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  cancelLabel?: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The red bin button of a list row; `label` names what it deletes ("Usuń: …"). */
export function DeleteButton({
  label,
  children,
  className,
  ...props
}: Omit<ComponentProps<typeof Button>, "aria-label"> & { label: string }) {
  return (
    <Button
      type="button"
      variant="ghost"
      size={children ? "sm" : "icon"}
      className={cn("text-danger hover:text-danger", !children && "size-8", className)}
      aria-label={label}
      {...props}
    >
      <Trash2 aria-hidden="true" />
      {children}
    </Button>
  );
}
