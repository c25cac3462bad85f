// /admin/events/{id}/tickets: the night's "Bilety" page (issue #40, decision 038) — its sale's
// settings, the ticket types with sold / held / left and revenue, the dialog that adds and edits a
// type, the holders (search, pages of 50, CSV) with resend and void, and cancelling the night.
// Guarded like the event's edit page (the events tab); it also opens for a night still sold through
// the external link, saying the sale here is off.
import { data } from "react-router";
import { EventNotFound } from "~/components/panel/event-not-found";
import { now } from "~/lib/clock.server";
import { formatDateTime, formatTime } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { handleFormAction, refuse } from "~/lib/form-action.server";
import { logger } from "~/lib/logger.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { releaseNightCheckouts } from "~/modules/checkout/night-checkouts.server";
import { failedCancellationUnits } from "~/modules/orders/night-cancellation.server";
import { refundStatusLabels } from "~/modules/orders/refund-history";
import { listRefundHistory } from "~/modules/orders/refund-history.server";
import { ticketHolderIntents } from "~/modules/orders/ticket-panel-actions.server";
import { TicketsPanel } from "~/modules/tickets/components/panel/tickets-panel";
import { parseHolderFilters } from "~/modules/tickets/ticket-holders";
import { listHolders } from "~/modules/tickets/ticket-holders.server";
import { ticketTypeDefaults, windowLabel } from "~/modules/tickets/ticket-panel";
import { ticketMessages, tierStateLabels } from "~/modules/tickets/ticket-types.schema";
import {
  loadTicketsPanel,
  ticketPanelFormOptions,
  ticketPanelIntents,
} from "~/modules/tickets/ticket-types.server";
import type { Route } from "./+types/event-tickets";

export const headers = adminHeaders;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  panelMeta(
    matches,
    loaderData && "event" in loaderData ? `Bilety: ${loaderData.event.title}` : null,
    "Bilety",
  );

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  const notFound = () =>
    data({ found: false as const, message: ticketMessages.eventNotFound }, { status: 404 });
  if (!UUID.test(params.eventId)) return notFound();
  try {
    const panel = await loadTicketsPanel(db(), params.eventId, now());
    if (!panel) return notFound();
    const filters = parseHolderFilters(new URL(request.url).searchParams);
    const [holders, failedRefunds] = await Promise.all([
      listHolders(db(), params.eventId, filters),
      panel.event.status === "cancelled" ? failedCancellationUnits(params.eventId) : 0,
    ]);
    const refunds = await listRefundHistory(
      holders.rows.filter((row) => row.state === "void").map((row) => row.orderId),
    );
    // Dates formatted here: date code stays on the server (Europe/Warsaw, pl-PL).
    return {
      found: true as const,
      event: {
        id: panel.event.id,
        title: panel.event.title,
        when: `${formatDateTime(panel.event.startsAt)}–${formatTime(panel.event.endsAt)}`,
        salesMode: panel.event.salesMode,
        status: panel.event.status,
      },
      night: panel.night,
      types: panel.types.map((type) => ({
        id: type.id,
        name: type.name,
        price: type.price,
        vatRate: type.vatRate,
        quota: type.quota,
        sold: type.sold,
        held: type.held,
        left: type.left,
        revenue: type.revenue,
        window: windowLabel(type.salesStart, type.salesEnd),
        maxPerOrder: type.maxPerOrder,
        opensAfterPrevious: type.opensAfterPrevious,
        state: type.state,
        stateLabel: tierStateLabels[type.state],
        defaults: ticketTypeDefaults(type),
      })),
      totals: panel.totals,
      holders: {
        q: filters.q,
        page: holders.page,
        pages: holders.pages,
        total: holders.total,
        rows: holders.rows.map(({ orderItemId, ...row }) => {
          // The void's refund: the order's newest refund of this line given for the same reason.
          const refund = (refunds.get(row.orderId) ?? []).find(
            (entry) =>
              entry.reason === row.voidReason && entry.lines.some((line) => line.orderItemId === orderItemId),
          );
          return { ...row, refundLabel: refund ? refundStatusLabels[refund.status] : null };
        }),
      },
      failedRefunds,
    };
  } catch (error) {
    logger.error({ err: error, eventId: params.eventId }, "tickets of a night failed to load");
    return data({ found: false as const, message: ticketMessages.loadFailed }, { status: 500 });
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireTab({ request, context }, "events");
  if (!UUID.test(params.eventId)) return refuse({ intent: null, message: ticketMessages.eventNotFound }, 404);
  return handleFormAction(
    request,
    {
      ...ticketPanelIntents(params.eventId),
      ...ticketHolderIntents(params.eventId, admin.id, (eventId) => releaseNightCheckouts(eventId)),
    },
    ticketPanelFormOptions,
  );
}

export default function EventTickets({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <EventNotFound message={loaderData.message} />;
  }
  return <TicketsPanel {...loaderData} />;
}
