import { env } from "~/lib/env.server";
import { readFormData } from "~/lib/form-data";
import { redirectWithPanelFlash } from "~/modules/admin/flash.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ProductForm } from "~/modules/catalog/components/panel/product-form";
import { newProductDefaults, submitProductForm } from "~/modules/catalog/product-form.server";
import type { Route } from "./+types/product-new";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Nowy produkt");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "products");
  const { site } = env();
  return { defaults: newProductDefaults(site.name), site: { name: site.name, url: site.url } };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "products");
  const outcome = await submitProductForm(await readFormData(request), null);
  if (!outcome.saved) return outcome.answer;
  throw await redirectWithPanelFlash("/admin/products", "product-created");
}

export default function NewProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductForm
      mode="create"
      defaults={loaderData.defaults}
      initialImages={[]}
      actionData={actionData}
      site={loaderData.site}
    />
  );
}
