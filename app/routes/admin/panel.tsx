// /admin?tab=…: the panel's tabs. Orders and products are built here; the other tabs say 'wkrótce'
// until part 2. The order card's status selector and shipping notification post to this route's action.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { db } from "~/lib/db.server";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { requireAdmin, requireRole } from "~/modules/accounts/roles.server";
import { adminTabHref, isRouteTab, PANEL_ROLES, parseAdminTab, tabsFor } from "~/modules/admin/admin-tabs";
import { OrdersPanel } from "~/modules/admin/components/orders-panel";
import { ProductsPanel } from "~/modules/admin/components/products-panel";
import { adminHeaders } from "~/modules/admin/http.server";
import type { OrderActionResult } from "~/modules/admin/order-actions";
import {
  orderActionMessages,
  orderStatusSchema,
  shippingNotificationSchema,
} from "~/modules/admin/order-actions.schema";
import { parseOrderFilters } from "~/modules/admin/order-filters";
import { parseProductFilters } from "~/modules/admin/product-filters";
import { listAdminProducts } from "~/modules/admin/products.server";
import {
  AdminOrderError,
  adminOrderMessages,
  getOrderSummary,
  listAdminOrders,
  sendShippingNotification,
  setOrderStatus,
} from "~/modules/orders/admin-orders.server";
import type { Route } from "./+types/panel";

export const headers = adminHeaders;

async function loadOrders(params: URLSearchParams) {
  const filters = parseOrderFilters(params);
  try {
    const [summary, list] = await Promise.all([getOrderSummary(db()), listAdminOrders(filters, db())]);
    return { filters, summary, ...list, loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin orders failed to load");
    return { filters, summary: null, orders: [], total: 0, loadError: adminOrderMessages.loadFailed };
  }
}

async function loadProducts(params: URLSearchParams) {
  const filters = parseProductFilters(params);
  try {
    return { filters, products: await listAdminProducts(filters, db()), loadError: null };
  } catch (error) {
    logger.error({ err: error }, "admin products failed to load");
    return { filters, products: [], loadError: "Błąd pobierania produktów" };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = parseAdminTab(params.get("tab"));
  // Old links to a part-2 tab, and a moderator's landing, go to the tab's own route (which checks again).
  if (isRouteTab(tab)) throw redirect(adminTabHref(tab));
  const user = await requireRole(request, PANEL_ROLES);
  if (!user.roles.includes("admin")) {
    const [first] = tabsFor(user.roles);
    if (first && !params.has("tab")) throw redirect(adminTabHref(first));
    await requireAdmin(request); // answers 403 with the panel's message
  }
  return {
    tab,
    orders: tab === "orders" ? await loadOrders(params) : null,
    products: tab === "products" ? await loadProducts(params) : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const formData = await readFormData(request);
  if (!formData) {
    return data<OrderActionResult>(
      { intent: null, ok: false, message: orderActionMessages.invalidRequest },
      { status: 400 },
    );
  }
  const intent = formData.get("intent");

  if (intent === "set-status") {
    const submission = parseWithZod(formData, { schema: orderStatusSchema });
    if (submission.status !== "success") {
      return data<OrderActionResult>(
        { intent, ok: false, message: orderActionMessages.invalidRequest, result: submission.reply() },
        { status: 400 },
      );
    }
    try {
      const change = await setOrderStatus(submission.value.orderId, submission.value.status);
      return {
        intent,
        ok: true,
        message: adminOrderMessages.statusUpdated,
        stockReturned: change.stockReturned,
        stockTaken: change.stockTaken,
      } satisfies OrderActionResult;
    } catch (error) {
      if (error instanceof AdminOrderError) {
        return data<OrderActionResult>(
          { intent, ok: false, message: error.message },
          { status: error.status },
        );
      }
      logger.error({ err: error }, "order status change failed");
      return data<OrderActionResult>(
        { intent, ok: false, message: adminOrderMessages.statusFailed },
        { status: 500 },
      );
    }
  }

  if (intent === "ship") {
    const submission = parseWithZod(formData, { schema: shippingNotificationSchema });
    if (submission.status !== "success") {
      return data<OrderActionResult>(
        { intent, ok: false, message: orderActionMessages.invalidRequest, result: submission.reply() },
        { status: 400 },
      );
    }
    const { orderId, trackingNumber, trackingUrl } = submission.value;
    try {
      await sendShippingNotification(orderId, { trackingNumber, trackingUrl: trackingUrl ?? null });
      return {
        intent,
        ok: true,
        message: adminOrderMessages.shippingQueued,
        result: submission.reply({ resetForm: true }),
      } satisfies OrderActionResult;
    } catch (error) {
      const message = error instanceof AdminOrderError ? error.message : adminOrderMessages.shippingFailed;
      if (!(error instanceof AdminOrderError)) logger.error({ err: error }, "shipping notification failed");
      return data<OrderActionResult>(
        { intent, ok: false, message, result: submission.reply({ formErrors: [message] }) },
        { status: error instanceof AdminOrderError ? error.status : 500 },
      );
    }
  }

  return data<OrderActionResult>(
    { intent: null, ok: false, message: orderActionMessages.invalidRequest },
    { status: 400 },
  );
}

export default function AdminPanel({ loaderData }: Route.ComponentProps) {
  const { orders, products } = loaderData;
  if (orders) return <OrdersPanel {...orders} />;
  if (products) return <ProductsPanel {...products} embedded />;
  return null;
}
