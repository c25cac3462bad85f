/**
 * The form inside an orders-tab dialog (shipping, delivery day, refund, a withdrawal's refund): posts
 * one intent about one record to the tab's action, leaves validation to Conform (Polish messages, not
 * the browser's), and shows the form's own refusal above its fields. OrderFormDialog is the whole
 * dialog about one order: the button that opens it, that form, Anuluj and submit.
 */
import type { FormMetadata } from "@conform-to/react";
import type { ComponentProps, ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { FormDialog, FormDialogFooter, FormErrorAlert } from "~/components/panel/dialog-frame";
import { FetcherForm } from "~/components/panel/fetcher-form";
import { Button } from "~/components/ui/button";
import { ORDERS_ACTION } from "../../order-filters";

type IntentFormProps<Schema extends Record<string, unknown>, Data> = {
  fetcher: FetcherWithComponents<Data>;
  form: FormMetadata<Schema, string[]>;
  intent: string;
  children: ReactNode;
};

export function OrderIntentForm<Schema extends Record<string, unknown>, Data>({
  fetcher,
  form,
  intent,
  recordField,
  recordId,
  children,
}: IntentFormProps<Schema, Data> & {
  /** The hidden field that names the record the intent is about. */
  recordField: "orderId" | "withdrawalId";
  recordId: string;
}) {
  return (
    <FetcherForm fetcher={fetcher} form={form} action={ORDERS_ACTION} className="grid gap-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={recordField} value={recordId} />
      <FormErrorAlert id={form.errorId} message={form.errors?.[0]} />
      {children}
    </FetcherForm>
  );
}

export function OrderFormDialog<Schema extends Record<string, unknown>, Data>({
  trigger,
  orderId,
  submit,
  fetcher,
  form,
  intent,
  children,
  ...dialog
}: IntentFormProps<Schema, Data> &
  Omit<ComponentProps<typeof FormDialog>, "trigger" | "children"> & {
    /** The opening button's icon and words. */
    trigger: ReactNode;
    orderId: string;
    submit: { label: string; busyLabel: string };
  }) {
  return (
    <FormDialog
      {...dialog}
      trigger={
        <Button variant="secondary" size="sm">
          {trigger}
        </Button>
      }
    >
      <OrderIntentForm fetcher={fetcher} form={form} intent={intent} recordField="orderId" recordId={orderId}>
        {children}
        <FormDialogFooter
          busy={fetcher.state !== "idle"}
          submitLabel={submit.label}
          busyLabel={submit.busyLabel}
        />
      </OrderIntentForm>
    </FormDialog>
  );
}
