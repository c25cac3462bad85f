/**
 * A panel form that lives in a dialog and saves through a fetcher as one multipart request (it may
 * carry an image): Conform with the schema the action validates again, the first problems as toasts
 * when submitted, the server's answer once (success closes the dialog, a refusal keeps what was
 * typed), and the fields that repeat on every such form. The dialog around it is dialog-frame.tsx.
 */
import { type FieldMetadata, getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { FormDialogFooter, FormErrorAlert } from "~/components/panel/dialog-frame";
import { toastFailure, toastFirstErrors, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { FormField, FormInput } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";

export function useDialogForm<Schema extends z.ZodObject>({
  id,
  schema,
  defaultValue,
  failureTitle,
  onDone,
}: {
  id: string;
  schema: Schema;
  defaultValue: Record<string, unknown>;
  /** The toast's title when the server refuses (SPEC §8's "Nie udało się …"). */
  failureTitle: string;
  onDone: () => void;
}) {
  // No key: every opening of the dialog starts without the previous answer.
  const fetcher = useFetcher<FormActionResult>();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema });
      if (submitter) toastFirstErrors(submission);
      return submission;
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onDone();
    } else toastFailure(failureTitle, result.message);
  });

  return {
    fetcher,
    form,
    fields,
    busy: fetcher.state !== "idle",
    formProps: getFormProps(form),
    formError: { id: form.errorId, message: form.errors?.join(" ") },
  };
}

/** The form element: intent and id as hidden fields, the form's own message, Anuluj and submit. */
export function DialogForm({
  dialog,
  action,
  intent,
  recordId,
  submitLabel,
  busyNote,
  children,
}: {
  dialog: Pick<ReturnType<typeof useDialogForm>, "fetcher" | "busy" | "formProps" | "formError">;
  action: string;
  intent: string;
  recordId?: string;
  submitLabel: string;
  /** Announced to screen readers while the form is sent. */
  busyNote?: string;
  children: ReactNode;
}) {
  const { fetcher, busy, formProps, formError } = dialog;
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...formProps}
      noValidate
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {recordId ? <input type="hidden" name="id" value={recordId} /> : null}
      {children}
      <FormErrorAlert id={formError.id} message={formError.message} />
      <FormDialogFooter busy={busy} submitLabel={submitLabel} busyLabel="Zapisywanie..." />
      {busyNote ? (
        <p className="sr-only" aria-live="polite">
          {busy ? busyNote : ""}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

type FieldFrame = {
  // biome-ignore lint/suspicious/noExplicitAny: Conform's own helpers take a field of any schema
  field: FieldMetadata<any, any, any>;
  label: string;
  required?: boolean;
  description?: ReactNode;
};

/** A labelled one-line input bound to a Conform field, with its errors. */
export function TextField({
  field,
  label,
  required,
  description,
  ...inputProps
}: FieldFrame & Omit<ComponentProps<typeof FormInput>, "field">) {
  return (
    <FormField field={field} label={label} required={required} description={description}>
      <FormInput field={field} {...inputProps} />
    </FormField>
  );
}

/** A labelled multi-line text bound to a Conform field, with its errors. */
export function TextareaField({
  field,
  label,
  required,
  description,
  rows = 3,
  className,
}: FieldFrame & { rows?: number; className?: string }) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: false });
  return (
    <FormField field={field} label={label} required={required} description={description}>
      <Textarea key={key} {...props} rows={rows} className={className} />
    </FormField>
  );
}
