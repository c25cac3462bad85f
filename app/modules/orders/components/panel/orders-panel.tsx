/**
 * The orders tab (SPEC §2 Admin panel, Orders): summary cards, the status filter (in the URL), the CSV
 * export of the filtered orders, the payments refunded automatically because their stock was gone, and
 * one card per order, a page at a time. The list's reload and load error are the panel's
 * (`usePanelList`); the heading is for screen readers only, the tab already names the screen.
 */
import { CircleCheckBig, Download, Loader, ReceiptText, Wallet } from "lucide-react";
import { Link } from "react-router";
import { PanelScreen, usePanelList } from "~/components/panel/panel-screen";
import { SummaryCards } from "~/components/panel/summary-card";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { ORDERS_PAGE_SIZE, type OrderFilters, ordersExportHref, ordersHref } from "../../order-filters";
import { adminStatusLabels, ORDER_STATUSES } from "../../order-status";
import type { OrderSummary, PanelOrder, SoldOutRefund } from "../../panel-orders.server";
import { OrderCard } from "./order-card";
import { SoldOutRefunds } from "./sold-out-refunds";

export function OrdersPanel({
  filters,
  summary,
  orders,
  total,
  soldOutRefunds,
  loadError,
}: {
  filters: OrderFilters;
  summary: OrderSummary | null;
  orders: PanelOrder[];
  total: number;
  soldOutRefunds: SoldOutRefund[];
  loadError: string | null;
}) {
  const { loading } = usePanelList("/admin/orders", loadError);
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));

  return (
    <PanelScreen name="orders" title="Zamówienia" titleHidden>
      {summary ? (
        <SummaryCards
          testId="orders-summary"
          cards={[
            {
              label: "Wszystkie zamówienia",
              value: String(summary.count),
              icon: ReceiptText,
              testId: "summary-count",
            },
            {
              label: "W trakcie",
              value: String(summary.processing),
              icon: Loader,
              tone: "hot",
              testId: "summary-processing",
            },
            {
              label: "Ukończone",
              value: String(summary.completed),
              icon: CircleCheckBig,
              tone: "success",
              testId: "summary-completed",
            },
            {
              label: "Wartość zamówień",
              value: formatPrice(summary.totalAmount),
              hint:
                summary.refundedAmount > 0
                  ? `bez anulowanych, po zwrotach (${formatPrice(summary.refundedAmount)})`
                  : "bez anulowanych i zwrotów",
              icon: Wallet,
              tone: "accent",
              testId: "summary-total",
            },
          ]}
        />
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav
          aria-label="Filtr statusu zamówień"
          className="relative -mx-4 overflow-x-auto px-4 md:mx-0 md:px-0"
        >
          <ul className="flex w-max gap-1 rounded-md border border-border bg-surface p-1">
            {[null, ...ORDER_STATUSES].map((status) => {
              const current = filters.status === status;
              const count = status === null ? summary?.count : summary?.[status];
              return (
                <li key={status ?? "all"}>
                  <Link
                    to={ordersHref(status)}
                    preventScrollReset
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex h-8 items-center gap-2 whitespace-nowrap rounded-sm px-3 font-semibold text-sm transition-colors",
                      "outline-hidden focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent",
                      current
                        ? "bg-surface-2 text-foreground ring-1 ring-accent"
                        : "text-muted hover:text-foreground",
                    )}
                  >
                    {status ? adminStatusLabels[status] : "Wszystkie"}
                    {count !== undefined ? (
                      <span className="rounded-sm bg-background px-1.5 text-muted text-xs tabular-nums">
                        {count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <Button asChild variant="secondary" size="sm">
          <a href={ordersExportHref(filters.status)} download>
            <Download aria-hidden="true" />
            Eksport CSV
          </a>
        </Button>
      </div>

      <SoldOutRefunds refunds={soldOutRefunds} />

      <div aria-busy={loading} className={cn("grid gap-4 transition-opacity", loading && "opacity-60")}>
        {loadError ? (
          <p
            role="alert"
            className="rounded-lg border border-danger/40 bg-danger/10 p-6 text-center text-danger"
          >
            {loadError}
          </p>
        ) : orders.length === 0 ? (
          <p className="rounded-lg border border-border border-dashed bg-surface/60 p-10 text-center text-muted">
            Brak zamówień
          </p>
        ) : (
          orders.map((order) => <OrderCard key={order.id} order={order} />)
        )}
      </div>

      {pages > 1 ? (
        <nav aria-label="Strony zamówień" className="flex items-center justify-between gap-3 text-sm">
          <p className="text-muted">
            Strona {Math.min(filters.page, pages)} z {pages} · {total} zamówień
          </p>
          <div className="flex gap-2">
            {filters.page > 1 ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={ordersHref(filters.status, filters.page - 1)}>Poprzednia</Link>
              </Button>
            ) : null}
            {filters.page < pages ? (
              <Button asChild variant="secondary" size="sm">
                <Link to={ordersHref(filters.status, filters.page + 1)}>Następna</Link>
              </Button>
            ) : null}
          </div>
        </nav>
      ) : null}
    </PanelScreen>
  );
}
