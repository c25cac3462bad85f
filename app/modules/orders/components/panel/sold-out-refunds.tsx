/**
 * Payments that arrived after their stock was gone and were refunded automatically (no order was
 * made): who paid, what they wanted, how much went back and how the refund stands. Shown above the
 * orders list only when there are any.
 */
import { Badge } from "~/components/ui/badge";
import { LabelledSection } from "~/components/ui/labelled-section";
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import type { SoldOutRefund } from "../../panel-orders.server";
import { refundLineLabel, refundStatusLabels } from "../../refund-history";

const statusVariant = { pending: "warning", succeeded: "success", failed: "danger" } as const;

export function SoldOutRefunds({ refunds }: { refunds: readonly SoldOutRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <LabelledSection
      id="sold-out-refunds-title"
      level={3}
      title="Płatności bez zamówienia — zwrócone automatycznie"
      className="grid gap-2 rounded-lg border border-warning/40 bg-surface p-4 text-sm"
      titleClassName="font-semibold"
      testId="sold-out-refunds"
    >
      <p className="text-muted text-xs">
        Płatność dotarła po zwolnieniu rezerwacji, a produktów już nie było. Klient dostał e-mail o zwrocie.
      </p>
      <ul className="divide-y divide-border/70">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap items-baseline justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="font-medium">{refund.customerName || refund.email || "Klient"}</span>
              {refund.email && refund.customerName ? (
                <span className="text-muted"> · {refund.email}</span>
              ) : null}
              <span className="block text-muted text-xs">
                {refund.lines.map(refundLineLabel).join(", ")}
                {" · "}
                <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time>
              </span>
              {refund.status === "failed" && refund.failureReason ? (
                <span className="block text-danger text-xs">{refund.failureReason}</span>
              ) : null}
            </span>
            <span className="flex items-center gap-2">
              <Badge variant={statusVariant[refund.status]}>{refundStatusLabels[refund.status]}</Badge>
              <span className="font-bold tabular-nums">{formatPrice(refund.amount)}</span>
            </span>
          </li>
        ))}
      </ul>
    </LabelledSection>
  );
}
