/**
 * The mobile menu's panel (Radix dialog as a sheet). site-nav.tsx fetches this module on the first tap
 * of the menu button, so phones don't download the dialog code with every page.
 */
import { Link } from "react-router";
import { navLinks } from "~/components/nav-links";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import { MobileAccountLinks } from "~/modules/accounts/components/account-menu";

export default function MobileMenuSheet({
  open,
  onOpenChange,
  userEmail,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userEmail: string | null;
  /** The menu button, which gets focus back when the menu closes. */
  trigger: React.RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        className="w-[85vw] max-w-sm"
        data-testid="mobile-menu"
        id="mobile-menu"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
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
          <MobileAccountLinks userEmail={userEmail} />
        </nav>
      </SheetContent>
    </Sheet>
  );
}
