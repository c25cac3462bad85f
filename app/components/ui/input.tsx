import type { ComponentProps } from "react";
import { cn, joinClasses } from "~/lib/utils";

/** Shared look of text-like controls, so Input, Textarea and selects line up in forms. */
export const controlClassName = joinClasses(
  "w-full min-w-0 rounded-md border border-border bg-surface px-3 text-base text-foreground shadow-none",
  "transition-[border-color,box-shadow] placeholder:text-muted hover:border-muted",
  "outline-hidden focus-visible:border-accent focus-visible:ring-3 focus-visible:ring-accent/25",
  "disabled:cursor-not-allowed disabled:opacity-50",
  "aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30",
);

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(
        controlClassName,
        "h-11 py-2",
        "file:mr-3 file:h-full file:border-0 file:bg-transparent file:font-semibold file:text-foreground",
        className,
      )}
      {...props}
    />
  );
}
