/**
 * The contact form. Progressive: before hydration it is a plain POST answered by the server (errors and
 * typed values come back in the page, the message in a status box); after hydration Conform validates
 * in the browser with the same schema, the submission goes through React Router without a reload, and
 * the same message shows as a toast.
 */

import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { CircleAlert, Send } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ActionNotice } from "~/components/flash-notice";
import { SuccessNote } from "~/components/success-note";
import { Checkbox } from "~/components/ui/checkbox";
import { EmailInput, FormField, FormInput, SelectField } from "~/components/ui/form-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { Textarea } from "~/components/ui/textarea";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FormActionResult } from "~/lib/form-contract";
import {
  CONTACT_INTENT,
  contactConstraint,
  contactLimits,
  contactMessages,
  contactSchema,
  contactSubjectLabels,
  contactSubjects,
  HONEYPOT_FIELD,
} from "../contact.schema";

export function ContactForm({ actionData }: { actionData: FormActionResult | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const lastResult = actionData?.result;

  const [form, fields] = useZodForm(contactSchema, {
    id: "contact-form",
    lastResult,
    constraint: contactConstraint,
    // Errors appear on submit, not on blur: a message appearing on blur shifts the layout under the
    // pointer, so a click on "Wyślij" could miss. Once shown, a message clears as the field is fixed.
    shouldValidate: "onSubmit",
  });

  const succeeded = actionData?.ok === true;
  const subjectId = fields.subject.id;

  // Conform's reset leaves a single <select> with no option selected (a blank box); show the
  // "Wybierz z listy" placeholder again instead.
  useEffect(() => {
    if (!succeeded) return;
    const frame = requestAnimationFrame(() => {
      const select = document.getElementById(subjectId);
      if (select instanceof HTMLSelectElement && select.selectedIndex === -1) select.selectedIndex = 0;
    });
    return () => cancelAnimationFrame(frame);
  }, [succeeded, subjectId]);

  const formErrors = form.errors ?? [];
  const fieldErrorCount = Object.entries(form.allErrors).filter(
    ([name]) => name !== form.name && name !== "",
  ).length;
  const showSummary = Boolean(actionData) && !succeeded && fieldErrorCount > 0;
  const messageLength = typeof fields.message.value === "string" ? fields.message.value.length : 0;

  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message, { ariaAttributes: false });
  const { key: gdprKey, ...gdprProps } = getInputProps(fields.gdpr, {
    type: "checkbox",
    ariaAttributes: false,
  });

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="grid gap-6">
      {/* The answer's words: a status box before hydration, the toast after (besides the boxes below). */}
      <ActionNotice answer={actionData} />
      <input type="hidden" name="intent" value={CONTACT_INTENT} />
      {succeeded ? (
        <SuccessNote
          title={contactMessages.successTitle}
          testId="contact-success"
          className="text-foreground"
        >
          <p className="text-foreground/80 text-sm">{contactMessages.successDescription}</p>
        </SuccessNote>
      ) : null}

      {formErrors.length > 0 || showSummary ? (
        <div
          role="alert"
          id={form.errorId}
          className="flex items-start gap-3 rounded-md border border-danger/50 bg-danger/10 p-4 text-foreground"
          data-testid="contact-error"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
          <div className="grid gap-1">
            {(formErrors.length > 0 ? formErrors : [actionData?.message ?? contactMessages.invalid]).map(
              (error) => (
                <p key={error} className="font-semibold">
                  {error}
                </p>
              ),
            )}
          </div>
        </div>
      ) : null}

      <p className="text-muted text-sm">
        Pola oznaczone <span className="text-hot">*</span> są wymagane.
      </p>

      <div className="grid items-start gap-6 sm:grid-cols-2">
        <FormField label="Imię" required field={fields.name}>
          <FormInput field={fields.name} autoComplete="name" />
        </FormField>
        <FormField label="E-mail" required field={fields.email}>
          <EmailInput field={fields.email} />
        </FormField>
      </div>

      <div className="grid items-start gap-6 sm:grid-cols-2">
        <SelectField
          label="Temat"
          required
          field={fields.subject}
          placeholder="Wybierz z listy"
          options={contactSubjects}
          optionLabel={contactSubjectLabels}
        />
        <FormField
          label="Numer zamówienia"
          field={fields.orderNumber}
          description="Opcjonalnie, np. #A1B2C3D4"
        >
          <FormInput field={fields.orderNumber} autoComplete="off" spellCheck={false} />
        </FormField>
      </div>

      <FormField
        label="Wiadomość"
        required
        field={fields.message}
        description={
          <span aria-live="polite" data-testid="message-counter">
            {messageLength}/{contactLimits.messageMax} znaków
          </span>
        }
      >
        <Textarea key={messageKey} {...messageProps} rows={7} />
      </FormField>

      <FormField
        orientation="horizontal"
        label={
          <span className="font-normal leading-snug">
            Akceptuję{" "}
            <Link to="/privacy-policy" className="font-semibold text-accent underline underline-offset-4">
              politykę prywatności
            </Link>{" "}
            i wiem, że moje dane posłużą do odpowiedzi na tę wiadomość.{" "}
            <span aria-hidden="true" className="text-hot">
              *
            </span>
          </span>
        }
        field={fields.gdpr}
      >
        {(control) => <Checkbox key={gdprKey} {...gdprProps} {...control} />}
      </FormField>

      {/* Honeypot: hidden from people and assistive technology; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="-left-[10000px] absolute top-auto h-px w-px overflow-hidden">
        <label htmlFor="contact-homepage">Strona domowa (zostaw puste)</label>
        <input
          id="contact-homepage"
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <div>
        <SubmitButton
          busy={submitting}
          icon={Send}
          label="Wyślij wiadomość"
          busyLabel="Wysyłanie..."
          className="w-full sm:w-auto"
        />
      </div>
    </Form>
  );
}
