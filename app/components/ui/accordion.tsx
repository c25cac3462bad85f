/**
 * Accordion after the WAI-ARIA pattern: each header is a button in a heading with `aria-expanded`
 * and `aria-controls`, the panel is a labelled region, arrow keys, Home and End move between the
 * headers. The API follows Radix's (type single/multiple, collapsible, value/defaultValue), but it
 * is plain state: Radix measured every panel in a layout effect while the page hydrated, a forced
 * layout per item on the product page (decision 014). Closed panels are not rendered, but for a
 * browser without scripts, which shows their text (`<noscript>`) under the headers.
 */
import { ChevronDown } from "lucide-react";
import {
  type ComponentProps,
  type Context,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  use,
  useId,
  useState,
} from "react";
import { cn } from "~/lib/utils";

type AccordionState = {
  /** Whether a closed panel's text is given to a browser without scripts (`<noscript>`). */
  noScriptText: boolean;
  isOpen(value: string): boolean;
  /** Whether the item was toggled by hand: only those animate (not what the page opened with). */
  wasToggled(value: string): boolean;
  toggle(value: string): void;
};
type ItemState = { value: string; open: boolean; animate: boolean; triggerId: string; panelId: string };

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<ItemState | null>(null);

function useRequired<T>(context: Context<T | null>, component: string): T {
  const value = use(context);
  if (!value) throw new Error(`${component} must be used inside its Accordion parts`);
  return value;
}

type RootProps = Omit<ComponentProps<"div">, "defaultValue" | "onChange" | "dir"> & {
  /** False where the page gives the whole text without scripts itself (the legal documents). */
  noScriptText?: boolean;
} & (
    | {
        type: "single";
        collapsible?: boolean;
        value?: string;
        defaultValue?: string;
        onValueChange?: (value: string) => void;
      }
    | {
        type: "multiple";
        value?: string[];
        defaultValue?: string[];
        onValueChange?: (value: string[]) => void;
      }
  );

const asList = (value: string | string[] | undefined) =>
  value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value];

/**
 * The open items after a click on `item`'s header. "single" keeps at most one open, and unless it is
 * collapsible the open one stays open (the same array comes back: nothing changed).
 */
export function toggledItems(
  open: string[],
  item: string,
  type: "single" | "multiple",
  collapsible = false,
): string[] {
  const isOpen = open.includes(item);
  if (type === "multiple") return isOpen ? open.filter((candidate) => candidate !== item) : [...open, item];
  if (isOpen) return collapsible ? [] : open;
  return [item];
}

export function Accordion(props: RootProps) {
  const {
    type,
    value,
    defaultValue,
    onValueChange,
    children,
    collapsible,
    noScriptText = true,
    ...rest
  } = props as RootProps & { collapsible?: boolean };
  const [uncontrolled, setUncontrolled] = useState<string[]>(() => asList(defaultValue));
  const [toggled, setToggled] = useState<string[]>([]);
  const open = value === undefined ? uncontrolled : asList(value);

  const state: AccordionState = {
    noScriptText,
    isOpen: (item) => open.includes(item),
    wasToggled: (item) => toggled.includes(item),
    toggle(item) {
      if (!toggled.includes(item)) setToggled([...toggled, item]);
      const next = toggledItems(open, item, type, collapsible);
      if (next === open) return;
      if (value === undefined) setUncontrolled(next);
      if (type === "multiple") (onValueChange as ((value: string[]) => void) | undefined)?.(next);
      else (onValueChange as ((value: string) => void) | undefined)?.(next[0] ?? "");
    },
  };

  return (
    <AccordionContext value={state}>
      <div data-slot="accordion" {...rest}>
        {children}
      </div>
    </AccordionContext>
  );
}

export function AccordionItem({
  value,
  className,
  children,
  ...props
}: ComponentProps<"div"> & { value: string }) {
  const accordion = useRequired(AccordionContext, "AccordionItem");
  const id = useId();
  const open = accordion.isOpen(value);
  return (
    <ItemContext
      value={{
        value,
        open,
        animate: accordion.wasToggled(value),
        triggerId: `${id}-trigger`,
        panelId: `${id}-panel`,
      }}
    >
      <div
        data-slot="accordion-item"
        data-state={open ? "open" : "closed"}
        className={cn("border-border border-b", className)}
        {...props}
      >
        {children}
      </div>
    </ItemContext>
  );
}

/** Arrow keys, Home and End move the focus between the headers of one accordion. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const root = event.currentTarget.closest("[data-slot=accordion]");
  if (!root) return;
  const triggers = [...root.querySelectorAll<HTMLButtonElement>("[data-slot=accordion-trigger]")].filter(
    (trigger) => trigger.closest("[data-slot=accordion]") === root && !trigger.disabled,
  );
  const index = triggers.indexOf(event.currentTarget);
  const target = {
    ArrowDown: triggers[(index + 1) % triggers.length],
    ArrowUp: triggers[(index - 1 + triggers.length) % triggers.length],
    Home: triggers[0],
    End: triggers[triggers.length - 1],
  }[event.key];
  if (!target) return;
  event.preventDefault();
  target.focus();
}

export function AccordionTrigger({
  className,
  children,
  onClick,
  onKeyDown,
  ...props
}: ComponentProps<"button">) {
  const accordion = useRequired(AccordionContext, "AccordionTrigger");
  const item = useRequired(ItemContext, "AccordionTrigger");
  return (
    <h3 className="flex">
      <button
        type="button"
        id={item.triggerId}
        aria-controls={item.panelId}
        aria-expanded={item.open}
        data-state={item.open ? "open" : "closed"}
        data-slot="accordion-trigger"
        className={cn(
          "group flex flex-1 cursor-pointer items-center justify-between gap-4 py-5 text-left",
          "font-bold text-base text-foreground uppercase tracking-wide transition-colors hover:text-accent",
          "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
          "disabled:pointer-events-none disabled:opacity-50",
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) accordion.toggle(item.value);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (!event.defaultPrevented) moveFocus(event);
        }}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-accent transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </button>
    </h3>
  );
}

export function AccordionContent({ className, children }: { className?: string; children?: ReactNode }) {
  const { noScriptText } = useRequired(AccordionContext, "AccordionContent");
  const item = useRequired(ItemContext, "AccordionContent");
  return (
    <>
      {/* A section named by its header is a region landmark, as the pattern asks. */}
      <section
        id={item.panelId}
        aria-labelledby={item.triggerId}
        data-slot="accordion-content"
        data-state={item.open ? "open" : "closed"}
        hidden={!item.open}
        className="text-muted"
      >
        {item.open ? (
          <div className={cn("pb-5 leading-relaxed", item.animate && "animate-accordion-down", className)}>
            {children}
          </div>
        ) : null}
      </section>
      {/* Without scripts the headers cannot open anything: a closed panel's text is shown as it is. */}
      {item.open || !noScriptText ? null : (
        <noscript>
          <div className={cn("pb-5 text-muted leading-relaxed", className)}>{children}</div>
        </noscript>
      )}
    </>
  );
}
