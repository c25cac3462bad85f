// /admin/products: the products list (also embedded in /admin?tab=products). Its action takes the
// list's quick actions — active switch, inline stock, Sold Out, delete — from both places.
import { data } from "react-router";
import { db } from "~/lib/db.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { requireAdmin } from "~/modules/accounts/roles.server";
import { ProductsPanel } from "~/modules/admin/components/products-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import { parseProductFilters } from "~/modules/admin/product-filters";
import {
  type ProductListActionResult,
  productListActionSchema,
  productListFailure,
  productListMessages,
} from "~/modules/admin/product-list.schema";
import {
  AdminProductError,
  deleteProduct,
  listAdminProducts,
  markProductSoldOut,
  setProductActive,
  setProductStock,
} from "~/modules/admin/products.server";
import type { Route } from "./+types/products";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = () => [
  { title: "Produkty | Panel admina | NOKTURN" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseProductFilters(new URL(request.url).searchParams);
  try {
    return { filters, products: await listAdminProducts(filters, db()), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin products failed to load");
    return { filters, products: [], loadError: productListMessages.loadFailed };
  }
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await readFormData(request);
  if (!formData) {
    return data<ProductListActionResult>(
      { ok: false, intent: null, productId: null, message: productListMessages.invalidRequest },
      { status: 400 },
    );
  }
  const parsed = productListActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return data<ProductListActionResult>(
      {
        ok: false,
        intent: null,
        productId: null,
        message: issue?.message ?? productListMessages.invalidRequest,
      },
      { status: 400 },
    );
  }
  const command = parsed.data;
  const answer = (message: string): ProductListActionResult => ({
    ok: true,
    intent: command.intent,
    productId: command.productId,
    message,
  });
  try {
    switch (command.intent) {
      case "set-active":
        await setProductActive(command.productId, command.isActive);
        return answer(command.isActive ? productListMessages.activated : productListMessages.deactivated);
      case "set-stock":
        await setProductStock(command.productId, command.stockQuantity);
        return answer(productListMessages.stockUpdated);
      case "sold-out":
        await markProductSoldOut(command.productId);
        return answer(productListMessages.soldOut);
      case "delete":
        await deleteProduct(command.productId);
        return answer(productListMessages.deleted);
    }
  } catch (error) {
    const known = error instanceof AdminProductError;
    if (!known) logger.error({ err: error, intent: command.intent }, "product quick action failed");
    return data<ProductListActionResult>(
      {
        ok: false,
        intent: command.intent,
        productId: command.productId,
        message: known ? error.message : productListFailure[command.intent],
      },
      { status: known ? error.status : 500 },
    );
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <ProductsPanel {...loaderData} />;
}
