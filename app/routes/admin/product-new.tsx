// /admin/products/new: the product form for a new product; back to the list with 'Produkt dodany'.
import { env } from "~/lib/env.server";
import { requireAdmin } from "~/modules/accounts/roles.server";
import { ProductForm } from "~/modules/admin/components/product-form";
import { adminHeaders } from "~/modules/admin/http.server";
import { handleProductFormAction, newProductDefaults } from "~/modules/admin/product-form.server";
import type { Route } from "./+types/product-new";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Nowy produkt | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { site } = env();
  return { defaults: newProductDefaults(site.name), site: { name: site.name, url: site.url } };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return handleProductFormAction(request, null);
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
