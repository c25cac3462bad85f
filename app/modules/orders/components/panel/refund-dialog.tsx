/**
 * "Zwrot pieniędzy" on a paid order (admins only: the orders tab is theirs): each line with what was
 * bought, what was refunded already and the unit price as paid (discount spread), how many units to
 * refund, the delivery cost or not, whether the goods came back to stock, and a reason. The amount is
 * priced live by the same `priceRefund` the server charges with; sending asks "Czy na pewno zwrócić …?"
 * first. The server prices and checks everything again.
 */
import { useForm } from "@conform-to/react";
import { Banknote } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { CheckboxLine } from "~/components/panel/checkbox-field";
import { type ColumnHead, ColumnHeads } from "~/components/panel/column-heads";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import { validateFetcherForm } from "~/components/panel/fetcher-form";
import { TextareaField } from "~/components/panel/form-in-dialog";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { formatPrice } from "~/lib/money";
import type { OrderActionResult } from "../../order-actions.schema";
import { ORDERS_ACTION } from "../../order-filters";
import type { PanelOrder } from "../../panel-orders.server";
import type { RefundQuote } from "../../refund-amounts";
import { livePrice, refundConstraint, refundMessages, refundSchema } from "../../refund-form.schema";
import { OrderFormDialog } from "./order-intent-form";

const REFUND_COLUMNS: ColumnHead[] = [
  { label: "Produkt", className: "py-1 pr-2 font-semibold" },
  { label: "Kupiono", className: "px-2 py-1 text-right font-semibold" },
  { label: "Zwrócono", className: "px-2 py-1 text-right font-semibold" },
  { label: "Cena za szt.", className: "px-2 py-1 text-right font-semibold" },
  { label: "Zwróć szt.", className: "py-1 pl-2 text-right font-semibold" },
];

export function RefundDialog({
  order,
  quote,
}: {
  order: Pick<PanelOrder, "id" | "number" | "customerEmail" | "stockReturned">;
  quote: RefundQuote;
}) {
  const [open, setOpen] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [includeDelivery, setIncludeDelivery] = useState(false);
  const [confirming, setConfirming] = useState<{ formData: FormData; amount: number } | null>(null);
  const fetcher = useFetcher<OrderActionResult>({ key: `order-refund-${order.id}` });
  const [form, fields] = useForm({
    id: `refund-${order.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    constraint: refundConstraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateFetcherForm(refundSchema),
    onSubmit(event, { formData }) {
      // Valid: ask first; the confirmation sends the same data.
      event.preventDefault();
      const priced = livePrice(quote, quantities, includeDelivery);
      if (priced.amount === null) {
        toast.error(priced.error ?? refundMessages.nothingChosen);
        return;
      }
      setConfirming({ formData, amount: priced.amount });
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok && !result.refundFailed) {
      toast.success(result.message, {
        description: `Klient (${order.customerEmail}) dostanie e-mail o zwrocie.`,
      });
      setOpen(false);
      setQuantities({});
      setIncludeDelivery(false);
    } else {
      toastFailure(refundMessages.failed, result.message);
    }
  });

  const priced = livePrice(quote, quantities, includeDelivery);
  const linesError = fields.lines.errors?.[0];

  return (
    <>
      <OrderFormDialog
        open={open}
        onOpenChange={setOpen}
        className="max-w-2xl"
        trigger={
          <>
            <Banknote aria-hidden="true" />
            Zwrot pieniędzy
          </>
        }
        title="Zwrot pieniędzy"
        description={`Zamówienie #${order.number}. Można jeszcze zwrócić ${formatPrice(quote.remaining)}. Pieniądze wrócą do klienta przez operatora płatności.`}
        orderId={order.id}
        submit={{ label: "Zwróć pieniądze", busyLabel: "Zwracanie…" }}
        fetcher={fetcher}
        form={form}
        intent="refund"
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold text-sm">Produkty do zwrotu</legend>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <ColumnHeads columns={REFUND_COLUMNS} />
              <tbody className="divide-y divide-border/70">
                {quote.lines.map((line, index) => {
                  const left = line.quantity - line.refundedQuantity;
                  const inputId = `refund-${order.id}-line-${index}`;
                  const name = line.name || "Produkt";
                  return (
                    <tr key={line.orderItemId} data-testid="refund-line">
                      <td className="py-1.5 pr-2">
                        <label htmlFor={inputId} className="font-medium">
                          {name}
                          {line.size ? <span className="text-muted"> · {line.size}</span> : null}
                        </label>
                        <input type="hidden" name={`lines[${index}].orderItemId`} value={line.orderItemId} />
                      </td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{line.quantity}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{line.refundedQuantity}</td>
                      <td className="px-2 py-1.5 text-right tabular-nums">{formatPrice(line.unitPaid)}</td>
                      <td className="py-1.5 pl-2 text-right">
                        <Input
                          id={inputId}
                          type="number"
                          inputMode="numeric"
                          name={`lines[${index}].quantity`}
                          min={0}
                          max={left}
                          step={1}
                          readOnly={left === 0}
                          value={quantities[line.orderItemId] ?? "0"}
                          onChange={(event) => {
                            // Read now: React clears currentTarget before the updater runs.
                            const typed = event.currentTarget.value;
                            setQuantities((current) => ({ ...current, [line.orderItemId]: typed }));
                          }}
                          aria-label={`Liczba sztuk do zwrotu: ${name}${line.size ? ` (${line.size})` : ""}`}
                          aria-invalid={linesError ? true : undefined}
                          className="ml-auto h-9 w-20 text-right"
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {linesError ? (
            <p className="text-danger text-sm" id={fields.lines.errorId}>
              {linesError}
            </p>
          ) : null}
        </fieldset>

        <CheckboxLine
          id={`refund-${order.id}-delivery`}
          name="includeDelivery"
          checked={includeDelivery}
          disabled={quote.deliveryRefundable === 0}
          onChange={(event) => setIncludeDelivery(event.currentTarget.checked)}
          label="Zwróć koszt dostawy"
          hint={
            quote.deliveryRefundable > 0
              ? `${formatPrice(quote.deliveryRefundable)} do zwrotu`
              : "Nie ma kosztu dostawy do zwrotu"
          }
        />
        <CheckboxLine
          id={`refund-${order.id}-restock`}
          name="restock"
          defaultChecked={false}
          disabled={order.stockReturned}
          label="Towar wrócił do magazynu"
          hint={
            order.stockReturned
              ? "Produkty tego zamówienia wróciły już do magazynu przy anulowaniu"
              : "Zwracane sztuki wrócą do stanu magazynowego"
          }
        />
        <TextareaField
          field={fields.reason}
          label="Powód zwrotu"
          required
          rows={2}
          description="Widoczny dla klienta na stronie zamówienia."
        />

        <p
          className="flex items-baseline justify-between rounded-md border border-border bg-surface-2 p-3"
          aria-live="polite"
          data-testid="refund-amount-preview"
        >
          <span className="font-semibold">Do zwrotu</span>
          {priced.amount !== null ? (
            <span className="font-bold text-lg tabular-nums">{formatPrice(priced.amount)}</span>
          ) : (
            <span className="text-muted text-sm">{priced.error ?? "Wybierz produkty lub dostawę"}</span>
          )}
        </p>
      </OrderFormDialog>

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => (next ? undefined : setConfirming(null))}
        title={`Czy na pewno zwrócić ${confirming ? formatPrice(confirming.amount) : ""}?`}
        description={`Zamówienie #${order.number}. Pieniądze zostaną zwrócone klientowi przez operatora płatności — tego nie można cofnąć.`}
        confirmLabel={`Zwróć ${confirming ? formatPrice(confirming.amount) : ""}`}
        onConfirm={() => {
          if (confirming) fetcher.submit(confirming.formData, { method: "post", action: ORDERS_ACTION });
          setConfirming(null);
        }}
      />
    </>
  );
}
