import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn, joinClasses } from "~/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

/** Shared with AlertDialog and Sheet so every modal dims the page the same way. */
export const overlayClassName = joinClasses(
  "fixed inset-0 z-50 bg-black/75 backdrop-blur-sm",
  "data-[state=open]:animate-overlay-in data-[state=closed]:animate-overlay-out",
);

/** The centred modal box, the title, description and footer: shared with AlertDialog (same look). */
export const modalContentClassName = joinClasses(
  "-translate-x-1/2 -translate-y-1/2 fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] gap-5",
  "max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg border border-border bg-surface p-6",
  "text-foreground shadow-2xl shadow-black/60 outline-hidden",
  "data-[state=open]:animate-fade-in data-[state=closed]:animate-overlay-out",
);
export const modalTitleClassName = "font-display text-2xl leading-tight";
export const modalDescriptionClassName = "text-muted text-sm leading-relaxed";
export const modalFooterClassName = "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end";

/** Shared close "X" for Dialog and Sheet. */
export const closeButtonClassName = joinClasses(
  "absolute top-3 right-3 inline-flex size-9 cursor-pointer items-center justify-center rounded-sm",
  "text-muted transition-colors hover:bg-surface-2 hover:text-foreground",
  "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
);

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(overlayClassName, className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (Escape and DialogClose still work). */
  showCloseButton?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

export function DialogContent({
  className,
  children,
  showCloseButton = true,
  closeLabel = "Zamknij",
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(modalContentClassName, "max-w-lg", className)}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close data-slot="dialog-close" className={closeButtonClassName}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  // Right padding keeps long titles clear of the close button.
  return <div data-slot="dialog-header" className={cn("grid gap-2 pr-8 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="dialog-footer" className={cn(modalFooterClassName, className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn(modalTitleClassName, className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn(modalDescriptionClassName, className)}
      {...props}
    />
  );
}
