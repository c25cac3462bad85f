import { Badge, type BadgeProps } from "~/components/ui/badge";
import { customerStatusLabel } from "~/modules/orders/order-status";

const variants: Record<string, BadgeProps["variant"]> = {
  pending: "warning",
  processing: "accent",
  completed: "success",
  cancelled: "danger",
};

/** The customer's status label (SPEC §4: Oczekuje, W trakcie, Zrealizowane, Anulowane; raw otherwise). */
export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={variants[status] ?? "default"} data-testid="order-status-badge">
      {customerStatusLabel(status)}
    </Badge>
  );
}
