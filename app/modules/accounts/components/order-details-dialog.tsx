import { ExternalLink } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { formatPrice } from "~/lib/money";
import { orderNumber } from "~/lib/order-number";
import { OrderTotals } from "~/modules/orders/components/order-totals";
import { RefundHistory } from "~/modules/orders/components/refund-history";
import type { RefundHistoryEntry } from "~/modules/orders/refund-history";
import { OrderStatusBadge } from "./order-status-badge";

export type OrderDetails = {
  id: string;
  status: string;
  createdAt: string;
  /** `createdAt` as shown ("17 stycznia 2026, 23:00"), worded by the loader. */
  dateTimeLabel: string;
  subtotal: number;
  discountAmount: number;
  deliveryCost: number;
  totalAmount: number;
  /** Grosze refunded (or being refunded), and the refunds themselves, newest first. */
  refundedAmount?: number;
  refunds?: RefundHistoryEntry[];
  items: {
    id: string;
    name: string;
    size: string | null;
    quantity: number;
    pricePerUnit: number;
    saleNote: string | null;
  }[];
};

/**
 * The details of one order (SPEC §2 Orders): date and time, status, items with line totals, 'Suma',
 * and what was refunded with the refunds' history.
 */
export function OrderDetailsDialog({
  order: current,
  onClose,
}: {
  order: OrderDetails | null;
  onClose: () => void;
}) {
  // Keeps the last order on screen while the dialog animates closed.
  const [order, setOrder] = useState(current);
  useEffect(() => {
    if (current) setOrder(current);
  }, [current]);
  return (
    <Dialog open={Boolean(current)} onOpenChange={(open) => (open ? undefined : onClose())}>
      {order ? (
        <DialogContent
          className="max-w-xl"
          data-testid="order-dialog"
          onCloseAutoFocus={(event) => {
            // Back to the order's own "Zobacz szczegóły" link (it is a link, not the dialog's trigger).
            const link = document.getElementById(`order-link-${order.id}`);
            if (link) {
              event.preventDefault();
              link.focus();
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Zamówienie #{orderNumber(order.id)}</DialogTitle>
            <DialogDescription>Szczegóły zamówienia</DialogDescription>
          </DialogHeader>
          <OrderDetailsBody order={order} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** What the dialog shows under its title; also the page's own section before scripts run. */
function OrderDetailsBody({ order }: { order: OrderDetails }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 rounded-md border border-border bg-surface-2 p-4 text-sm">
        <div>
          <dt className="text-muted">Data</dt>
          <dd className="mt-1 font-semibold">
            <time dateTime={order.createdAt}>{order.dateTimeLabel}</time>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Status</dt>
          <dd className="mt-1">
            <OrderStatusBadge status={order.status} />
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="mb-2 font-bold text-muted text-xs uppercase tracking-widest">Produkty</h3>
        <ul className="divide-y divide-border rounded-md border border-border" data-testid="order-items">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-4 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-semibold">{item.name || "Produkt"}</p>
                <p className="text-muted">
                  {item.size ? `Rozmiar: ${item.size} · ` : ""}
                  Ilość: {item.quantity} × {formatPrice(item.pricePerUnit)}
                  {item.saleNote ? ` ${item.saleNote}` : ""}
                </p>
              </div>
              <p className="shrink-0 font-semibold">{formatPrice(item.pricePerUnit * item.quantity)}</p>
            </li>
          ))}
        </ul>
      </div>
      <OrderTotals figures={{ ...order, total: order.totalAmount }} totalTestId="order-dialog-total" />
      <RefundHistory refunds={order.refunds ?? []} />
      <Link
        to={`/zamowienie/${order.id}`}
        className="inline-flex items-center gap-2 font-semibold text-accent text-sm underline-offset-4 hover:underline"
      >
        Pełna strona zamówienia
        <ExternalLink aria-hidden="true" className="size-4" />
      </Link>
      <p className="text-muted text-sm">
        Odstąpienie od umowy (14 dni od otrzymania paczki) złożysz na pełnej stronie zamówienia.
      </p>
    </>
  );
}

/**
 * The details as part of the page, for the page as the server sends it (no scripts yet, or none): the
 * dialog needs them, so "Zobacz szczegóły" (a link to `?order=`) opens this section instead.
 */
export function OrderDetailsSection({ order }: { order: OrderDetails }) {
  return (
    <section
      id="szczegoly-zamowienia"
      aria-labelledby="order-section-title"
      className="grid gap-5 rounded-lg border border-accent bg-surface p-5 md:p-6"
      data-testid="order-section"
    >
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="order-section-title" className="font-display text-2xl">
            Zamówienie #{orderNumber(order.id)}
          </h2>
          <p className="text-muted text-sm">Szczegóły zamówienia</p>
        </div>
        <Link
          to="/account/orders"
          className="font-bold text-accent text-sm uppercase tracking-wide underline-offset-4 hover:underline"
        >
          Zamknij
        </Link>
      </div>
      <OrderDetailsBody order={order} />
    </section>
  );
}
