// /admin/dashboard: "Pulpit", the panel's first tab for admins (issue #41) — the shop and the nights
// in numbers for a date range, charts drawn on the server, each table also as CSV.
import { now } from "~/lib/clock.server";
import { toWarsawLocal } from "~/lib/warsaw-time";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { DashboardPage } from "~/modules/dashboard/components/panel/dashboard-page";
import { parseDashboardRange } from "~/modules/dashboard/dashboard";
import { dashboardView } from "~/modules/dashboard/dashboard-view.server";
import type { Route } from "./+types/dashboard";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, null, "Pulpit");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "dashboard");
  const params = new URL(request.url).searchParams;
  const range = parseDashboardRange(params, toWarsawLocal(now()).slice(0, 10));
  const chosen = params.get("noc");
  const query = new URLSearchParams({
    od: range.from,
    do: range.to,
    co: range.granularity === "week" ? "tydzien" : "dzien",
    ...(chosen ? { noc: chosen } : {}),
  }).toString();
  return { range, query, ...(await dashboardView(range, chosen)) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} />;
}
