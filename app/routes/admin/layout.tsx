// /admin/*: the panel's frame (title, tabs, one-shot toasts) and its access screens.
// Every child loader and action checks its own role itself; this loader only guards the frame, which
// admins and moderators may enter (moderators see the galleries and ambassadors tabs only).
import { useEffect, useRef } from "react";
import { data, isRouteErrorResponse, Link, Outlet, useLocation } from "react-router";
import { toast } from "~/components/ui/toaster";
import { requireRole } from "~/modules/accounts/roles.server";
import { accessProblemOf, adminAccessMessages } from "~/modules/admin/access";
import { activeAdminTab, PANEL_ROLES, tabsFor } from "~/modules/admin/admin-tabs";
import { AccessRedirect } from "~/modules/admin/components/access-screen";
import { AdminTabsNav } from "~/modules/admin/components/admin-tabs-nav";
import { adminFlashToasts, clearAdminFlashCookie, readAdminFlash } from "~/modules/admin/flash";
import { adminHeaders, secureCookies } from "~/modules/admin/http.server";
import type { Route } from "./+types/layout";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRole(request, PANEL_ROLES);
  const flash = readAdminFlash(request.headers.get("cookie"));
  return data(
    {
      email: user.email,
      tabs: tabsFor(user.roles),
      flash: flash ? { kind: flash, id: crypto.randomUUID() } : null,
    },
    flash ? { headers: { "Set-Cookie": clearAdminFlashCookie({ secure: secureCookies() }) } } : undefined,
  );
}

function useFlashToast(flash: Route.ComponentProps["loaderData"]["flash"]) {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!flash || shown.current === flash.id) return;
    shown.current = flash.id;
    const message = adminFlashToasts[flash.kind];
    if (message.type === "success") toast.success(message.title);
    else toast.error(message.title);
  }, [flash]);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const activeTab = activeAdminTab(location.pathname);
  useFlashToast(loaderData.flash);

  return (
    <div className="container-page pb-16 pt-24">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-bold text-accent text-xs uppercase tracking-[0.3em]">NOKTURN</p>
          <h1 className="font-display text-3xl md:text-4xl">PANEL ADMINA</h1>
        </div>
        <p className="text-muted text-sm">
          Zalogowano jako <span className="font-semibold text-foreground">{loaderData.email}</span>
        </p>
      </header>
      <AdminTabsNav active={activeTab} tabs={loaderData.tabs} />
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const problem = accessProblemOf(error.status);
    if (problem) {
      const message = (error.data as { message?: string } | null)?.message;
      return (
        <AccessRedirect
          problem={
            problem === "forbidden" && message === adminAccessMessages.checkFailed ? "check-failed" : problem
          }
        />
      );
    }
  }
  return (
    <section className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-5 pt-24 text-center">
      <p className="font-display text-5xl text-hot">BŁĄD</p>
      <h1 className="font-bold text-2xl">Panel nie mógł się wczytać</h1>
      <p className="max-w-md text-muted">
        Spróbuj odświeżyć stronę. Jeśli problem wraca, sprawdź logi serwera.
      </p>
      <Link
        to="/admin"
        reloadDocument
        className="rounded-md bg-accent px-6 py-3 font-bold text-accent-foreground uppercase tracking-wide"
      >
        Odśwież panel
      </Link>
    </section>
  );
}
