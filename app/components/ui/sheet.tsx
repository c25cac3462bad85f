import { cva } from "class-variance-authority";
import { X } from "lucide-react";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { closeButtonClassName, overlayClassName } from "./dialog";

export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;
export const SheetPortal = SheetPrimitive.Portal;

export function SheetOverlay({ className, ...props }: ComponentProps<typeof SheetPrimitive.Overlay>) {
  return (
    <SheetPrimitive.Overlay
      data-slot="sheet-overlay"
      className={cn(overlayClassName, className)}
      {...props}
    />
  );
}

/*
 * app.css only ships right-hand slide keyframes. Left/bottom slide in with a transition from
 * @starting-style and fade out (Radix waits for the exit animation before unmounting).
 */
const sheetVariants = cva(
  "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-surface p-6 text-foreground shadow-2xl shadow-black/60 outline-hidden",
  {
    variants: {
      side: {
        right: cn(
          "inset-y-0 right-0 h-full w-[88vw] max-w-md border-border border-l",
          "data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right",
        ),
        left: cn(
          "inset-y-0 left-0 h-full w-[88vw] max-w-md border-border border-r",
          "transition-transform duration-300 ease-out starting:-translate-x-full data-[state=closed]:animate-overlay-out",
        ),
        bottom: cn(
          "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-lg border-border border-t",
          "transition-transform duration-300 ease-out starting:translate-y-full data-[state=closed]:animate-overlay-out",
        ),
      },
    },
    defaultVariants: { side: "right" },
  },
);

export interface SheetContentProps extends ComponentProps<typeof SheetPrimitive.Content> {
  side?: "right" | "left" | "bottom";
  showCloseButton?: boolean;
  closeLabel?: string;
}

export function SheetContent({
  className,
  children,
  side = "right",
  showCloseButton = true,
  closeLabel = "Zamknij",
  ...props
}: SheetContentProps) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(sheetVariants({ side }), className)}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <SheetPrimitive.Close data-slot="sheet-close" className={closeButtonClassName}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">{closeLabel}</span>
          </SheetPrimitive.Close>
        ) : null}
      </SheetPrimitive.Content>
    </SheetPortal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sheet-header" className={cn("grid gap-2 pr-8", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sheet-footer" className={cn("mt-auto flex flex-col gap-2", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn("font-display text-2xl leading-tight", className)}
      {...props}
    />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn("text-muted text-sm", className)}
      {...props}
    />
  );
}
