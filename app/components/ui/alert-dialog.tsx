import type { VariantProps } from "class-variance-authority";
import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps, ElementType } from "react";
import { cn } from "~/lib/utils";
import { buttonVariants } from "./button";
import { modalContentClassName, modalParts } from "./dialog";
import { styled } from "./styled";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export const {
  Overlay: AlertDialogOverlay,
  Title: AlertDialogTitle,
  Description: AlertDialogDescription,
  Footer: AlertDialogFooter,
} = modalParts(AlertDialogPrimitive, "alert-dialog");

export const AlertDialogHeader = styled("div", "alert-dialog-header", "grid gap-2 text-left");

const AlertDialogBox = styled(
  AlertDialogPrimitive.Content,
  "alert-dialog-content",
  `${modalContentClassName} max-w-md`,
);

export function AlertDialogContent(props: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogBox {...props} />
    </AlertDialogPortal>
  );
}

type ButtonLook = VariantProps<typeof buttonVariants>;

/** An AlertDialog button part with the Button look (`variant` and `size` as Button takes them). */
function withButtonLook<T extends ElementType>(
  Component: T,
  slot: string,
  defaultVariant?: ButtonLook["variant"],
) {
  const Element = Component as ElementType;
  return function ButtonLookPart({
    className,
    variant = defaultVariant,
    size,
    ...props
  }: ComponentProps<T> & ButtonLook & { className?: string }) {
    return (
      <Element data-slot={slot} className={cn(buttonVariants({ variant, size }), className)} {...props} />
    );
  };
}

/** Confirms; pass `variant="destructive"` for irreversible actions. */
export const AlertDialogAction = withButtonLook(AlertDialogPrimitive.Action, "alert-dialog-action");

const CancelButton = withButtonLook(AlertDialogPrimitive.Cancel, "alert-dialog-cancel", "outline");

/** Receives focus when the dialog opens, so the safe choice is the default. */
export function AlertDialogCancel({ children = "Anuluj", ...props }: ComponentProps<typeof CancelButton>) {
  return <CancelButton {...props}>{children}</CancelButton>;
}
