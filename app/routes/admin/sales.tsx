// /admin/sales: the Promocje tab (issue #28) — running, planned and recently ended sales, and the form
// that previews, saves and edits one (`?edit=<id>` opens a sale in it, so it works without JavaScript).
// The action answers the form's intents (preview, save) and the list's (end).
import { now } from "~/lib/clock.server";
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { SalesPanel } from "~/modules/catalog/components/panel/sales-panel";
import { listSales, saleProductOptions } from "~/modules/catalog/panel-sales.server";
import { saleIntents } from "~/modules/catalog/sale-commands.server";
import { newSaleDefaults } from "~/modules/catalog/sale-labels";
import { saleMessages } from "~/modules/catalog/sales.schema";
import type { Route } from "./+types/sales";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Promocje");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "sales");
  const at = now();
  const editId = new URL(request.url).searchParams.get("edit");
  const newDefaults = newSaleDefaults(at);
  try {
    const [sales, products] = await Promise.all([listSales(db(), at), saleProductOptions(db())]);
    return { sales, products, editId, newDefaults, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin sales failed to load");
    return { sales: [], products: [], editId, newDefaults, loadError: saleMessages.loadFailed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireTab({ request, context }, "sales");
  return handleFormAction(request, saleIntents(me.id), { invalidRequest: saleMessages.invalidRequest });
}

export default function AdminSales({ loaderData, actionData }: Route.ComponentProps) {
  return <SalesPanel {...loaderData} actionData={actionData} />;
}
