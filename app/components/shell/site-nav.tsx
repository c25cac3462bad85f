import { ShoppingBag } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { navLinks } from "~/components/nav-links";
import { MobileMenu } from "~/components/shell/mobile-menu";
import { useScrolledPast } from "~/components/use-scrolled-past";
import { cn } from "~/lib/utils";
import { AccountMenu } from "~/modules/accounts/components/account-menu";
import { useCartCount } from "~/modules/cart/cart-count";

// The cart preview (with its checkout button) is fetched when the pointer or focus reaches the cart link;
// it opens 200 ms later, by which time the chunk is usually there.
const loadCartPreview = () => import("~/modules/cart/components/cart-preview");
const CartPreview = lazy(() => loadCartPreview().then((module) => ({ default: module.CartPreview })));

/** Nav becomes solid after this many pixels of scroll (SPEC §9). */
export const NAV_SOLID_AFTER_PX = 50;

/** Hover preview timing (SPEC §9): opens after 200 ms, closes after 100 ms. */
export const CART_PREVIEW_OPEN_MS = 200;
export const CART_PREVIEW_CLOSE_MS = 100;

/**
 * Cart icon with its item-count badge and, on desktop, the cart preview: opens on mouse hover (after
 * 200 ms) and on keyboard focus, closes 100 ms after the pointer or focus leaves, or on Escape. The
 * preview follows the link in the DOM, so keyboard users tab straight into its buttons.
 */
function CartLink() {
  const count = useCartCount();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const linkRef = useRef<HTMLAnchorElement>(null);
  // Escape returns focus to the link without opening the preview again.
  const skipFocusOpen = useRef(false);
  const location = useLocation();

  const schedule = (next: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of navigation itself
  useEffect(() => {
    clearTimeout(timer.current);
    setOpen(false);
  }, [location.pathname, location.search]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only show/hide the preview; the link and buttons inside stay the interactive elements
    <div
      className="relative"
      data-testid="cart-preview-anchor"
      onPointerEnter={(event) => {
        void loadCartPreview();
        if (event.pointerType === "mouse") schedule(true, CART_PREVIEW_OPEN_MS);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === "mouse") schedule(false, CART_PREVIEW_CLOSE_MS);
      }}
      onFocus={(event) => {
        void loadCartPreview();
        // Keyboard focus opens it; a tap or click (which navigates anyway) does not.
        const target = event.target as HTMLElement;
        if (skipFocusOpen.current) {
          skipFocusOpen.current = false;
          return;
        }
        if (target === linkRef.current && !target.matches(":focus-visible")) return;
        clearTimeout(timer.current);
        setOpen(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          schedule(false, CART_PREVIEW_CLOSE_MS);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          clearTimeout(timer.current);
          setOpen(false);
          if (document.activeElement !== linkRef.current) {
            skipFocusOpen.current = true;
            linkRef.current?.focus();
          }
        }
      }}
    >
      <Link
        ref={linkRef}
        to="/cart"
        className="relative inline-flex size-11 items-center justify-center rounded-md text-foreground hover:bg-surface-2"
        aria-label={count > 0 ? `Koszyk, produkty: ${count}` : "Koszyk"}
        data-testid="cart-link"
      >
        <ShoppingBag className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            data-testid="cart-badge"
            className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-hot px-1 text-xs font-bold leading-5 text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Link>
      {open ? (
        <section
          aria-label="Podgląd koszyka"
          className="absolute top-full right-0 z-50 hidden w-80 pt-2 md:block"
        >
          <div className="animate-overlay-in rounded-md border border-border bg-surface p-4 shadow-2xl shadow-black/60">
            <Suspense fallback={<p className="text-muted text-sm">Ładowanie…</p>}>
              <CartPreview onNavigate={() => setOpen(false)} />
            </Suspense>
          </div>
        </section>
      ) : null}
    </div>
  );
}

function AccountLink({ userEmail }: { userEmail: string | null }) {
  return <AccountMenu userEmail={userEmail} />;
}

export function SiteNav({ siteName, userEmail }: { siteName: string; userEmail: string | null }) {
  const solid = useScrolledPast(NAV_SOLID_AFTER_PX);
  return (
    <header
      data-testid="site-nav"
      data-solid={solid ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-50 transition-colors duration-300 print:hidden",
        solid
          ? "border-b border-border bg-background/95 backdrop-blur"
          : "border-b border-transparent bg-transparent",
      )}
    >
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link
          to="/"
          className="font-display text-2xl tracking-tight text-foreground"
          aria-label={`${siteName} — strona główna`}
        >
          {siteName}
        </Link>
        <nav aria-label="Główna nawigacja" className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-2 text-sm font-bold uppercase tracking-wider hover:text-accent",
                  isActive && !link.to.includes("#") ? "text-accent" : "text-foreground",
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <CartLink />
          <AccountLink userEmail={userEmail} />
          <MobileMenu userEmail={userEmail} />
        </div>
      </div>
    </header>
  );
}
