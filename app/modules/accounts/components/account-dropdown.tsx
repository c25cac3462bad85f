/**
 * The signed-in account menu (Radix dropdown), loaded lazily by account-menu.tsx so that guests, and
 * the first paint of every page, don't pay for the dropdown and its positioning code.
 */
import { LogOut, Package, UserRound } from "lucide-react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

export default function AccountDropdown({
  userEmail,
  avatarClass,
  onLogout,
}: {
  userEmail: string;
  avatarClass: string;
  onLogout: () => void;
}) {
  const initial = userEmail.charAt(0);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={avatarClass}
        aria-label={`Menu konta (${userEmail})`}
        data-testid="account-menu-trigger"
      >
        {initial}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" data-testid="account-menu">
        <DropdownMenuLabel className="truncate font-normal normal-case tracking-normal" title={userEmail}>
          <span className="block text-[0.65rem] uppercase tracking-widest">Zalogowano jako</span>
          <span className="block truncate text-foreground text-sm">{userEmail}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/account">
            <UserRound aria-hidden="true" />
            Moje konto
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/account/orders">
            <Package aria-hidden="true" />
            Zamówienia
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Wyloguj się
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
