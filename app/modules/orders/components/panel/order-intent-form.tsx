/**
 * The form inside an orders-tab dialog (shipping, delivery day, refund, a withdrawal's refund): posts
 * one intent about one record to the tab's action, leaves validation to Conform (Polish messages, not
 * the browser's), and shows the form's own refusal above its fields.
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import type { FetcherWithComponents } from "react-router";
import { FormErrorAlert } from "~/components/panel/dialog-frame";
import { ORDERS_ACTION } from "../../order-filters";

export function OrderIntentForm<Schema extends Record<string, unknown>, Data>({
  fetcher,
  form,
  intent,
  recordField,
  recordId,
  children,
}: {
  fetcher: FetcherWithComponents<Data>;
  form: FormMetadata<Schema, string[]>;
  intent: string;
  /** The hidden field that names the record the intent is about. */
  recordField: "orderId" | "withdrawalId";
  recordId: string;
  children: ReactNode;
}) {
  return (
    <fetcher.Form
      method="post"
      action={ORDERS_ACTION}
      {...getFormProps(form)}
      noValidate
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={recordField} value={recordId} />
      <FormErrorAlert id={form.errorId} message={form.errors?.[0]} />
      {children}
    </fetcher.Form>
  );
}
