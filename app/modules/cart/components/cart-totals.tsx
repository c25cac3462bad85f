import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { CartTotals } from "../totals";
import { TotalRow } from "./total-row";

/** The summary's totals, dimmed while a cart form is under way (they are about to change). */
export function Totals({
  totals,
  stale,
  appliedCode,
}: {
  totals: CartTotals;
  stale: boolean;
  appliedCode: string | null;
}) {
  return (
    <div
      className={cn("grid gap-2 transition-opacity", stale && "opacity-60")}
      aria-busy={stale}
      data-testid="cart-totals"
    >
      <dl className="grid gap-2 text-sm">
        {totals.tickets > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Bilety</dt>
            <dd className="tabular-nums" data-testid="totals-tickets">
              {formatPrice(totals.tickets)}
            </dd>
          </div>
        ) : null}
        {totals.tickets > 0 && totals.deliveryMethod === "none" ? null : (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Produkty</dt>
            <dd className="tabular-nums" data-testid="totals-subtotal">
              {formatPrice(totals.subtotal)}
            </dd>
          </div>
        )}
        {totals.discountAmount > 0 ? (
          <div className="flex justify-between gap-4 text-success">
            <dt>Rabat{appliedCode ? ` (${appliedCode})` : ""}</dt>
            <dd className="tabular-nums" data-testid="totals-discount">
              −{formatPrice(totals.discountAmount)}
            </dd>
          </div>
        ) : null}
        {totals.deliveryMethod === "none" ? null : (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Dostawa</dt>
            <dd
              className={cn("tabular-nums", totals.freeDelivery && "text-success")}
              data-testid="totals-delivery"
            >
              {totals.freeDelivery ? "Gratis" : formatPrice(totals.deliveryCost)}
            </dd>
          </div>
        )}
        <TotalRow total={totals.total} placement="summary" testId="totals-total" />
      </dl>
      {totals.deliveryMethod === "none" ? null : totals.amountToFreeDelivery > 0 ? (
        <p className="rounded-sm bg-accent/10 p-2 text-accent text-sm" data-testid="free-delivery-hint">
          Dodaj produkty za {formatPrice(totals.amountToFreeDelivery)}, a dostawa będzie darmowa.
        </p>
      ) : totals.freeDelivery && !totals.freeDeliveryByCode ? (
        <p className="text-sm text-success" data-testid="free-delivery-reached">
          Masz darmową dostawę!
        </p>
      ) : null}
      <p className="text-muted text-xs">Ceny zawierają VAT.</p>
    </div>
  );
}
