// GET /admin/orders/export.csv?status=…: the filtered orders as CSV for a spreadsheet (beyond SPEC).
import { requireTab } from "~/modules/admin/tab-access.server";
import { parseOrderFilters } from "~/modules/orders/order-filters";
import { adminStatusLabels } from "~/modules/orders/order-status";
import { ordersCsv, ordersCsvFilename } from "~/modules/orders/orders-csv";
import { listOrdersForExport } from "~/modules/orders/panel-orders.server";
import type { Route } from "./+types/orders-export";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "orders");
  const { status } = parseOrderFilters(new URL(request.url).searchParams);
  const orders = await listOrdersForExport(status);
  const filename = ordersCsvFilename(status ? adminStatusLabels[status] : null);
  return new Response(ordersCsv(orders), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
