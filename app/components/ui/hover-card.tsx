import { HoverCard as HoverCardPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** Hover/focus preview. Not reachable by touch or screen readers alone: never put the only copy of content here. */
export function HoverCard({
  openDelay = 300,
  closeDelay = 150,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Root>) {
  return <HoverCardPrimitive.Root openDelay={openDelay} closeDelay={closeDelay} {...props} />;
}

export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({
  className,
  align = "center",
  sideOffset = 6,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        data-slot="hover-card-content"
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "z-50 w-72 rounded-md border border-border bg-surface p-4 text-foreground shadow-2xl shadow-black/60",
          "outline-hidden data-[state=open]:animate-overlay-in data-[state=closed]:animate-overlay-out",
          className,
        )}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
