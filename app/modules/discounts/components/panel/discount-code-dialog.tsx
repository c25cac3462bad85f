/**
 * The create/edit dialog of a discount code (SPEC §5 Discount code form). Conform checks the form in the
 * browser with the schema the action uses again; a refusal from the server (a taken code, a limit below
 * the uses so far) comes back on its field with everything typed kept. The value field reads percent or
 * PLN by type and disappears for free shipping; the free-shipping switch exists only for a combo.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import { FormDialog, FormDialogFooter, FormErrorAlert } from "~/components/panel/dialog-frame";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { FormField, FormInput, SelectField } from "~/components/ui/form-field";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { DISCOUNT_TYPES, discountTypeLabels } from "../../discount";
import {
  type DiscountCodeFormDefaults,
  discountCodeFormSchema,
  discountCodeLimits,
  discountCodeMessages,
} from "../../discount-codes.schema";
import type { DiscountActionResult } from "../../discount-codes.server";

export const DISCOUNTS_ACTION = "/admin/discounts";

/** A yes/no field: a switch sent as "on" when set (absent when not), labelled beside it. */
function SwitchField({
  label,
  field,
  on,
}: {
  label: string;
  field: { id: string; key: string | undefined; name: string };
  on: boolean;
}) {
  return (
    <Field label={label} orientation="horizontal" htmlFor={field.id}>
      <Switch key={field.key} name={field.name} value="on" defaultChecked={on} />
    </Field>
  );
}

function DiscountCodeForm({
  defaults,
  onSaved,
}: {
  defaults: DiscountCodeFormDefaults;
  onSaved: () => void;
}) {
  const fetcher = useFetcher<DiscountActionResult>();
  const [type, setType] = useState<string>(defaults.type);

  const [form, fields] = useForm({
    id: `discount-code-${defaults.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(formData, { schema: discountCodeFormSchema });
    },
    onSubmit(event, { formData }) {
      event.preventDefault();
      fetcher.submit(formData, { method: "post", action: DISCOUNTS_ACTION });
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onSaved();
    } else {
      const fieldMessage = Object.entries(result.result?.error ?? {})
        .filter(([name]) => name !== "")
        .flatMap(([, messages]) => messages ?? [])[0];
      toast.error(fieldMessage ?? result.message ?? discountCodeMessages.saveFailed);
    }
  });

  const submitting = fetcher.state !== "idle";
  const editing = Boolean(defaults.id);

  return (
    <form {...getFormProps(form)} method="post" action={DISCOUNTS_ACTION} noValidate className="grid gap-4">
      <input type="hidden" name="intent" value="save" />
      {defaults.id ? <input type="hidden" name="id" value={defaults.id} /> : null}
      <FormErrorAlert id={form.errorId} message={form.errors?.join(" ")} />
      <FormField label="Kod" required field={fields.code}>
        <FormInput
          field={fields.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          className="font-mono uppercase"
          onChange={(event) => {
            // SPEC §5: forced upper case while typing.
            const upper = event.currentTarget.value.toUpperCase();
            if (upper !== event.currentTarget.value) {
              const { selectionStart, selectionEnd } = event.currentTarget;
              event.currentTarget.value = upper;
              event.currentTarget.setSelectionRange(selectionStart, selectionEnd);
            }
          }}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Typ"
          required
          field={fields.type}
          options={DISCOUNT_TYPES}
          optionLabel={discountTypeLabels}
          selectProps={{ onChange: (event) => setType(event.currentTarget.value) }}
        />
        {type === "free_shipping" ? null : (
          <FormField
            label={type === "percentage" ? "Wartość (%)" : "Wartość (zł)"}
            required
            field={fields.value}
            description={type === "percentage" ? "Procent od 1 do 100" : "Kwota w PLN, np. 20 lub 19,99"}
          >
            <FormInput
              field={fields.value}
              inputMode={type === "percentage" ? "numeric" : "decimal"}
              autoComplete="off"
            />
          </FormField>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Minimalna wartość zamówienia (zł)"
          field={fields.minOrderValue}
          description="Puste = bez minimum"
        >
          <FormInput field={fields.minOrderValue} inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField label="Limit użyć" field={fields.maxUses} description="Puste = bez limitu">
          <FormInput field={fields.maxUses} inputMode="numeric" autoComplete="off" />
        </FormField>
      </div>
      <FormField
        label="Ważny do"
        field={fields.validUntil}
        description="Włącznie z tym dniem. Puste = bez limitu."
      >
        <FormInput field={fields.validUntil} type="date" />
      </FormField>
      <FormField label="Opis (widoczny tylko w panelu)" field={fields.description}>
        <Textarea
          key={fields.description.key}
          id={fields.description.id}
          name={fields.description.name}
          defaultValue={defaults.description}
          maxLength={discountCodeLimits.descriptionMax}
          rows={2}
        />
      </FormField>
      <div className="grid gap-3">
        <SwitchField
          label="Tylko pierwsze zamówienie"
          field={fields.firstOrderOnly}
          on={defaults.firstOrderOnly}
        />
        {type === "combo" ? (
          <SwitchField
            label="Darmowa wysyłka w zestawie"
            field={fields.includesFreeShipping}
            on={defaults.includesFreeShipping}
          />
        ) : null}
        <Field
          label="Łączy się z promocjami"
          orientation="horizontal"
          htmlFor={fields.combinesWithSales.id}
          description="Odznaczony: kod nie obniża produktów kupowanych w cenie promocyjnej."
        >
          <Checkbox
            key={fields.combinesWithSales.key}
            name={fields.combinesWithSales.name}
            value="on"
            defaultChecked={defaults.combinesWithSales}
          />
        </Field>
      </div>
      <FormDialogFooter busy={submitting} submitLabel={editing ? "Zapisz zmiany" : "Utwórz kod"} />
    </form>
  );
}

export function DiscountCodeDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaults: DiscountCodeFormDefaults;
}) {
  const editing = Boolean(defaults.id);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={editing ? "Edytuj kod rabatowy" : "Nowy kod rabatowy"}
      description="Kod zapisuje się jako aktywny. Wyłączysz go przełącznikiem w tabeli."
      className="max-w-xl"
    >
      <DiscountCodeForm key={defaults.id ?? "new"} defaults={defaults} onSaved={() => onOpenChange(false)} />
    </FormDialog>
  );
}
