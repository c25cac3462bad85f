// GET /admin/dashboard/export.csv?tabela=…&od=…&do=…: one table of "Pulpit" as CSV (issue #41).
import { data } from "react-router";
import { now } from "~/lib/clock.server";
import { toWarsawLocal } from "~/lib/warsaw-time";
import { requireTab } from "~/modules/admin/tab-access.server";
import { dashboardTableCsv, parseDashboardRange, parseDashboardTable } from "~/modules/dashboard/dashboard";
import { dashboardView } from "~/modules/dashboard/dashboard-view.server";
import type { Route } from "./+types/dashboard-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "dashboard");
  const params = new URL(request.url).searchParams;
  // Without `tabela`: the revenue, the dashboard's first table.
  const table = parseDashboardTable(params.get("tabela") ?? "przychod");
  if (!table) throw data("Nieznana tabela pulpitu", { status: 400 });
  const range = parseDashboardRange(params, toWarsawLocal(now()).slice(0, 10));
  const view = await dashboardView(range, params.get("noc"));
  return new Response(dashboardTableCsv(table, view.csv), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pulpit-${table}-${range.from}-${range.to}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
