/**
 * The mobile menu: a `popover` panel opened by a `popovertarget` button, so it works from the first
 * paint, without JavaScript and before hydration. The browser gives what the Radix sheet gave: the
 * panel in the top layer over a backdrop, Escape or a tap on the backdrop closes it and focus goes back
 * to the button, and the panel follows the button in the tab order. The script only closes it on a
 * route change (SPEC: "closes on route change") and keeps `aria-expanded` in step.
 */

import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { useHydrated } from "~/components/enhanced-field";
import { navLinks } from "~/components/nav-links";
import { joinClasses } from "~/lib/utils";
import { MobileAccountLinks } from "~/modules/accounts/components/account-menu";

export const MOBILE_MENU_ID = "mobile-menu";

const panelClassName = joinClasses(
  // The popover's own box: full height from the right, over a dimmed, blurred page.
  "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[85vw] max-w-sm overflow-y-auto",
  "border-0 border-border border-l bg-surface p-6 text-foreground shadow-2xl shadow-black/60",
  "backdrop:bg-black/75 backdrop:backdrop-blur-sm",
  // Slides in and out (display and overlay stay until the slide has finished).
  "translate-x-full transition-[translate,display,overlay] transition-discrete duration-250 ease-out",
  "open:translate-x-0 starting:open:translate-x-full",
);

const linkClassName = "rounded-md px-3 py-3 font-display text-2xl hover:bg-surface-2 hover:text-accent";

export function MobileMenu({ userEmail }: { userEmail: string | null }) {
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const location = useLocation();
  const place = `${location.pathname}${location.search}${location.hash}`;
  const shownAt = useRef(place);

  // The menu closes on every route change (including hash changes such as /#agenda); not on the
  // first render, where a menu opened before hydration stays open.
  useEffect(() => {
    if (shownAt.current === place) return;
    shownAt.current = place;
    const element = panel.current;
    if (element?.matches(":popover-open")) element.hidePopover();
  }, [place]);

  // `aria-expanded` follows the popover (set only after hydration: before it, the browser derives
  // the state from `popovertarget` itself, where a server-rendered "false" would go stale).
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onToggle = (event: Event) => setOpen((event as ToggleEvent).newState === "open");
    setOpen(element.matches(":popover-open"));
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, []);

  return (
    <>
      <button
        type="button"
        popoverTarget={MOBILE_MENU_ID}
        className="inline-flex size-11 cursor-pointer items-center justify-center rounded-md hover:bg-surface-2 md:hidden"
        aria-label="Otwórz menu"
        aria-haspopup="dialog"
        aria-expanded={hydrated ? open : undefined}
        aria-controls={MOBILE_MENU_ID}
        data-state={open ? "open" : "closed"}
        data-testid="mobile-menu-button"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <div
        ref={panel}
        id={MOBILE_MENU_ID}
        popover="auto"
        role="dialog"
        aria-labelledby="mobile-menu-title"
        className={panelClassName}
        data-testid="mobile-menu"
      >
        <h2 id="mobile-menu-title" className="font-display text-2xl leading-tight">
          Menu
        </h2>
        <nav aria-label="Menu mobilne" className="mt-8 flex flex-col gap-2">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to} className={linkClassName}>
              {link.label}
            </Link>
          ))}
          <Link to="/cart" className={linkClassName}>
            Koszyk
          </Link>
          <MobileAccountLinks userEmail={userEmail} />
        </nav>
        <button
          type="button"
          popoverTarget={MOBILE_MENU_ID}
          popoverTargetAction="hide"
          className="absolute top-4 right-4 inline-flex size-11 cursor-pointer items-center justify-center rounded-sm text-muted transition-colors hover:bg-surface-2 hover:text-foreground"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Zamknij</span>
        </button>
      </div>
    </>
  );
}
