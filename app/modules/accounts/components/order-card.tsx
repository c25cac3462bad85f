import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { itemCountLabel } from "~/modules/orders/order-status";
import { OrderStatusBadge } from "./order-status-badge";

export type OrderSummary = {
  id: string;
  status: string;
  createdAt: string;
  /** `createdAt` as shown ("17 stycznia 2026"), worded by the loader. */
  dateLabel: string;
  totalAmount: number;
  itemCount: number;
  /** Grosze refunded (or being refunded). */
  refundedAmount?: number;
};

/** One order in the history: number, long date, status, item count, total (and what was refunded), details. */
export function OrderCard({ order }: { order: OrderSummary }) {
  const number = orderNumber(order.id);
  return (
    <article
      aria-labelledby={`order-${order.id}`}
      data-testid="order-card"
      className="grid gap-4 rounded-lg border border-border bg-surface p-5 transition-colors hover:border-muted sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:p-6"
    >
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={`order-${order.id}`} className="font-display text-xl tracking-wide">
            #{number}
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="text-muted text-sm">
          <time dateTime={order.createdAt}>{order.dateLabel}</time>
          <span aria-hidden="true"> · </span>
          {itemCountLabel(order.itemCount)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="text-right">
          <p className="font-bold text-lg" data-testid="order-total">
            {formatPrice(order.totalAmount)}
          </p>
          {order.refundedAmount ? (
            <p className="text-success text-xs" data-testid="order-refunded">
              Zwrócono {formatPrice(order.refundedAmount)}
            </p>
          ) : null}
        </div>
        <Link
          id={`order-link-${order.id}`}
          to={`?order=${order.id}`}
          preventScrollReset
          aria-label={`Zobacz szczegóły zamówienia #${number}`}
          className="inline-flex h-9 items-center gap-1 rounded-sm border border-border bg-surface-2 px-3 font-bold text-xs uppercase tracking-wide transition-colors hover:border-accent hover:text-accent focus-visible:outline-2 focus-visible:outline-accent focus-visible:outline-offset-2"
        >
          Zobacz szczegóły
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
