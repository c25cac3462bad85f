/**
 * 'Wyślij powiadomienie o wysyłce' (beyond SPEC): takes the tracking number and link, stores them on the
 * order and queues the shipping e-mail to the customer.
 */
import { useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/panel/form-in-dialog";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { toast } from "~/components/ui/toaster";
import {
  type OrderActionResult,
  shippingConstraint,
  shippingNotificationSchema,
} from "../../order-actions.schema";
import type { PanelOrder } from "../../panel-orders.server";
import { OrderFormDialog } from "./order-intent-form";

export function ShippingDialog({
  order,
}: {
  order: Pick<PanelOrder, "id" | "number" | "customerEmail" | "trackingNumber" | "trackingUrl">;
}) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<OrderActionResult>({ key: `order-ship-${order.id}` });
  const [form, fields] = useForm({
    id: `ship-${order.id}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    constraint: shippingConstraint,
    defaultValue: { trackingNumber: order.trackingNumber ?? "", trackingUrl: order.trackingUrl ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shippingNotificationSchema }),
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message, {
        description: `E-mail do ${order.customerEmail} czeka w kolejce wysyłki.`,
      });
      setOpen(false);
    } else {
      toast.error(result.message);
    }
  });

  return (
    <OrderFormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <>
          <Send aria-hidden="true" />
          {order.trackingNumber ? "Wyślij ponownie powiadomienie" : "Wyślij powiadomienie o wysyłce"}
        </>
      }
      title="Powiadomienie o wysyłce"
      description={`Zamówienie #${order.number}. Klient (${order.customerEmail}) dostanie e-mail z numerem przesyłki i linkiem do śledzenia.`}
      orderId={order.id}
      submit={{ label: "Wyślij powiadomienie", busyLabel: "Wysyłanie…" }}
      fetcher={fetcher}
      form={form}
      intent="ship"
    >
      <TextField
        field={fields.trackingNumber}
        label="Numer przesyłki"
        required
        autoComplete="off"
        className="font-mono"
      />
      <TextField
        field={fields.trackingUrl}
        label="Link do śledzenia"
        type="url"
        description="Np. strona śledzenia przewoźnika. Opcjonalnie."
        placeholder="https://"
        autoComplete="off"
      />
    </OrderFormDialog>
  );
}
