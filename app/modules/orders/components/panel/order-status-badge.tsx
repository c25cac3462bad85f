import { Badge } from "~/components/ui/badge";
import type { OrderStatus } from "../../../../../db/schema";
import { adminStatusLabels } from "../../order-status";

const variants = {
  pending: "warning",
  processing: "default",
  completed: "success",
  cancelled: "danger",
} as const satisfies Record<OrderStatus, "warning" | "default" | "success" | "danger">;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <Badge
      variant={variants[status]}
      className={status === "processing" ? "border-electric/50 bg-electric/15 text-[#b3a9ff]" : undefined}
    >
      {adminStatusLabels[status]}
    </Badge>
  );
}
