import { Menu, ShoppingBag, User } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "~/components/ui/sheet";
import { cn } from "~/lib/utils";
import { useCart } from "~/modules/cart/cart-context";
import { useScrolledPast } from "./use-scrolled-past";

export const navLinks = [
  { to: "/#agenda", label: "Timetable" },
  { to: "/rezydenci", label: "Rezydenci" },
  { to: "/ambasadorzy", label: "Ambasadorzy" },
  { to: "/merch", label: "Merch" },
] as const;

/** Nav becomes solid after this many pixels of scroll (SPEC §9). */
export const NAV_SOLID_AFTER_PX = 50;

function CartLink() {
  const { getCartItemsCount, ready } = useCart();
  const count = ready ? getCartItemsCount() : 0;
  return (
    <Link
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
  );
}

function AccountLink({ userEmail }: { userEmail: string | null }) {
  if (!userEmail) {
    return (
      <Link
        to="/auth"
        className="hidden rounded-md border border-border px-4 py-2 text-sm font-bold uppercase tracking-wide hover:border-accent hover:text-accent md:inline-flex"
      >
        Zaloguj się
      </Link>
    );
  }
  return (
    <Link
      to="/account"
      aria-label={`Moje konto (${userEmail})`}
      className="inline-flex size-9 items-center justify-center rounded-full bg-electric font-bold uppercase text-white"
    >
      {userEmail.charAt(0)}
    </Link>
  );
}

function MobileMenu({ userEmail }: { userEmail: string | null }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // The menu closes on every route change (including hash changes such as /#agenda).
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of navigation itself
  useEffect(() => setOpen(false), [location.pathname, location.search, location.hash]);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-md hover:bg-surface-2 md:hidden"
          aria-label="Otwórz menu"
          data-testid="mobile-menu-button"
        >
          <Menu className="size-6" aria-hidden="true" />
        </button>
      </SheetTrigger>
      <SheetContent side="right" className="w-[85vw] max-w-sm" data-testid="mobile-menu">
        <SheetTitle className="font-display text-2xl">Menu</SheetTitle>
        <SheetDescription className="sr-only">Nawigacja po stronie</SheetDescription>
        <nav aria-label="Menu mobilne" className="mt-8 flex flex-col gap-2">
          {navLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-md px-3 py-3 font-display text-2xl hover:bg-surface-2 hover:text-accent"
            >
              {link.label}
            </Link>
          ))}
          <Link
            to="/cart"
            className="rounded-md px-3 py-3 font-display text-2xl hover:bg-surface-2 hover:text-accent"
          >
            Koszyk
          </Link>
          <Link
            to={userEmail ? "/account" : "/auth"}
            className="mt-4 inline-flex items-center gap-2 rounded-md border border-border px-3 py-3 font-bold uppercase hover:border-accent"
          >
            <User className="size-5" aria-hidden="true" />
            {userEmail ? "Moje konto" : "Zaloguj się"}
          </Link>
        </nav>
      </SheetContent>
    </Sheet>
  );
}

export function SiteNav({ siteName, userEmail }: { siteName: string; userEmail: string | null }) {
  const solid = useScrolledPast(NAV_SOLID_AFTER_PX);
  return (
    <header
      data-testid="site-nav"
      data-solid={solid ? "true" : "false"}
      className={cn(
        "fixed inset-x-0 top-0 z-50 transition-colors duration-300",
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
