/** A native checkbox (submits before hydration, unlike Radix's), styled like the site's checkbox. */
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

export function NativeCheckbox({ className, ...props }: ComponentProps<"input">) {
  return (
    <span className="relative mt-0.5 inline-flex size-5 shrink-0">
      <input
        type="checkbox"
        className={cn(
          "peer size-5 cursor-pointer appearance-none rounded-sm border-2 border-muted bg-surface transition-colors",
          "checked:border-accent checked:bg-accent hover:border-foreground",
          "outline-hidden focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2",
          "aria-invalid:border-danger",
          className,
        )}
        {...props}
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="pointer-events-none absolute inset-0 m-auto hidden size-3.5 text-accent-foreground peer-checked:block"
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
