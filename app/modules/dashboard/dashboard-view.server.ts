/**
 * The dashboard's loader data (issue #41): the numbers of dashboard.server.ts with their labels and
 * dates formatted on the server (Warsaw, pl-PL), so the page ships no date code.
 */
import { formatDateTime, formatShortDate, formatTime } from "~/lib/dates";
import { orderNumber } from "~/lib/order-number";
import { refundStatusLabels } from "~/modules/orders/refund-history";
import { type DashboardCsvInput, type DashboardRange, periodLabel } from "./dashboard";
import { loadDashboard } from "./dashboard.server";

export async function dashboardView(range: DashboardRange, chosenNight: string | null) {
  const data = await loadDashboard(range, chosenNight);
  const night = data.night;
  const csv: DashboardCsvInput = {
    revenue: data.revenue,
    products: data.products,
    drops: data.drops.map((drop) => ({ ...drop, release: formatDateTime(drop.releaseAt) })),
    refunds: data.refunds.map((refund) => ({
      when: formatDateTime(refund.createdAt),
      order: refund.orderId ? orderNumber(refund.orderId) : "—",
      amount: refund.amount,
      status: refundStatusLabels[refund.status as keyof typeof refundStatusLabels] ?? refund.status,
      reason: refund.reason,
    })),
    night: night
      ? {
          title: night.night.title,
          daysBefore: night.daysBefore,
          current: night.current,
          previous: night.previousValues,
          previousTitle: night.previous?.title ?? null,
        }
      : null,
  };
  return {
    csv,
    labels: data.revenue.periods.map(periodLabel),
    totals: {
      tickets: data.revenue.tickets.reduce((a, b) => a + b, 0),
      merch: data.revenue.merch.reduce((a, b) => a + b, 0),
      refunds: data.revenue.refunds.reduce((a, b) => a + b, 0),
      refundCount: data.revenue.refundCount,
    },
    nights: data.nights.map((candidate) => ({
      id: candidate.id,
      label: `${candidate.title} (${formatShortDate(candidate.startsAt)})`,
    })),
    night: night
      ? {
          id: night.night.id,
          title: night.night.title,
          previousTitle: night.previous?.title ?? null,
          labels: night.daysBefore.map((days) => (days === 0 ? "noc" : `−${days} d`)),
          types: night.types,
          current: night.current,
          previous: night.previousValues,
          checkIns: night.checkIns.map((bucket) => ({
            ...bucket,
            label: formatTime(new Date(bucket.start)),
          })),
        }
      : null,
  };
}
