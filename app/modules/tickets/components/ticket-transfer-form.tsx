/**
 * "Przekaż bilet" on a ticket's card ("Moje bilety", the order's page): the new holder's name and
 * e-mail, until the deadline it shows. A plain POST to the page before hydration (the disclosure is a
 * <details>), Conform with the action's schema after it. The page's action leaves with "Bilet
 * przekazany" as a flash; a refusal comes back as the page's action data and opens this form again
 * with what was typed.
 */
import { type FieldMetadata, getFormProps, getInputProps } from "@conform-to/react";
import { CircleAlert, Send } from "lucide-react";
import { type ComponentProps, useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SubmitButton } from "~/components/ui/submit-button";
import { useZodForm } from "~/components/ui/use-zod-form";
import { EMAIL_MAX } from "~/lib/email-limits";
import type { FormActionResult } from "~/lib/form-contract";
import { ATTENDEE_NAME_MAX } from "../attendees";
import { TRANSFER_INTENT, transferSchema } from "../transfer.schema";

/** The action's answer, when it is a refusal of this ticket's transfer. */
function refusalOf(actionData: FormActionResult | undefined, ticketId: string) {
  if (!actionData || actionData.ok || actionData.intent !== TRANSFER_INTENT) return undefined;
  const typed = actionData.result?.initialValue as Record<string, unknown> | undefined;
  return typed?.ticketId === ticketId ? actionData : undefined;
}

export function TicketTransferForm({
  ticketId,
  until,
  actionData,
}: {
  ticketId: string;
  /** "12 grudnia 2026, 20:00" */
  until: string;
  actionData?: FormActionResult;
}) {
  const navigation = useNavigation();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === TRANSFER_INTENT &&
    navigation.formData?.get("ticketId") === ticketId;
  const refusal = refusalOf(actionData, ticketId);
  const [form, fields] = useZodForm(transferSchema, {
    id: `transfer-${ticketId}`,
    lastResult: refusal?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [open, setOpen] = useState(Boolean(refusal));
  useEffect(() => {
    if (refusal) setOpen(true);
  }, [refusal]);
  // A refusal about no field (the deadline, a void ticket…) stands above the fields.
  const fieldErrors = Boolean(
    fields.firstName.errors?.length || fields.lastName.errors?.length || fields.email.errors?.length,
  );
  const message = refusal && !fieldErrors ? refusal.message : (form.errors?.[0] ?? null);

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-md border border-border p-3 text-sm"
      data-testid="ticket-transfer"
    >
      <summary className="cursor-pointer font-semibold">Przekaż bilet</summary>
      <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value={TRANSFER_INTENT} />
        <input type="hidden" name="ticketId" value={ticketId} />
        <p className="text-muted">
          Możesz przekazać bilet do {until}. Podaj dane nowej osoby — dostanie bilet e-mailem, a obecny kod QR
          przestanie działać.
        </p>
        {message ? (
          <p
            id={form.errorId}
            role="alert"
            className="flex items-start gap-2 rounded-md border border-danger/50 bg-danger/10 p-3 font-semibold"
            data-testid="ticket-transfer-error"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
            {message}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <TransferField field={fields.firstName} label="Imię" type="text" maxLength={ATTENDEE_NAME_MAX} />
          <TransferField field={fields.lastName} label="Nazwisko" type="text" maxLength={ATTENDEE_NAME_MAX} />
        </div>
        <TransferField
          field={fields.email}
          label="E-mail nowej osoby"
          type="email"
          inputMode="email"
          spellCheck={false}
          maxLength={EMAIL_MAX}
        />
        <div>
          <SubmitButton
            busy={submitting}
            icon={Send}
            label="Przekaż bilet"
            busyLabel="Przekazywanie..."
            className="w-full sm:w-auto"
          />
        </div>
      </Form>
    </details>
  );
}

/** One required field of the new holder's, not filled in from the visitor's own data. */
function TransferField({
  field,
  label,
  type,
  ...inputProps
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  type: "text" | "email";
} & Pick<ComponentProps<typeof Input>, "inputMode" | "spellCheck" | "maxLength">) {
  return (
    <Field label={label} htmlFor={field.id} errorId={field.errorId} errors={field.errors} required>
      <Input {...getInputProps(field, { type })} key={field.key} autoComplete="off" {...inputProps} />
    </Field>
  );
}
