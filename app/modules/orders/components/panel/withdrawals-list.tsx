/**
 * The orders tab's open withdrawals ("Odstąpienia od umowy"): order, customer, lines, filing date and
 * note, each with "Zwróć pieniądze" — a confirmation with the delivery cost and the restock choice —
 * that refunds the withdrawn units through the payment provider and closes the withdrawal. The shop
 * owes the refund within 14 days of receiving the return; the list shows when each was filed.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { FormDialog, FormDialogFooter } from "~/components/panel/dialog-frame";
import { useLoadErrorToast } from "~/components/panel/panel-screen";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { LabelledSection } from "~/components/ui/labelled-section";
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

const refundFetcherKey = (withdrawalId: string) => `withdrawal-refund-${withdrawalId}`;

/**
 * A refund's "Pieniądze zostały zwrócone…", heard by the list, not by the dialog: the refund closes
 * the withdrawal, and its row (with the dialog) leaves with the reload that follows, which React may
 * render together with the answer (decision 046). The list keeps one of these for every withdrawal
 * it has shown, holding the row's keyed fetcher so its answer outlives the row.
 */
function RefundAnswer({ withdrawalId }: { withdrawalId: string }) {
  const fetcher = useFetcher<FormActionResult>({ key: refundFetcherKey(withdrawalId) });
  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(result.message);
  });
  return null;
}

function RefundWithdrawalDialog({ withdrawal }: { withdrawal: PanelWithdrawal }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormActionResult>({ key: refundFetcherKey(withdrawal.id) });
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `withdrawal-refund-${withdrawal.id}`,
    lastResult: fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: refundWithdrawalSchema }),
  });

  // A refusal keeps the withdrawal open (and this dialog); a refund's toast is RefundAnswer's.
  useFetcherResult(fetcher, (result) => {
    if (result.ok) setOpen(false);
    else toastFailure(refundWithdrawalMessages.failed, result.message);
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
        <CheckboxField
          field={fields.includeDelivery}
          label="Zwróć koszt dostawy"
          hint="Przy odstąpieniu od całego zamówienia — do wysokości najtańszej oferowanej dostawy."
        />
        <CheckboxField
          field={fields.restock}
          label="Produkty wróciły do sklepu"
          hint="Zwrócone sztuki wrócą do stanu magazynowego."
        />
        <FormDialogFooter busy={busy} submitLabel="Zwróć pieniądze" busyLabel="Zwracanie…" />
      </OrderIntentForm>
    </FormDialog>
  );
}

/** An open withdrawal: order, customer, lines, filing date and note, and its refund. */
function WithdrawalItem({ withdrawal }: { withdrawal: PanelWithdrawal }) {
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border p-3 text-sm"
      data-testid="open-withdrawal"
    >
      <div id={`withdrawal-${withdrawal.id}`} className="min-w-0">
        <p className="font-semibold">
          #{withdrawal.orderNumber} · {withdrawal.customerName ?? withdrawal.customerEmail}
          {withdrawal.customerName ? <span className="text-muted"> ({withdrawal.customerEmail})</span> : null}
        </p>
        <p>{withdrawal.lines.map(lineLabel).join(", ")}</p>
        <p className="text-muted">
          Złożono <time dateTime={withdrawal.createdAt}>{formatDateTime(withdrawal.createdAt)}</time>
        </p>
        {withdrawal.note ? <p className="mt-1 whitespace-pre-wrap italic">„{withdrawal.note}”</p> : null}
      </div>
      <RefundWithdrawalDialog withdrawal={withdrawal} />
    </li>
  );
}

export function WithdrawalsList({
  withdrawals,
  loadError,
}: {
  withdrawals: PanelWithdrawal[];
  loadError: string | null;
}) {
  useLoadErrorToast(loadError);
  // Every withdrawal shown so far, for its refund's answer (RefundAnswer), even once it is closed.
  const [shown, setShown] = useState<string[]>([]);
  const unseen = withdrawals.filter((withdrawal) => !shown.includes(withdrawal.id));
  if (unseen.length > 0) setShown([...shown, ...unseen.map((withdrawal) => withdrawal.id)]);
  const answers = shown.map((id) => <RefundAnswer key={id} withdrawalId={id} />);
  if (withdrawals.length === 0) return answers;
  return (
    <>
      {answers}
      <LabelledSection
        id="withdrawals-title"
        title={`Odstąpienia od umowy (${withdrawals.length})`}
        className="grid gap-3 rounded-lg border border-accent/40 bg-surface p-4"
        titleClassName="font-bold text-lg"
        testId="open-withdrawals"
      >
        <p className="text-muted text-sm">
          Klient odsyła produkty na swój koszt. Zwróć pieniądze w ciągu 14 dni od otrzymania paczki.
        </p>
        <ul className="grid gap-3">
          {withdrawals.map((withdrawal) => (
            <WithdrawalItem key={withdrawal.id} withdrawal={withdrawal} />
          ))}
        </ul>
      </LabelledSection>
    </>
  );
}
