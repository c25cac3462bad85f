import { data, isRouteErrorResponse, Link, Outlet, useLocation } from "react-router";
import { requireRole } from "~/modules/accounts/roles.server";
import { accessProblemOf, adminAccessMessages } from "~/modules/admin/access";
import { activeAdminTab, PANEL_ROLES, tabsFor } from "~/modules/admin/admin-tabs";
import { AccessRedirect } from "~/modules/admin/components/access-screen";
import { AdminTabsNav } from "~/modules/admin/components/admin-tabs-nav";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { useRootData } from "~/root";
import type { Route } from "./+types/layout";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireRole({ request, context }, PANEL_ROLES);
  return data({ email: user.email, tabs: tabsFor(user.roles) });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const { site } = useRootData();
  const activeTab = activeAdminTab(location.pathname);

  return (
    <div className="container-page pb-16 pt-24">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-bold text-accent text-xs uppercase tracking-[0.3em]">{site.name}</p>
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
