import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps, ElementType } from "react";
import { joinClasses } from "~/lib/utils";
import { styled } from "./styled";

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

/** A modal's overlay, title, description and footer: Dialog's and AlertDialog's are the same. */
/* @__NO_SIDE_EFFECTS__ */
export function modalParts<
  Overlay extends ElementType,
  Title extends ElementType,
  Description extends ElementType,
>(primitive: { Overlay: Overlay; Title: Title; Description: Description }, slot: string) {
  return {
    Overlay: styled(primitive.Overlay, `${slot}-overlay`, overlayClassName),
    Title: styled(primitive.Title, `${slot}-title`, modalTitleClassName),
    Description: styled(primitive.Description, `${slot}-description`, modalDescriptionClassName),
    Footer: styled("div", `${slot}-footer`, modalFooterClassName),
  };
}

export const {
  Overlay: DialogOverlay,
  Title: DialogTitle,
  Description: DialogDescription,
  Footer: DialogFooter,
} = modalParts(DialogPrimitive, "dialog");

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Hide the corner close button (Escape and DialogClose still work). */
  showCloseButton?: boolean;
  /** Accessible name of the close button. */
  closeLabel?: string;
}

const DialogBox = styled(DialogPrimitive.Content, "dialog-content", `${modalContentClassName} max-w-lg`);

export function DialogContent({
  children,
  showCloseButton = true,
  closeLabel = "Zamknij",
  ...props
}: DialogContentProps) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogBox {...props}>
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close data-slot="dialog-close" className={closeButtonClassName}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogBox>
    </DialogPortal>
  );
}

// Right padding keeps long titles clear of the close button.
export const DialogHeader = styled("div", "dialog-header", "grid gap-2 pr-8 text-left");
