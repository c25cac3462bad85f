// GET /admin/events/:eventId/raport.csv: the report after the night (issue #41) for a spreadsheet.
import { data } from "react-router";
import { now } from "~/lib/clock.server";
import { formatTime } from "~/lib/dates";
import { requireTab } from "~/modules/admin/tab-access.server";
import { isUuid } from "~/modules/door/door-access.server";
import { nightAtTheDoor, reportOf } from "~/modules/door/door-live.server";
import { doorPanelMessages } from "~/modules/door/door-panel.schema";
import { nightReportCsv, nightReportFilename } from "~/modules/door/night-report";
import type { Route } from "./+types/event-report-csv";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const night = isUuid(params.eventId) ? await nightAtTheDoor(params.eventId, now()) : null;
  if (!night) throw data(doorPanelMessages.notFound, { status: 404 });
  const csv = nightReportCsv(reportOf(night, (start) => formatTime(new Date(start))));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${nightReportFilename(night.event.slug)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
