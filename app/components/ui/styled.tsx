/**
 * The shadcn-style wrapper most primitives are: the element (a Radix part or a plain tag) with its
 * `data-slot` and our classes, to which the caller's `className` adds or overrides.
 */
import type { ComponentProps, ElementType } from "react";
import { cn } from "~/lib/utils";

// Calling it only makes a component: a bundle drops the parts a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export function styled<T extends ElementType>(Component: T, slot: string, baseClassName: string) {
  // The generic element type is too wide for JSX to check the spread props; the signature checks them.
  const Element = Component as ElementType;
  function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    return <Element data-slot={slot} className={cn(baseClassName, className)} {...props} />;
  }
  Styled.displayName = slot;
  return Styled;
}
