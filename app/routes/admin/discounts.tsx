// /admin/discounts: the discount codes tab (SPEC §2 Discount codes) — stat cards, the table with its
// quick actions (active switch, delete) and the create/edit dialog, all answered by this action.
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { DiscountCodesPanel } from "~/modules/discounts/components/panel/discount-codes-panel";
import { discountCodeMessages } from "~/modules/discounts/discount-codes.schema";
import {
  type DiscountStats,
  discountCodeIntents,
  discountStats,
  listDiscountCodes,
} from "~/modules/discounts/discount-codes.server";
import type { Route } from "./+types/discounts";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Kody rabatowe");

const EMPTY_STATS: DiscountStats = {
  activeCodes: 0,
  usesInWindow: 0,
  discountInWindow: 0,
  mostPopularCode: null,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "discounts");
  // One "now" for server and browser, so the expired badges hydrate identically.
  const now = new Date();
  try {
    const [codes, stats] = await Promise.all([listDiscountCodes(db()), discountStats(db(), now)]);
    return { codes, stats, loadError: null, now: now.toISOString() };
  } catch (error) {
    logger.error({ err: error }, "admin discount codes failed to load");
    return {
      codes: [],
      stats: EMPTY_STATS,
      loadError: discountCodeMessages.loadFailed,
      now: now.toISOString(),
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "discounts");
  return handleFormAction(request, discountCodeIntents, {
    invalidRequest: discountCodeMessages.invalidRequest,
  });
}

export default function AdminDiscounts({ loaderData }: Route.ComponentProps) {
  return <DiscountCodesPanel {...loaderData} />;
}
