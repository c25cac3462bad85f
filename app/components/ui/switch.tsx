import { Switch as SwitchPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { joinClasses } from "~/lib/utils";
import { styled } from "./styled";

const SwitchRoot = styled(
  SwitchPrimitive.Root,
  "switch",
  joinClasses(
    "peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 p-0.5 transition-colors",
    "border-muted bg-surface-2 data-[state=checked]:border-accent data-[state=checked]:bg-accent",
    "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
    "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger",
  ),
);

const thumbClassName = joinClasses(
  "pointer-events-none block size-4 rounded-full bg-muted shadow-sm transition-transform",
  "data-[state=checked]:translate-x-5 data-[state=checked]:bg-accent-foreground",
);

export function Switch(props: Omit<ComponentProps<typeof SwitchPrimitive.Root>, "children">) {
  return (
    <SwitchRoot {...props}>
      <SwitchPrimitive.Thumb data-slot="switch-thumb" className={thumbClassName} />
    </SwitchRoot>
  );
}
