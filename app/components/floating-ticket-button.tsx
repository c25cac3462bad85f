import { Ticket } from "lucide-react";

/**
 * Buy-ticket button that appears after one viewport height of scroll and opens the ticket seller (in a
 * new tab), or for a night sold here goes to its page's tickets section (`/wydarzenia/…#bilety`). A
 * plain link revealed by a scroll-driven animation (`reveal-after-viewport` in app.css): it works
 * from the first paint, without JavaScript. While hidden it is `visibility: hidden`, so it is out of
 * the tab order and the accessibility tree; without scroll-driven animations it is always shown.
 */
export function FloatingTicketButton({ href }: { href: string }) {
  const outside = !href.startsWith("/");
  return (
    <a
      href={href}
      {...(outside ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      data-testid="floating-ticket"
      className="reveal-after-viewport fixed right-5 bottom-5 z-40 inline-flex items-center gap-2 rounded-full bg-accent px-6 py-4 font-display text-base text-accent-foreground shadow-glow print:hidden"
    >
      <Ticket className="size-5" aria-hidden="true" />
      Kup bilet
    </a>
  );
}
