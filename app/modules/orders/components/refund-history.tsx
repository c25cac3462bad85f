/**
 * An order's refunds, newest first: what kind, how much, which lines and the delivery cost, the
 * reason, when and how it stands — on the panel's order card (with who refunded) and on the
 * customer's order pages.
 */
import { Badge } from "~/components/ui/badge";
import { formatPrice } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  type RefundHistoryEntry,
  refundKindLabels,
  refundLineLabel,
  refundStatusLabels,
} from "../refund-history";

const statusVariant = { pending: "warning", succeeded: "success", failed: "danger" } as const;

export function RefundHistory({
  refunds,
  className,
  title = "Zwroty pieniędzy",
  headingClassName,
}: {
  refunds: readonly RefundHistoryEntry[];
  className?: string;
  title?: string;
  headingClassName?: string;
}) {
  if (refunds.length === 0) return null;
  return (
    <section aria-label={title} className={cn("grid gap-2 text-sm", className)} data-testid="refund-history">
      <h3 className={cn("font-bold text-muted text-xs uppercase tracking-widest", headingClassName)}>
        {title}
      </h3>
      <ol className="grid gap-2">
        {refunds.map((refund) => (
          <li
            key={refund.id}
            data-testid="refund-entry"
            data-status={refund.status}
            className="grid gap-1 rounded-md border border-border bg-surface-2/60 p-3"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{refundKindLabels[refund.kind]}</span>
                <Badge variant={statusVariant[refund.status]}>{refundStatusLabels[refund.status]}</Badge>
              </span>
              <span
                className={cn("font-bold tabular-nums", refund.status === "failed" && "line-through")}
                data-testid="refund-amount"
              >
                {formatPrice(refund.amount)}
              </span>
            </div>
            <p className="text-muted text-xs">
              <time dateTime={refund.createdAt}>{refund.createdLabel}</time>
              {refund.actor ? ` · ${refund.actor}` : ""}
            </p>
            {refund.lines.length || refund.deliveryAmount > 0 ? (
              <ul className="text-xs">
                {refund.lines.map((line) => (
                  <li key={line.orderItemId} className="flex justify-between gap-3">
                    <span>{refundLineLabel(line)}</span>
                    <span className="tabular-nums">{formatPrice(line.amount)}</span>
                  </li>
                ))}
                {refund.deliveryAmount > 0 ? (
                  <li className="flex justify-between gap-3">
                    <span>Koszt dostawy</span>
                    <span className="tabular-nums">{formatPrice(refund.deliveryAmount)}</span>
                  </li>
                ) : null}
              </ul>
            ) : null}
            <p className="text-xs">
              <span className="text-muted">Powód: </span>
              {refund.reason}
            </p>
            {refund.restocked ? <p className="text-muted text-xs">Towar wrócił do magazynu</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
