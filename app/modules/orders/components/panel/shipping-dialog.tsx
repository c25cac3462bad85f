/**
 * 'Wyślij powiadomienie o wysyłce' (beyond SPEC): takes the tracking number and link, stores them on the
 * order and queues the shipping e-mail to the customer.
 */
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Send } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import {
  type OrderActionResult,
  shippingConstraint,
  shippingNotificationSchema,
} from "../../order-actions.schema";
import { ORDERS_ACTION } from "../../order-filters";
import type { PanelOrder } from "../../panel-orders.server";

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

  const busy = fetcher.state !== "idle";
  const { key: numberKey, ...numberProps } = getInputProps(fields.trackingNumber, {
    type: "text",
    ariaAttributes: false,
  });
  const { key: urlKey, ...urlProps } = getInputProps(fields.trackingUrl, {
    type: "url",
    ariaAttributes: false,
  });

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Send aria-hidden="true" />
          {order.trackingNumber ? "Wyślij ponownie powiadomienie" : "Wyślij powiadomienie o wysyłce"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Powiadomienie o wysyłce</DialogTitle>
          <DialogDescription>
            Zamówienie #{order.number}. Klient ({order.customerEmail}) dostanie e-mail z numerem przesyłki i
            linkiem do śledzenia.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={ORDERS_ACTION}
          {...getFormProps(form)}
          noValidate
          className="grid gap-4"
        >
          <input type="hidden" name="intent" value="ship" />
          <input type="hidden" name="orderId" value={order.id} />
          {form.errors?.length ? (
            <p role="alert" id={form.errorId} className="font-medium text-danger text-sm">
              {form.errors[0]}
            </p>
          ) : null}
          <Field
            label="Numer przesyłki"
            required
            htmlFor={fields.trackingNumber.id}
            errorId={fields.trackingNumber.errorId}
            errors={fields.trackingNumber.errors}
          >
            <Input key={numberKey} {...numberProps} autoComplete="off" className="font-mono" />
          </Field>
          <Field
            label="Link do śledzenia"
            htmlFor={fields.trackingUrl.id}
            errorId={fields.trackingUrl.errorId}
            errors={fields.trackingUrl.errors}
            description="Np. strona śledzenia przewoźnika. Opcjonalnie."
          >
            <Input key={urlKey} {...urlProps} placeholder="https://" autoComplete="off" />
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Anuluj
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Wysyłanie…" : "Wyślij powiadomienie"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
