/**
 * One order in the orders tab: number, date, customer, delivery address or parcel locker, items,
 * totals with what was refunded, the refunds' history, the status selector (optimistic with rollback;
 * any status to any other but what the server refuses: a refunded cancelled order, or one whose stock
 * is gone, cannot be re-activated; cancelling a paid order asks first and refunds what remains), the
 * refund dialog, the delivery day and the shipping notification.
 */
import { Mail, MapPin, Package, Phone, Truck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import { deliveryOptions } from "~/modules/cart/delivery";
import type { OrderStatus } from "../../../../../db/schema";
import { type OrderActionResult, orderActionMessages } from "../../order-actions.schema";
import { ORDERS_ACTION } from "../../order-filters";
import { adminStatusLabels, ORDER_STATUSES } from "../../order-status";
import type { PanelOrder } from "../../panel-orders.server";
import { refundMessages } from "../../refund-form.schema";
import { RefundHistory } from "../refund-history";
import { DeliveredDateDialog } from "./delivered-date-dialog";
import { OrderStatusBadge } from "./order-status-badge";
import { RefundDialog } from "./refund-dialog";
import { ShippingDialog } from "./shipping-dialog";

function StatusSelector({ order }: { order: PanelOrder }) {
  const fetcher = useFetcher<OrderActionResult>({ key: `order-status-${order.id}` });
  const cancelFetcher = useFetcher<OrderActionResult>({ key: `order-cancel-${order.id}` });
  const [confirmCancel, setConfirmCancel] = useState(false);
  const pending = fetcher.formData?.get("status");
  const cancelling = cancelFetcher.state !== "idle";
  const shown = (
    cancelling ? "cancelled" : typeof pending === "string" ? pending : order.status
  ) as OrderStatus;
  // A paid order with money left is cancelled only with its refund: the select asks first.
  const remaining = order.paid ? order.totalAmount - order.refundedAmount : 0;

  useFetcherResult(cancelFetcher, (result) => {
    if (result.ok) {
      toast.success(result.message, {
        description: result.stockReturned ? "Produkty wróciły do magazynu." : undefined,
      });
    } else {
      toastFailure(refundMessages.cancelFailed, result.message);
    }
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      const description = result.stockReturned
        ? "Produkty wróciły do magazynu."
        : result.stockTaken
          ? "Produkty zostały ponownie pobrane z magazynu."
          : undefined;
      toast.success(orderActionMessages.statusUpdated, { description });
    } else {
      toastFailure(orderActionMessages.statusFailed, result.message);
    }
  });

  const selectId = `order-status-${order.id}`;
  return (
    <fetcher.Form method="post" action={ORDERS_ACTION} className="flex items-center gap-2">
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="orderId" value={order.id} />
      <label htmlFor={selectId} className="font-semibold text-muted text-xs uppercase tracking-wider">
        Status
      </label>
      <NativeSelect
        id={selectId}
        name="status"
        value={shown}
        wrapperClassName="w-40"
        className="h-9 text-sm"
        aria-describedby={`order-number-${order.id}`}
        onChange={(event) => {
          if (event.currentTarget.value === "cancelled" && remaining > 0) setConfirmCancel(true);
          else fetcher.submit(event.currentTarget.form);
        }}
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {adminStatusLabels[status]}
          </option>
        ))}
      </NativeSelect>
      {/* Before hydration (no JavaScript) the change is sent with this button. */}
      <button
        type="submit"
        className="rounded-sm border border-border px-2 py-1 text-xs [[data-hydrated=true]_&]:hidden"
      >
        Zmień
      </button>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={`Anulować zamówienie #${order.number} i zwrócić ${formatPrice(remaining)}?`}
        description={`Zamówienie jest opłacone: pozostała kwota ${formatPrice(remaining)} zostanie zwrócona klientowi przez operatora płatności${order.shippedAt || order.status === "completed" ? "" : ", a produkty wrócą do magazynu"}. Tego nie można cofnąć.`}
        cancelLabel="Nie anuluj"
        confirmLabel="Anuluj ze zwrotem"
        onConfirm={() =>
          cancelFetcher.submit(
            { intent: "cancel-refund", orderId: order.id },
            { method: "post", action: ORDERS_ACTION },
          )
        }
      />
    </fetcher.Form>
  );
}

export function OrderCard({ order }: { order: PanelOrder }) {
  const delivery = deliveryOptions[order.deliveryMethod];
  const statusFetcher = useFetcher<OrderActionResult>({ key: `order-status-${order.id}` });
  const cancelFetcher = useFetcher<OrderActionResult>({ key: `order-cancel-${order.id}` });
  const pendingStatus = statusFetcher.formData?.get("status");
  const status = (
    cancelFetcher.state !== "idle"
      ? "cancelled"
      : typeof pendingStatus === "string"
        ? pendingStatus
        : order.status
  ) as OrderStatus;

  return (
    <article
      aria-labelledby={`order-number-${order.id}`}
      data-testid="order-card"
      data-order-id={order.id}
      className={cn(
        "rounded-lg border border-border bg-surface",
        status === "cancelled" && "border-danger/30",
      )}
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-border border-b px-4 py-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`order-number-${order.id}`} className="font-bold font-mono text-lg tracking-wider">
            <span className="sr-only">Zamówienie </span>#{order.number}
          </h3>
          <OrderStatusBadge status={status} />
          <time dateTime={order.createdAt} className="text-muted text-sm">
            {formatDateTime(order.createdAt)}
          </time>
        </div>
        <StatusSelector order={order} />
      </header>

      <div className="grid grid-cols-1 gap-4 p-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.6fr)]">
        <section aria-label="Klient" className="grid content-start gap-1 text-sm">
          <h4 className="font-semibold text-muted text-xs uppercase tracking-wider">Klient</h4>
          <p className="flex items-center gap-2 break-all">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <a href={`mailto:${order.customerEmail}`} className="hover:text-accent hover:underline">
              {order.customerEmail}
            </a>
          </p>
          {order.customerName ? <p className="pl-6">{order.customerName}</p> : null}
          {order.customerPhone ? (
            <p className="flex items-center gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 text-muted" />
              {order.customerPhone}
            </p>
          ) : null}
        </section>

        <section aria-label="Dostawa" className="grid content-start gap-1 text-sm">
          <h4 className="font-semibold text-muted text-xs uppercase tracking-wider">Dostawa</h4>
          <p className="flex items-center gap-2">
            {order.deliveryMethod === "inpost" ? (
              <Package aria-hidden="true" className="size-4 shrink-0 text-muted" />
            ) : (
              <Truck aria-hidden="true" className="size-4 shrink-0 text-muted" />
            )}
            {delivery.label}
          </p>
          {order.addressLines.length ? (
            <address className="flex gap-2 not-italic">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
              <span data-testid="order-address">
                {order.addressLines.map((line, index) => (
                  <span key={`${index}-${line}`} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </address>
          ) : (
            <p className="pl-6 text-muted">Brak adresu</p>
          )}
        </section>

        <section aria-label="Produkty" className="min-w-0 text-sm">
          <h4 className="mb-1 font-semibold text-muted text-xs uppercase tracking-wider">Produkty</h4>
          <ul className="divide-y divide-border/70">
            {order.items.map((item) => (
              <li key={item.id} className="flex items-baseline justify-between gap-3 py-1.5">
                <span className="min-w-0">
                  <span className="font-medium">{item.productName || "Produkt"}</span>
                  {item.size ? <span className="text-muted"> · {item.size}</span> : null}
                  <span className="block text-muted text-xs tabular-nums">
                    {item.quantity} × {formatPrice(item.pricePerUnit)}
                    {item.saleNote ? ` ${item.saleNote}` : ""}
                    {item.refundedQuantity > 0 ? ` · zwrócono ${item.refundedQuantity} szt.` : ""}
                  </span>
                </span>
                <span className="shrink-0 tabular-nums">
                  {formatPrice(item.pricePerUnit * item.quantity)}
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-0.5 border-border border-t pt-2 text-muted">
            {order.discountAmount > 0 ? (
              <>
                <dt>Rabat{order.discountCode ? ` (${order.discountCode})` : ""}</dt>
                <dd className="text-right tabular-nums">−{formatPrice(order.discountAmount)}</dd>
              </>
            ) : null}
            <dt>Dostawa</dt>
            <dd className="text-right tabular-nums">{formatPrice(order.deliveryCost)}</dd>
            <dt className="font-bold text-foreground">Suma</dt>
            <dd className="text-right font-bold text-foreground tabular-nums" data-testid="order-total">
              {formatPrice(order.totalAmount)}
            </dd>
            {order.refundedAmount > 0 ? (
              <>
                <dt className="text-success">Zwrócono</dt>
                <dd className="text-right text-success tabular-nums" data-testid="order-refunded">
                  −{formatPrice(order.refundedAmount)}
                </dd>
                <dt className="font-semibold text-foreground">Po zwrotach</dt>
                <dd className="text-right font-semibold text-foreground tabular-nums">
                  {formatPrice(order.totalAmount - order.refundedAmount)}
                </dd>
              </>
            ) : null}
          </dl>
          {!order.paid ? (
            <p className="mt-1 text-muted text-xs">Bez płatności przez operatora — nie ma czego zwracać</p>
          ) : null}
          <RefundHistory refunds={order.refunds} className="mt-3" />
        </section>
      </div>

      <footer className="flex flex-wrap items-center justify-between gap-3 border-border border-t px-4 py-2.5 text-sm">
        {order.trackingNumber ? (
          <p className="text-muted" data-testid="order-tracking">
            Wysłano{order.shippedAt ? ` ${formatDateTime(order.shippedAt)}` : ""} · nr przesyłki{" "}
            {order.trackingUrl ? (
              <a
                href={order.trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-mono text-foreground underline-offset-2 hover:text-accent hover:underline"
              >
                {order.trackingNumber}
              </a>
            ) : (
              <span className="font-mono text-foreground">{order.trackingNumber}</span>
            )}
          </p>
        ) : (
          <p className="text-muted">
            {order.stockReturned ? "Anulowane — produkty wróciły do magazynu" : "Jeszcze nie wysłano"}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {order.refundQuote && order.refundQuote.remaining > 0 ? (
            <RefundDialog order={order} quote={order.refundQuote} />
          ) : null}
          {status !== "cancelled" ? <ShippingDialog order={order} /> : null}
          {status !== "cancelled" ? <DeliveredDateDialog order={order} /> : null}
        </div>
      </footer>
    </article>
  );
}
