import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

export type BreadcrumbItem = { label: string; to: string };

/**
 * "Strona główna › … › current page": a navigation landmark with an ordered list; the last item is
 * the current page (not a link, `aria-current="page"`). Pair with `breadcrumbJsonLd` for search engines.
 */
export function Breadcrumbs({ items, className }: { items: readonly BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label="Ścieżka nawigacji" className={cn("text-sm", className)} data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${item.to}-${index}`} className="inline-flex min-w-0 items-center gap-1.5">
              {last ? (
                <span aria-current="page" className="truncate font-bold text-foreground">
                  {item.label}
                </span>
              ) : (
                <>
                  <Link to={item.to} className="underline-offset-4 hover:text-accent hover:underline">
                    {item.label}
                  </Link>
                  <ChevronRight aria-hidden="true" className="size-3.5 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
