import { Label as LabelPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { joinClasses } from "~/lib/utils";
import { styled } from "./styled";

export const Label = styled(
  LabelPrimitive.Root,
  "label",
  joinClasses(
    "inline-flex select-none items-center gap-2 font-semibold text-foreground text-sm leading-none",
    "peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
  ),
);

/** A label only screen readers hear, for a control whose purpose the screen shows otherwise. */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="sr-only">
      {children}
    </label>
  );
}
