// /admin/galleries: placeholder until this tab is built (issue #9).
import { ComingSoonPanel } from "~/modules/admin/components/coming-soon-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import type { Route } from "./+types/galleries";

export const headers = adminHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "galleries");
  return null;
}

export default function AdminTabPage() {
  return <ComingSoonPanel tab="galleries" />;
}
