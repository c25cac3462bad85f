// /admin/ambassadors: the ambassadors tab (SPEC §2 Ambassadors) for admins and moderators — cards,
// the add/edit dialog and delete. /ambasadorzy reads the same table.
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ambassadorMessages } from "~/modules/content/ambassadors.schema";
import { listAmbassadors } from "~/modules/content/ambassadors.server";
import { handleAmbassadorsAction } from "~/modules/content/ambassadors-actions.server";
import { AmbassadorsPanel } from "~/modules/content/components/panel/ambassador-panel";
import type { Route } from "./+types/ambassadors";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Ambasadorzy | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "ambassadors");
  try {
    return { ambassadors: await listAmbassadors(db()), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin ambassadors failed to load");
    return { ambassadors: [], loadError: ambassadorMessages.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "ambassadors");
  return handleAmbassadorsAction(request);
}

export default function AdminAmbassadors({ loaderData }: Route.ComponentProps) {
  return <AmbassadorsPanel ambassadors={loaderData.ambassadors} loadError={loaderData.loadError} />;
}
