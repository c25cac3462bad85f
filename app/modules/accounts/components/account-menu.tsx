/**
 * The account entry of the navigation: 'Zaloguj się' for guests; for signed-in users an avatar (first
 * letter of the e-mail) opening a menu 'Moje konto', 'Zamówienia', 'Wyloguj się'. Keyboard: Enter,
 * Space or ↓ opens it, arrows move, Escape closes and returns focus to the avatar. Before hydration the
 * avatar is a plain link to /account (whose sidebar has the same entries).
 */

import { LogOut, Package, UserRound } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useLocation, useSubmit } from "react-router";
import { useHydrated } from "~/components/enhanced-field";
import { cn, joinClasses } from "~/lib/utils";
import { LogoutForm } from "./logout-form";

const AccountDropdown = lazy(() => import("./account-dropdown"));

const avatarClass = joinClasses(
  "inline-flex size-10 shrink-0 cursor-pointer items-center justify-center rounded-full bg-electric font-bold text-white uppercase",
  "ring-offset-2 ring-offset-background transition-shadow hover:ring-2 hover:ring-accent",
  "outline-hidden focus-visible:ring-2 focus-visible:ring-accent data-[state=open]:ring-2 data-[state=open]:ring-accent",
);

/** Submits the logout form's fields (the same POST the form makes before hydration). */
function useLogout() {
  const submit = useSubmit();
  const location = useLocation();
  return () =>
    submit(
      { intent: "logout", redirectTo: `${location.pathname}${location.search}` },
      { method: "post", action: "/logout" },
    );
}

export function AccountMenu({ userEmail }: { userEmail: string | null }) {
  const hydrated = useHydrated();
  const logout = useLogout();

  if (!userEmail) {
    return (
      <Link
        to="/auth"
        className="hidden rounded-md border border-border px-4 py-2 font-bold text-sm uppercase tracking-wide hover:border-accent hover:text-accent md:inline-flex"
      >
        Zaloguj się
      </Link>
    );
  }
  const initial = userEmail.charAt(0);
  const avatarLink = (
    <Link to="/account" aria-label={`Moje konto (${userEmail})`} className={avatarClass}>
      {initial}
    </Link>
  );
  // The menu (Radix dropdown, ~15 KB) is fetched after hydration and only for signed-in visitors.
  if (!hydrated) return avatarLink;
  return (
    <Suspense fallback={avatarLink}>
      <AccountDropdown userEmail={userEmail} avatarClass={avatarClass} onLogout={logout} />
    </Suspense>
  );
}

const mobileLinkClass =
  "inline-flex items-center gap-3 rounded-md px-3 py-3 font-bold uppercase hover:bg-surface-2 hover:text-accent";

/** The account part of the mobile menu. */
export function MobileAccountLinks({ userEmail }: { userEmail: string | null }) {
  if (!userEmail) {
    return (
      <Link
        to="/auth"
        className="mt-4 inline-flex items-center gap-2 rounded-md border border-border px-3 py-3 font-bold uppercase hover:border-accent"
      >
        <UserRound className="size-5" aria-hidden="true" />
        Zaloguj się
      </Link>
    );
  }
  return (
    <div className="mt-4 grid gap-1 border-border border-t pt-4" data-testid="mobile-account">
      <div className="mb-2 flex items-center gap-3 px-3">
        <span aria-hidden="true" className={cn(avatarClass, "size-9 cursor-default hover:ring-0")}>
          {userEmail.charAt(0)}
        </span>
        <span className="min-w-0 truncate text-muted text-sm">{userEmail}</span>
      </div>
      <Link to="/account" className={mobileLinkClass}>
        <UserRound className="size-5" aria-hidden="true" />
        Moje konto
      </Link>
      <Link to="/account/orders" className={mobileLinkClass}>
        <Package className="size-5" aria-hidden="true" />
        Zamówienia
      </Link>
      <LogoutForm className={cn(mobileLinkClass, "w-full text-muted hover:text-hot")}>
        <LogOut className="size-5" aria-hidden="true" />
        Wyloguj się
      </LogoutForm>
    </div>
  );
}
