// /admin/ambassadors: the ambassadors tab (SPEC §2 Ambassadors) for admins and moderators — cards,
// the add/edit dialog and delete. /ambasadorzy reads the same table.
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { loadOrFallback } from "~/lib/load-or-fallback.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ambassadorMessages } from "~/modules/content/ambassadors.schema";
import { listAmbassadors } from "~/modules/content/ambassadors.server";
import { ambassadorFormOptions, ambassadorIntents } from "~/modules/content/ambassadors-actions.server";
import { AmbassadorsPanel } from "~/modules/content/components/panel/ambassador-panel";
import type { Route } from "./+types/ambassadors";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Ambasadorzy");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "ambassadors");
  const { data: ambassadors, loadError } = await loadOrFallback(() => listAmbassadors(db()), [], {
    loadError: ambassadorMessages.loadFailed,
    log: "admin ambassadors failed to load",
  });
  return { ambassadors, loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "ambassadors");
  return handleFormAction(request, ambassadorIntents, ambassadorFormOptions);
}

export default function AdminAmbassadors({ loaderData }: Route.ComponentProps) {
  return <AmbassadorsPanel ambassadors={loaderData.ambassadors} loadError={loaderData.loadError} />;
}
