import { AlertCircle } from "lucide-react";
import { cn } from "~/lib/utils";
import { type CartRefusal, refusalNotice } from "../cart-page-state";
import type { CartNotice } from "../cart-view";

/** What the server changed on its own, and a refused checkout: visible without scripts too. */
export function CartMessages({
  notice,
  refusal,
}: {
  notice: CartNotice | null;
  refusal: CartRefusal | null;
}) {
  if (!notice && !refusal) return null;
  return (
    <div className="mt-6 grid gap-2">
      {notice ? <CartMessage message={notice} tone="warning" testId="cart-notice" /> : null}
      {refusal ? <CartMessage message={refusalNotice(refusal)} tone="danger" testId="cart-error" /> : null}
    </div>
  );
}

function CartMessage({
  message,
  tone,
  testId,
}: {
  message: CartNotice;
  tone: "warning" | "danger";
  testId: string;
}) {
  return (
    <p
      className={cn(
        "flex items-start gap-2 rounded-md p-3 text-sm",
        tone === "warning" ? "bg-warning/10 text-warning" : "bg-danger/10 text-danger",
      )}
      role={tone === "warning" ? "status" : "alert"}
      data-testid={testId}
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        <strong>{message.title}.</strong> {message.message}
      </span>
    </p>
  );
}
