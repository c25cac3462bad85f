import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  [
    "inline-flex shrink-0 cursor-pointer select-none items-center justify-center gap-2 whitespace-nowrap rounded-sm",
    "font-bold uppercase tracking-wide transition-[color,background-color,border-color,box-shadow,transform]",
    "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
    "active:translate-y-px disabled:pointer-events-none disabled:opacity-50",
    // asChild links cannot be `disabled`, so mirror the look for aria-disabled.
    "aria-disabled:pointer-events-none aria-disabled:opacity-50",
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: "bg-accent text-accent-foreground hover:shadow-glow",
        secondary: "border border-border bg-surface-2 text-foreground hover:border-muted hover:bg-surface",
        outline:
          "border-2 border-foreground bg-transparent text-foreground hover:border-accent hover:text-accent",
        ghost: "bg-transparent text-foreground hover:bg-surface-2 hover:text-accent",
        // Dark text: white on #ff4d4d fails WCAG AA.
        destructive: "bg-danger text-background hover:bg-danger/90",
        link: "text-accent normal-case tracking-normal underline-offset-4 hover:underline",
      },
      size: {
        sm: "h-9 px-3 text-xs",
        default: "h-11 px-5 text-sm",
        lg: "h-13 px-8 text-base",
        icon: "size-11",
      },
    },
    // Size sets height/padding; a link must stay inline-sized whatever the size.
    compoundVariants: [{ variant: "link", className: "h-auto px-0" }],
    defaultVariants: { variant: "default", size: "default" },
  },
);

export interface ButtonProps extends ComponentProps<"button">, VariantProps<typeof buttonVariants> {
  /** Render the single child (e.g. a router `<Link>`) with button styling instead of a `<button>`. */
  asChild?: boolean;
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? "default"}
      className={cn(buttonVariants({ variant, size }), className)}
      {...props}
    />
  );
}
