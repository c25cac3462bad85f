import { Ticket } from "lucide-react";
import { useCallback } from "react";
import { cn } from "~/lib/utils";
import { useScrolledPast } from "./use-scrolled-past";

/**
 * Buy-ticket button that appears after one viewport height of scroll and opens the ticket seller.
 * While hidden it is `visibility: hidden`, so it is out of the tab order and the accessibility tree.
 */
export function FloatingTicketButton({ href }: { href: string }) {
  const viewportHeight = useCallback(() => window.innerHeight, []);
  const visible = useScrolledPast(viewportHeight);
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="floating-ticket"
      className={cn(
        "fixed bottom-5 right-5 z-40 print:hidden inline-flex items-center gap-2 rounded-full bg-accent px-6 py-4 font-display text-base text-accent-foreground shadow-glow transition-all duration-300",
        visible
          ? "visible translate-y-0 opacity-100"
          : "pointer-events-none invisible translate-y-6 opacity-0",
      )}
    >
      <Ticket className="size-5" aria-hidden="true" />
      Kup bilet
    </a>
  );
}
