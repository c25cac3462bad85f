import { ChevronDown } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { controlClassName } from "./input";

export interface NativeSelectProps extends ComponentProps<"select"> {
  /** Classes for the wrapper that positions the chevron; `className` styles the `<select>`. */
  wrapperClassName?: string;
}

/** Plain `<select>`: submits and works before hydration, unlike the Radix one. */
export function NativeSelect({ className, wrapperClassName, children, ...props }: NativeSelectProps) {
  return (
    <div data-slot="native-select" className={cn("relative w-full", wrapperClassName)}>
      <select
        className={cn(
          controlClassName,
          "h-11 cursor-pointer appearance-none pr-10 [&>option]:bg-surface [&>option]:text-foreground",
          className,
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="-translate-y-1/2 pointer-events-none absolute top-1/2 right-3 size-4 text-muted"
      />
    </div>
  );
}
