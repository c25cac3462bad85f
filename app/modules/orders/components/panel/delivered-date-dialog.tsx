/**
 * "Dostarczono": the admin records the day the parcel reached the customer (a Warsaw date, not in the
 * future); the customer's 14-day withdrawal window runs from it (decision 025).
 */
import { getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PackageCheck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import { formatShortDate } from "~/lib/dates";
import type { FormActionResult } from "~/lib/form-action.server";
import { toWarsawLocal } from "~/lib/warsaw-time";
import { deliveredMessages, deliveredSchema } from "../../withdrawal.schema";
import { OrderFormDialog } from "./order-intent-form";

export function DeliveredDateDialog({
  order,
}: {
  order: { id: string; number: string; createdAt: string; deliveredAt: string | null };
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<FormActionResult>({ key: `order-delivered-${order.id}` });
  const today = toWarsawLocal(new Date()).slice(0, 10);
  const [form, fields] = useForm({
    id: `delivered-${order.id}`,
    lastResult: fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.result : undefined,
    defaultValue: { deliveredOn: order.deliveredAt ? toWarsawLocal(order.deliveredAt).slice(0, 10) : today },
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deliveredSchema }),
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      setOpen(false);
    } else {
      toastFailure(deliveredMessages.failed, result.message);
    }
  });

  const { key, ...dateProps } = getInputProps(fields.deliveredOn, { type: "date", ariaAttributes: false });
  return (
    <OrderFormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <>
          <PackageCheck aria-hidden="true" />
          {order.deliveredAt ? `Doręczono ${formatShortDate(order.deliveredAt)}` : "Dostarczono"}
        </>
      }
      title="Data doręczenia"
      description={`Zamówienie #${order.number}. Od tego dnia klient ma 14 dni na odstąpienie od umowy.`}
      orderId={order.id}
      submit={{ label: "Zapisz datę", busyLabel: "Zapisywanie…" }}
      fetcher={fetcher}
      form={form}
      intent="set-delivered"
    >
      <div className="grid gap-1 text-sm">
        <label htmlFor={fields.deliveredOn.id} className="font-semibold">
          Dzień doręczenia
        </label>
        <Input
          key={key}
          {...dateProps}
          min={toWarsawLocal(order.createdAt).slice(0, 10)}
          max={today}
          aria-describedby={fields.deliveredOn.errors ? fields.deliveredOn.errorId : undefined}
        />
        {fields.deliveredOn.errors ? (
          <p id={fields.deliveredOn.errorId} className="text-danger">
            {fields.deliveredOn.errors[0]}
          </p>
        ) : null}
      </div>
    </OrderFormDialog>
  );
}
