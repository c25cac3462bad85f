// GET /admin/orders/export.csv?status=…: the filtered orders as CSV for a spreadsheet (beyond SPEC).
import { requireAdmin } from "~/modules/accounts/roles.server";
import { parseOrderFilters } from "~/modules/admin/order-filters";
import { ordersCsv, ordersCsvFilename } from "~/modules/admin/orders-csv";
import { listOrdersForExport } from "~/modules/orders/admin-orders.server";
import { adminStatusLabels } from "~/modules/orders/order-status";
import type { Route } from "./+types/orders-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
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
