import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";

export type OrderTotalsFigures = {
  subtotal: number;
  discountAmount: number;
  /** Shown beside 'Rabat' where the view knows it. */
  discountCode?: string | null;
  /** The delivery method's label, shown beside 'Dostawa' where the view knows it. */
  deliveryLabel?: string;
  deliveryCost: number;
  total: number;
  /** Grosze refunded (or being refunded); shown as 'Zwrócono' and what remains when above 0. */
  refundedAmount?: number;
};

/**
 * An order's amounts as the customer reads them, on the order's own page and in the account's order
 * dialog: products, discount, delivery ('Gratis' when free, as the cart said), 'Suma', and once money
 * went back, 'Zwrócono' and what the shop kept ('Po zwrotach').
 */
export function OrderTotals({
  figures,
  className,
  totalTestId,
}: {
  figures: OrderTotalsFigures;
  className?: string;
  totalTestId?: string;
}) {
  return (
    <dl className={cn("grid gap-2 text-sm", className)}>
      <div className="flex justify-between">
        <dt className="text-muted">Produkty</dt>
        <dd>{formatPrice(figures.subtotal)}</dd>
      </div>
      {figures.discountAmount > 0 ? (
        <div className="flex justify-between">
          <dt className="text-muted">Rabat{figures.discountCode ? ` (${figures.discountCode})` : ""}</dt>
          <dd>−{formatPrice(figures.discountAmount)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between">
        <dt className="text-muted">Dostawa{figures.deliveryLabel ? ` (${figures.deliveryLabel})` : ""}</dt>
        <dd>{figures.deliveryCost > 0 ? formatPrice(figures.deliveryCost) : "Gratis"}</dd>
      </div>
      <div className="flex justify-between border-border border-t pt-3 font-bold text-base">
        <dt>Suma</dt>
        <dd data-testid={totalTestId}>{formatPrice(figures.total)}</dd>
      </div>
      {figures.refundedAmount ? (
        <>
          <div className="flex justify-between text-success" data-testid="order-refunded">
            <dt>Zwrócono</dt>
            <dd>−{formatPrice(figures.refundedAmount)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Po zwrotach</dt>
            <dd>{formatPrice(figures.total - figures.refundedAmount)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
