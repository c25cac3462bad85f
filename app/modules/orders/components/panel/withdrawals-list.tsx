/**
 * The orders tab's open withdrawals ("Odstąpienia od umowy"): order, customer, lines, filing date and
 * note, each with "Zwróć pieniądze" — a confirmation with the delivery cost and the restock choice —
 * that refunds the withdrawn units through the payment provider and closes the withdrawal. The shop
 * owes the refund within 14 days of receiving the return; the list shows when each was filed.
 */
import { getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { FormDialog, FormDialogFooter } from "~/components/panel/dialog-frame";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { toast } from "~/components/ui/toaster";
import { formatDateTime } from "~/lib/dates";
import type { FormActionResult } from "~/lib/form-action.server";
import { refundWithdrawalMessages, refundWithdrawalSchema } from "../../withdrawal.schema";
import type { PanelWithdrawal } from "../../withdrawals.server";
import { OrderIntentForm } from "./order-intent-form";

function lineLabel(line: { name: string; size: string | null; quantity: number }) {
  const name = line.name || "Produkt";
  return `${line.size ? `${name} (rozmiar ${line.size})` : name} × ${line.quantity}`;
}

function RefundWithdrawalDialog({ withdrawal }: { withdrawal: PanelWithdrawal }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormActionResult>({ key: `withdrawal-refund-${withdrawal.id}` });
  const [form, fields] = useForm({
    id: `withdrawal-refund-${withdrawal.id}`,
    lastResult: fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundWithdrawalSchema }),
  });

  useFetcherResult(
    fetcher,
    (result) => {
      if (result.ok) {
        toast.success(result.message);
        setOpen(false);
      } else {
        toastFailure(refundWithdrawalMessages.failed, result.message);
      }
    },
    // The reload drops the closed withdrawal's row, and this dialog with it.
    { beforeReload: true },
  );

  const { key: deliveryKey, ...deliveryProps } = getInputProps(fields.includeDelivery, {
    type: "checkbox",
    ariaAttributes: false,
  });
  const { key: restockKey, ...restockProps } = getInputProps(fields.restock, {
    type: "checkbox",
    ariaAttributes: false,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" aria-describedby={`withdrawal-${withdrawal.id}`}>
          <Undo2 aria-hidden="true" />
          Zwróć pieniądze
        </Button>
      }
      title="Zwrot pieniędzy za odstąpienie od umowy"
      description={`Zamówienie #${withdrawal.orderNumber}: ${withdrawal.lines.map(lineLabel).join(", ")}. Pieniądze wrócą do klienta (${withdrawal.customerEmail}) przez operatora płatności; odstąpienie zostanie zamknięte.`}
    >
      <OrderIntentForm
        fetcher={fetcher}
        form={form}
        intent="refund-withdrawal"
        recordField="withdrawalId"
        recordId={withdrawal.id}
      >
        <label className="flex items-start gap-3 text-sm" htmlFor={fields.includeDelivery.id}>
          <Checkbox key={deliveryKey} {...deliveryProps} />
          <span>
            <span className="font-semibold">Zwróć koszt dostawy</span>
            <span className="block text-muted">
              Przy odstąpieniu od całego zamówienia — do wysokości najtańszej oferowanej dostawy.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-3 text-sm" htmlFor={fields.restock.id}>
          <Checkbox key={restockKey} {...restockProps} />
          <span>
            <span className="font-semibold">Produkty wróciły do sklepu</span>
            <span className="block text-muted">Zwrócone sztuki wrócą do stanu magazynowego.</span>
          </span>
        </label>
        <FormDialogFooter
          busy={fetcher.state !== "idle"}
          submitLabel="Zwróć pieniądze"
          busyLabel="Zwracanie…"
        />
      </OrderIntentForm>
    </FormDialog>
  );
}

export function WithdrawalsList({
  withdrawals,
  loadError,
}: {
  withdrawals: PanelWithdrawal[];
  loadError: string | null;
}) {
  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);
  if (withdrawals.length === 0) return null;
  return (
    <section
      aria-labelledby="withdrawals-title"
      className="grid gap-3 rounded-lg border border-accent/40 bg-surface p-4"
      data-testid="open-withdrawals"
    >
      <h2 id="withdrawals-title" className="font-bold text-lg">
        Odstąpienia od umowy ({withdrawals.length})
      </h2>
      <p className="text-muted text-sm">
        Klient odsyła produkty na swój koszt. Zwróć pieniądze w ciągu 14 dni od otrzymania paczki.
      </p>
      <ul className="grid gap-3">
        {withdrawals.map((withdrawal) => (
          <li
            key={withdrawal.id}
            className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border p-3 text-sm"
            data-testid="open-withdrawal"
          >
            <div id={`withdrawal-${withdrawal.id}`} className="min-w-0">
              <p className="font-semibold">
                #{withdrawal.orderNumber} · {withdrawal.customerName ?? withdrawal.customerEmail}
                {withdrawal.customerName ? (
                  <span className="text-muted"> ({withdrawal.customerEmail})</span>
                ) : null}
              </p>
              <p>{withdrawal.lines.map(lineLabel).join(", ")}</p>
              <p className="text-muted">
                Złożono <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
              </p>
              {withdrawal.note ? (
                <p className="mt-1 whitespace-pre-wrap italic">„{withdrawal.note}”</p>
              ) : null}
            </div>
            <RefundWithdrawalDialog withdrawal={withdrawal} />
          </li>
        ))}
      </ul>
    </section>
  );
}
