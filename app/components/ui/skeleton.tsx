import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** Loading placeholder; hidden from assistive tech, so announce loading elsewhere (e.g. aria-busy). */
export function Skeleton({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn("animate-pulse rounded-md bg-surface-2", className)}
      {...props}
    />
  );
}
