import { CalendarPlus, ChevronDown, Download, ExternalLink } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";

/**
 * "Dodaj do kalendarza": a native disclosure (works before hydration) offering the .ics file and a
 * Google Calendar link. Once hydrated, Escape and a click outside close it.
 */
export function AddToCalendar({
  icsUrl,
  googleUrl,
  fileName,
  className,
}: {
  icsUrl: string;
  googleUrl: string;
  fileName: string;
  className?: string;
}) {
  const details = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, []);

  return (
    <details
      ref={details}
      className={cn("group relative", className)}
      data-testid="add-to-calendar"
      onKeyDown={(event) => {
        if (event.key === "Escape" && details.current?.open) {
          details.current.open = false;
          details.current.querySelector("summary")?.focus();
        }
      }}
    >
      <summary
        className={cn(
          "inline-flex h-14 cursor-pointer list-none items-center gap-2 rounded-sm px-1 text-sm sm:px-5 font-bold uppercase tracking-wide",
          "text-foreground transition-colors hover:text-accent [&::-webkit-details-marker]:hidden",
          "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
        )}
      >
        <CalendarPlus aria-hidden="true" className="size-5" />
        Dodaj do kalendarza
        <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 z-20 mt-2 w-72 overflow-hidden rounded-md border border-border bg-surface/95 p-1.5 shadow-2xl shadow-black/60 backdrop-blur">
        <li>
          <a
            href={icsUrl}
            download={fileName}
            className="flex items-center gap-3 rounded-sm px-3 py-3 text-sm font-bold hover:bg-surface-2 hover:text-accent"
          >
            <Download aria-hidden="true" className="size-4 shrink-0" />
            <span>
              Plik .ics
              <span className="block text-xs font-normal text-muted">Apple, Outlook i inne kalendarze</span>
            </span>
          </a>
        </li>
        <li>
          <a
            href={googleUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-3 rounded-sm px-3 py-3 text-sm font-bold hover:bg-surface-2 hover:text-accent"
          >
            <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
            <span>
              Kalendarz Google
              <span className="block text-xs font-normal text-muted">Otwiera się w nowej karcie</span>
            </span>
          </a>
        </li>
      </ul>
    </details>
  );
}
