// /admin/products: the products list (old /admin?tab=products links redirect here). Its action takes
// the list's quick actions — active switch, inline stock, Sold Out, delete — through handleFormAction.
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ProductsPanel } from "~/modules/catalog/components/panel/products-panel";
import { listAdminProducts } from "~/modules/catalog/panel-products.server";
import { productListIntents } from "~/modules/catalog/product-commands.server";
import { parseProductFilters } from "~/modules/catalog/product-filters";
import { productListMessages } from "~/modules/catalog/product-list.schema";
import type { Route } from "./+types/products";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Produkty");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "products");
  const filters = parseProductFilters(new URL(request.url).searchParams);
  try {
    return { filters, products: await listAdminProducts(filters, db()), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin products failed to load");
    return { filters, products: [], loadError: productListMessages.loadFailed };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "products");
  return handleFormAction(request, productListIntents, {
    invalidRequest: productListMessages.invalidRequest,
  });
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPanel {...loaderData} />;
}
