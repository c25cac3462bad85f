// GET /admin/events/:eventId/tickets.csv?q=…: the night's ticket holders matching the search, every
// page, as CSV for a spreadsheet (issue #40; formula-looking names escaped by app/lib/csv.ts).
import { data } from "react-router";
import { db } from "~/lib/db.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { holdersCsv, holdersCsvFilename, parseHolderFilters } from "~/modules/tickets/ticket-holders";
import { listAllHolders, nightHeader } from "~/modules/tickets/ticket-holders.server";
import { ticketMessages } from "~/modules/tickets/ticket-types.schema";
import type { Route } from "./+types/event-tickets-csv";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const night = UUID.test(params.eventId) ? await nightHeader(db(), params.eventId) : null;
  if (!night) throw data(ticketMessages.eventNotFound, { status: 404 });
  const { q } = parseHolderFilters(new URL(request.url).searchParams);
  const rows = await listAllHolders(db(), night.id, q);
  return new Response(holdersCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${holdersCsvFilename(night.slug)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
