// The frame of /account, /account/orders and /account/bilety: the sidebar (Profil, Zamówienia, Moje
// bilety, Panel Admina, logout).
import { LayoutDashboard, Package, ScanLine, Ticket, UserRound } from "lucide-react";
import { NavLink, Outlet, useNavigation } from "react-router";
import { privatePageHeaders } from "~/lib/private-page";
import { cn } from "~/lib/utils";
import { LogoutForm } from "~/modules/accounts/components/logout-form";
import { getUserRoles, requireUser } from "~/modules/accounts/roles.server";
import { keptRoles } from "~/modules/accounts/session-cache.server";
import type { Route } from "./+types/account-layout";

export const headers = privatePageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser({ request, context });
  // Only which links to show: the panel checks the role itself.
  const roles = await keptRoles(user.id, () => getUserRoles(user.id)).catch((): string[] => []);
  return { email: user.email, isAdmin: roles.includes("admin"), isDoor: roles.includes("door") };
}

const itemClass =
  "flex w-full items-center gap-3 rounded-md px-3 py-2.5 font-bold text-sm uppercase tracking-wide transition-colors";

function SidebarLink({
  to,
  end,
  icon: Icon,
  children,
}: {
  to: string;
  end?: boolean;
  icon: typeof UserRound;
  children: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      prefetch="intent"
      className={({ isActive }) =>
        cn(
          itemClass,
          isActive
            ? "bg-accent text-accent-foreground"
            : "text-foreground hover:bg-surface-2 hover:text-accent",
        )
      }
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </NavLink>
  );
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/account");
  return (
    <div className="container-page grid gap-8 pt-24 pb-16 md:grid-cols-[15rem_minmax(0,1fr)] md:gap-10 md:pt-28 lg:gap-14">
      <aside className="md:sticky md:top-24 md:self-start">
        <div className="rounded-lg border border-border bg-surface p-3">
          <div className="flex items-center gap-3 border-border border-b px-2 pb-3">
            <span
              aria-hidden="true"
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-electric font-bold text-lg text-white uppercase"
            >
              {loaderData.email.charAt(0)}
            </span>
            <p className="min-w-0 truncate text-muted text-sm" title={loaderData.email}>
              {loaderData.email}
            </p>
          </div>
          <nav aria-label="Konto" className="mt-3">
            <ul className="grid grid-cols-2 gap-1 md:grid-cols-1">
              <li>
                <SidebarLink to="/account" end icon={UserRound}>
                  Profil
                </SidebarLink>
              </li>
              <li>
                <SidebarLink to="/account/orders" icon={Package}>
                  Zamówienia
                </SidebarLink>
              </li>
              <li>
                <SidebarLink to="/account/bilety" icon={Ticket}>
                  Moje bilety
                </SidebarLink>
              </li>
              {loaderData.isAdmin ? (
                <li className="col-span-2 md:col-span-1">
                  <SidebarLink to="/admin" icon={LayoutDashboard}>
                    Panel Admina
                  </SidebarLink>
                </li>
              ) : null}
              {loaderData.isDoor ? (
                <li className="col-span-2 md:col-span-1">
                  <SidebarLink to="/bramka" icon={ScanLine}>
                    Bramka
                  </SidebarLink>
                </li>
              ) : null}
              <li className="col-span-2 mt-1 border-border border-t pt-2 md:col-span-1">
                <LogoutForm className={cn(itemClass, "text-muted hover:bg-surface-2 hover:text-hot")} />
              </li>
            </ul>
          </nav>
        </div>
      </aside>
      <div className="relative min-w-0" aria-busy={loading || undefined}>
        {loading ? (
          <p
            role="status"
            className="absolute top-0 right-0 z-10 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 font-bold text-muted text-xs uppercase tracking-widest"
          >
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-accent" />
            Ładowanie...
          </p>
        ) : null}
        <div className={cn("transition-opacity", loading && "pointer-events-none opacity-40")}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
