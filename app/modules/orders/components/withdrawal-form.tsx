/**
 * "Odstąp od umowy" on the order page (signed in or through the private link): while the 14-day
 * window is open, the lines and units still withdrawable, an optional note and the statement; once
 * filed, the confirmation with the return address and the rules. A plain POST before hydration (the
 * disclosure is a <details>), Conform with the server's schema after it.
 */

import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CircleAlert, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { SuccessNote } from "~/components/success-note";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { LabelledSection } from "~/components/ui/labelled-section";
import { SubmitButton } from "~/components/ui/submit-button";
import { Textarea } from "~/components/ui/textarea";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FormActionResult } from "~/lib/form-action.server";
import { WITHDRAWAL_NOTE_MAX, WITHDRAWAL_STATEMENT, withdrawalSchema } from "../withdrawal.schema";
import type { WithdrawalView } from "../withdrawal-window";

function label(line: { name: string; size: string | null }) {
  return line.size ? `${line.name || "Produkt"} (rozmiar ${line.size})` : line.name || "Produkt";
}

function Rules({ view }: { view: WithdrawalView }) {
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" data-testid="withdrawal-rules">
      {view.rules.map((rule) => (
        <li key={rule}>{rule}</li>
      ))}
    </ul>
  );
}

function ErrorAlert({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div
      role="alert"
      id={id}
      className="mb-4 flex items-start gap-2 rounded-md border border-danger/50 bg-danger/10 p-3"
      data-testid="withdrawal-error"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div>
        {[...new Set(errors)].map((error) => (
          <p key={error} className="font-semibold">
            {error}
          </p>
        ))}
      </div>
    </div>
  );
}

export function WithdrawalSection({
  view,
  actionData,
}: {
  view: WithdrawalView;
  actionData: FormActionResult | undefined;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const result = actionData?.intent === "withdraw" ? actionData : undefined;
  const [form, fields] = useZodForm(withdrawalSchema, {
    id: "withdrawal-form",
    lastResult: result?.ok ? null : result?.result,
    shouldValidate: "onSubmit",
  });
  const lineFields = fields.lines.getFieldList();
  const { key: noteKey, ...noteProps } = getTextareaProps(fields.note, { ariaAttributes: false });
  const { key: statementKey, ...statementProps } = getInputProps(fields.statement, {
    type: "checkbox",
    ariaAttributes: false,
  });

  const showForm = view.open && view.lines.length > 0;
  // Open while the customer works in it; a refusal from the server (also without JavaScript) opens it.
  const [expanded, setExpanded] = useState(Boolean(result && !result.ok));
  useEffect(() => {
    if (result && !result.ok) setExpanded(true);
  }, [result]);
  if (!showForm && view.filed.length === 0 && !result) return null;
  const errors = [
    ...(result && !result.ok ? [result.message] : []),
    ...(form.errors ?? []),
    ...(fields.lines.errors ?? []),
  ];

  return (
    <LabelledSection
      id="withdrawal-title"
      title="Odstąpienie od umowy"
      className="mt-6 rounded-lg border border-border bg-surface p-4 text-sm"
      titleClassName="mb-2 font-bold text-muted uppercase tracking-wider"
      testId="withdrawal-section"
    >
      {result?.ok ? (
        <SuccessNote title={result.message} testId="withdrawal-confirmation" className="mb-4">
          <p className="mt-1">
            Potwierdzenie wysłaliśmy e-mailem. Adres do zwrotu: <strong>{view.returnAddress}</strong>
          </p>
          <Rules view={view} />
        </SuccessNote>
      ) : null}

      {showForm ? null : <ErrorAlert id={form.errorId} errors={errors} />}

      {view.filed.length > 0 ? (
        <ul className="mb-4 grid gap-2" data-testid="withdrawals-filed">
          {view.filed.map((filed) => (
            <li key={filed.id} className="rounded-md border border-border p-3">
              <p className="font-semibold">
                Złożono <time dateTime={filed.createdAt}>{filed.createdLabel}</time> — czekamy na zwrot
                produktów
              </p>
              <p className="text-muted">
                {filed.lines.map((line) => `${label(line)} × ${line.quantity}`).join(", ")}
              </p>
            </li>
          ))}
        </ul>
      ) : null}

      {showForm ? (
        <details open={expanded} onToggle={(event) => setExpanded(event.currentTarget.open)}>
          <summary className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-border px-4 py-2 font-semibold hover:bg-surface-2">
            <Undo2 aria-hidden="true" className="size-4" />
            Odstąp od umowy
          </summary>
          <Form
            method="post"
            preventScrollReset
            {...getFormProps(form)}
            noValidate
            className="mt-4 grid gap-4"
          >
            <input type="hidden" name="intent" value="withdraw" />
            <p className="text-muted">
              Masz czas do {view.deadline ?? "—"} (14 dni od otrzymania paczki). Wybierz produkty i liczbę
              sztuk, które odsyłasz.
            </p>
            {showForm ? <ErrorAlert id={form.errorId} errors={errors} /> : null}
            <fieldset className="grid gap-2">
              <legend className="mb-1 font-semibold">Produkty</legend>
              {view.lines.map((line, index) => {
                const id = `withdrawal-qty-${line.orderItemId}`;
                const defaultQuantity = lineFields[index]?.getFieldset().quantity.initialValue;
                return (
                  <div key={line.orderItemId} className="flex items-center justify-between gap-4">
                    <input type="hidden" name={`lines[${index}].orderItemId`} value={line.orderItemId} />
                    <label htmlFor={id} className="min-w-0">
                      {label(line)} <span className="text-muted">(możesz zwrócić: {line.available})</span>
                    </label>
                    <Input
                      id={id}
                      name={`lines[${index}].quantity`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={line.available}
                      step={1}
                      defaultValue={typeof defaultQuantity === "string" ? defaultQuantity : "0"}
                      className="w-24"
                    />
                  </div>
                );
              })}
            </fieldset>
            <div className="grid gap-1">
              <label htmlFor={fields.note.id} className="font-semibold">
                Uwagi (opcjonalnie)
              </label>
              <Textarea key={noteKey} {...noteProps} rows={3} maxLength={WITHDRAWAL_NOTE_MAX} />
              {fields.note.errors ? <p className="text-danger">{fields.note.errors[0]}</p> : null}
            </div>
            <div className="flex items-start gap-3">
              <Checkbox key={statementKey} {...statementProps} aria-describedby={fields.statement.errorId} />
              <label htmlFor={fields.statement.id} className="leading-snug">
                {WITHDRAWAL_STATEMENT}
              </label>
            </div>
            {fields.statement.errors ? (
              <p id={fields.statement.errorId} className="text-danger">
                {fields.statement.errors[0]}
              </p>
            ) : null}
            <div className="rounded-md bg-surface-2 p-3">
              <p className="font-semibold">Co dalej</p>
              <Rules view={view} />
            </div>
            <div>
              <SubmitButton
                busy={submitting}
                icon={Undo2}
                label="Wyślij oświadczenie"
                busyLabel="Wysyłanie..."
                className="w-full sm:w-auto"
              />
            </div>
          </Form>
        </details>
      ) : null}
    </LabelledSection>
  );
}
