import { Tabs as TabsPrimitive } from "radix-ui";
import { joinClasses } from "~/lib/utils";
import { styled } from "./styled";

export const Tabs = styled(
  TabsPrimitive.Root,
  "tabs",
  "flex flex-col gap-4 data-[orientation=vertical]:flex-row",
);

export const TabsList = styled(
  TabsPrimitive.List,
  "tabs-list",
  joinClasses(
    "inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-md border border-border bg-surface p-1",
    "data-[orientation=vertical]:flex-col data-[orientation=vertical]:items-stretch",
  ),
);

export const TabsTrigger = styled(
  TabsPrimitive.Trigger,
  "tabs-trigger",
  joinClasses(
    "inline-flex h-9 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-sm px-4",
    "font-bold text-muted text-sm uppercase tracking-wide transition-colors hover:text-foreground",
    "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
    "data-[state=active]:bg-accent data-[state=active]:text-accent-foreground",
    "disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0",
  ),
);

export const TabsContent = styled(
  TabsPrimitive.Content,
  "tabs-content",
  joinClasses(
    "flex-1 rounded-sm outline-hidden focus-visible:outline-2 focus-visible:outline-offset-4",
    "focus-visible:outline-accent",
  ),
);
