/**
 * The add/edit dialog of a night's ticket type (issue #40): name, price in zł, VAT rate, quota, the
 * sales window in Warsaw time, max per order, "opens after the previous one sells out" and the
 * position. Conform checks it with the schema the action uses again; a refusal (a quota below what is
 * sold and held) comes back on its field with everything typed kept.
 */

import type { ComponentProps } from "react";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { type RecordDialogProps, RecordFormDialog } from "~/components/panel/dialog-frame";
import { DialogForm, TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { SelectField } from "~/components/ui/form-field";
import {
  newTicketTypeDefaults,
  type TicketTypeDefaults,
  ticketMessages,
  ticketTypeSchema,
  VAT_RATES,
  vatRateLabels,
} from "../../ticket-types.schema";

export type EditedType = { id: string; name: string; defaults: TicketTypeDefaults };

export function TicketTypeDialog({ action, ...props }: RecordDialogProps<EditedType> & { action: string }) {
  return (
    <RecordFormDialog
      {...props}
      className="max-w-2xl"
      title={props.record ? `Edytuj pulę: ${props.record.name}` : "Nowa pula biletów"}
      description="Czas sprzedaży w czasie polskim (Europe/Warsaw). Puste pola okna: sprzedaż od razu i do końca."
      form={(record, onDone) => <TicketTypeForm record={record} action={action} onDone={onDone} />}
    />
  );
}

function TicketTypeForm({
  record,
  action,
  onDone,
}: {
  record: EditedType | null;
  action: string;
  onDone: () => void;
}) {
  const dialog = useDialogForm({
    id: `ticket-type-${record?.id ?? "new"}`,
    schema: ticketTypeSchema,
    defaultValue: record?.defaults ?? newTicketTypeDefaults,
    failureTitle: ticketMessages.saveFailed,
    onDone,
  });
  const { fields } = dialog;
  return (
    <DialogForm
      dialog={dialog}
      action={action}
      intent="save"
      recordId={record?.id}
      submitLabel={record ? "Zapisz zmiany" : "Dodaj pulę"}
    >
      <TextField
        field={fields.name}
        label="Nazwa"
        required
        description="np. Early bird, Pula 1 (do 60 znaków)"
        autoComplete="off"
        maxLength={60}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          field={fields.price}
          label="Cena (zł)"
          required
          description="np. 79 lub 79,00"
          inputMode="decimal"
          autoComplete="off"
        />
        <SelectField
          field={fields.vatRate}
          label="Stawka VAT"
          required
          options={VAT_RATES}
          optionLabel={vatRateLabels}
        />
        <WholeNumberField
          field={fields.quota}
          label="Liczba biletów w puli"
          required
          description="1–100 000"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <WarsawTimeField field={fields.salesStart} label="Początek sprzedaży" description="Puste: od razu" />
        <WarsawTimeField
          field={fields.salesEnd}
          label="Koniec sprzedaży"
          description="Puste: bez końca. Ustaw, aby zakończyć pulę."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <WholeNumberField field={fields.maxPerOrder} label="Maks. biletów na zamówienie" description="1–20" />
        <WholeNumberField
          field={fields.position}
          label="Kolejność"
          description="Mniejsza liczba = wcześniejsza pula. Puste: na końcu."
        />
      </div>
      <CheckboxField
        field={fields.opensAfterPrevious}
        label="Otwiera się po wyprzedaniu poprzedniej puli"
        hint="Sprzedaż rusza, gdy poprzednia pula się wyprzeda albo skończy się jej czas sprzedaży."
      />
    </DialogForm>
  );
}

type FieldProps = Pick<ComponentProps<typeof TextField>, "field" | "label" | "required" | "description">;

/** A count (quota, limit, position): the phone's number pad, nothing remembered by the browser. */
function WholeNumberField(props: FieldProps) {
  return <TextField {...props} inputMode="numeric" autoComplete="off" />;
}

/** An end of the sales window: a date and time, in Warsaw time (the dialog says so). */
function WarsawTimeField(props: FieldProps) {
  return <TextField {...props} type="datetime-local" autoComplete="off" />;
}
