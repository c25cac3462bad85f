// /admin/orders: the orders tab (SPEC §2 Admin panel, Orders) — summary cards, the status filter and
// page in the URL, one card per order; its action changes a status, sends the shipping notification,
// refunds part of an order and cancels a paid order with its refund; above the orders, the open
// withdrawals with their refund, and each order's delivery date (admins only: requireTab).
import { handleFormAction } from "~/lib/form-action.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { OrdersPanel } from "~/modules/orders/components/panel/orders-panel";
import { WithdrawalsList } from "~/modules/orders/components/panel/withdrawals-list";
import { orderActionMessages } from "~/modules/orders/order-actions.schema";
import { orderIntents } from "~/modules/orders/panel-order-actions.server";
import { loadOrdersTab } from "~/modules/orders/panel-orders.server";
import { withdrawalIntents } from "~/modules/orders/withdrawal-actions.server";
import { loadOpenWithdrawals } from "~/modules/orders/withdrawals.server";
import type { Route } from "./+types/orders";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Zamówienia");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "orders");
  const [tab, open] = await Promise.all([
    loadOrdersTab(new URL(request.url).searchParams),
    loadOpenWithdrawals(),
  ]);
  return { ...tab, ...open };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireTab({ request, context }, "orders");
  return handleFormAction(
    request,
    { ...orderIntents(admin.id), ...withdrawalIntents(admin.id) },
    {
      invalidRequest: orderActionMessages.invalidRequest,
    },
  );
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { withdrawals, withdrawalsError, ...tab } = loaderData;
  return (
    <div className="grid grid-cols-1 gap-6">
      <WithdrawalsList withdrawals={withdrawals} loadError={withdrawalsError} />
      <OrdersPanel {...tab} />
    </div>
  );
}
