// /admin/products/new: the product form for a new product; back to the list with 'Produkt dodany'.
import { redirect } from "react-router";
import { env } from "~/lib/env.server";
import { adminFlashCookie } from "~/modules/admin/flash";
import { adminHeaders, secureCookies } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { ProductForm } from "~/modules/catalog/components/panel/product-form";
import { newProductDefaults, submitProductForm } from "~/modules/catalog/product-form.server";
import type { Route } from "./+types/product-new";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => panelMeta("Nowy produkt");

export async function loader({ request }: Route.LoaderArgs) {
  await requireTab(request, "products");
  const { site } = env();
  return { defaults: newProductDefaults(site.name), site: { name: site.name, url: site.url } };
}

export async function action({ request }: Route.ActionArgs) {
  await requireTab(request, "products");
  const outcome = await submitProductForm(request, null);
  if (!outcome.saved) return outcome.answer;
  throw redirect("/admin/products", {
    headers: { "Set-Cookie": adminFlashCookie("product-created", { secure: secureCookies() }) },
  });
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
