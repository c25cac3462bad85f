import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data";
import { loadOrFallback } from "~/lib/load-or-fallback.server";
import { logger } from "~/lib/logger.server";
import { redirectWithPanelFlash } from "~/modules/admin/flash.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ProductForm } from "~/modules/catalog/components/panel/product-form";
import { getAdminProduct } from "~/modules/catalog/panel-products.server";
import { editProductDefaults, submitProductForm } from "~/modules/catalog/product-form.server";
import { StockAlertStats } from "~/modules/stock-alerts/components/panel/stock-alert-stats";
import { stockAlertCounts } from "~/modules/stock-alerts/stock-alert-stats.server";
import type { Route } from "./+types/product-edit";

export const headers = adminHeaders;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  panelMeta(matches, loaderData?.defaults.name, "Edycja produktu");

function toProductList(flash: "product-load-failed" | "product-updated") {
  return redirectWithPanelFlash("/admin/products", flash);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "products");
  if (!UUID.test(params.id)) throw await toProductList("product-load-failed");
  let product: Awaited<ReturnType<typeof getAdminProduct>>;
  try {
    product = await getAdminProduct(params.id, db());
  } catch (error) {
    logger.error({ err: error, productId: params.id }, "product failed to load for editing");
    throw await toProductList("product-load-failed");
  }
  if (!product) throw await toProductList("product-load-failed");
  const { site } = env();
  // The page still opens when the counts cannot be read: the form matters more.
  const stockAlerts = await loadOrFallback(() => stockAlertCounts(product.id), [], {
    loadError: "Nie udało się wczytać powiadomień.",
    log: "stock alert counts failed to load",
  });
  return {
    id: product.id,
    slug: product.slug,
    defaults: editProductDefaults(product),
    images: product.images,
    site: { name: site.name, url: site.url },
    stockAlerts,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "products");
  if (!UUID.test(params.id)) throw await toProductList("product-load-failed");
  const outcome = await submitProductForm(await readFormData(request), params.id);
  if (!outcome.saved) return outcome.answer;
  throw await toProductList("product-updated");
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ProductForm
        // A different product (or the same one saved and reopened) starts a fresh form.
        key={loaderData.id}
        mode="edit"
        defaults={loaderData.defaults}
        initialImages={loaderData.images}
        actionData={actionData}
        site={loaderData.site}
        storeHref={`/merch/${loaderData.slug}`}
      />
      <StockAlertStats rows={loaderData.stockAlerts.data} loadError={loaderData.stockAlerts.loadError} />
    </>
  );
}
