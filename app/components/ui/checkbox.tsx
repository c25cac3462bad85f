/**
 * A native checkbox styled like the site's: it submits with its form before hydration, and it costs
 * no script or layout work while the page hydrates (Radix's measured itself in a layout effect).
 * `className` places the box (margins); the input fills it.
 */
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <span className={cn("relative mt-0.5 inline-flex size-5 shrink-0", className)}>
      <input
        type="checkbox"
        data-slot="checkbox"
        className={cn(
          // Muted border keeps the unchecked box at 3:1 against the background (WCAG 1.4.11).
          "peer size-5 cursor-pointer appearance-none rounded-sm border-2 border-muted bg-surface transition-colors",
          "checked:border-accent checked:bg-accent hover:border-foreground",
          "outline-hidden focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2",
          "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger",
        )}
        {...props}
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-accent-foreground peer-checked:block peer-disabled:opacity-50"
        fill="none"
        stroke="currentColor"
        strokeWidth={3.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M20 6 9 17l-5-5" />
      </svg>
    </span>
  );
}
