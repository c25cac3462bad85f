/**
 * The frame of a panel form that has a page of its own (a product, an event): the way back to its
 * list, the form's heading and a link to what the form edits on the public site; the form-level
 * errors (those on no field) at the top; its validation with toasts and the toast of a refusal.
 */
import { type DefaultValue, type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";
import { CONFORM_INTENT_FIELD } from "~/lib/form-data";
import { FormSaveBar, UnsavedChangesDialog } from "./form-layout";
import { useUnsavedChanges } from "./use-unsaved-changes";

export function FormPageHeader({
  backTo,
  backLabel,
  titleId,
  title,
  external,
}: {
  backTo: string;
  backLabel: string;
  /** The heading's id: the form is labelled by it. */
  titleId: string;
  title: string;
  /** The public page of what is edited, opened in a new tab. */
  external?: { href: string; label: string } | null;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pb-4">
      <div>
        <Link to={backTo} className="inline-flex items-center gap-1 text-muted text-sm hover:text-accent">
          <ArrowLeft aria-hidden="true" className="size-4" />
          {backLabel}
        </Link>
        <h2 id={titleId} className="mt-1 font-display text-2xl md:text-3xl">
          {title}
        </h2>
      </div>
      {external ? (
        <Button asChild variant="ghost" size="sm">
          <a href={external.href} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" />
            {external.label}
          </a>
        </Button>
      ) : null}
    </div>
  );
}

/** The form's own errors (Conform's `form.errors`), announced; nothing when there are none. */
export function FormErrorList({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      id={id}
      className="mb-2 rounded-md border border-danger/40 bg-danger/10 p-4 text-danger"
    >
      {errors.map((message) => (
        <p key={message} className="font-semibold">
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * Conform's `onValidate` for a page form: the schema's check, and on a real submit (not one of
 * Conform's list buttons) the first three distinct messages as toasts, since the fields in error may
 * be far down the page.
 */
export function validateWithToasts<Schema extends z.ZodType>(schema: Schema) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLElement | null }) => {
    const submission = parseWithZod(formData, { schema });
    const isSubmit = submitter && (submitter as HTMLButtonElement).name !== CONFORM_INTENT_FIELD;
    if (isSubmit && submission.status === "error") {
      const messages = [...new Set(Object.values(submission.error ?? {}).flat())].filter(Boolean);
      for (const message of messages.slice(0, 3)) toast.error(message as string);
    }
    return submission;
  };
}

/**
 * A refusal from the server, said once when the navigation that brought it has settled: the form
 * stays as typed, leaving the page is guarded again, and `announce` words the toast.
 */
export function useRefusalToast<Data extends FormActionResult>(
  actionData: Data | undefined,
  guard: { markSubmitting(value?: boolean): void },
  announce: (refusal: Data, fieldMessage: string | undefined) => void,
) {
  const navigation = useNavigation();
  const announced = useRef<Data | undefined>(undefined);
  useEffect(() => {
    if (navigation.state !== "idle" || !actionData || announced.current === actionData) return;
    announced.current = actionData;
    guard.markSubmitting(false);
    const result = actionData.result;
    if (result?.status === "error") {
      const fieldMessage = Object.entries(result.error ?? {})
        .filter(([name]) => name !== "")
        .flatMap(([, messages]) => messages ?? [])[0];
      announce(actionData, fieldMessage);
    }
  }, [navigation.state, actionData, guard, announce]);
}

/**
 * A page form's state: Conform checked by the action's own schema (on blur, then on input), the
 * server's answer once its navigation settles (`announceRefusal` words a refusal), no submit while
 * its pictures are still uploading, and leaving guarded while anything is unsaved.
 */
export function usePageForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
  Data extends FormActionResult,
>({
  id,
  schema,
  constraint,
  defaultValue,
  actionData,
  announceRefusal,
  uploading,
  uploadingRefusal,
  changedOutsideFields,
}: {
  id: string;
  schema: Schema;
  constraint: Record<string, Record<string, unknown>>;
  defaultValue: DefaultValue<z.input<Schema>>;
  actionData: Data | undefined;
  announceRefusal: (refusal: Data, fieldMessage: string | undefined) => void;
  /** True while a picture is on its way: the submit waits, with `uploadingRefusal` as a toast. */
  uploading: boolean;
  uploadingRefusal: string;
  /** What the form holds outside Conform's fields (its pictures) differs from the saved one. */
  changedOutsideFields: boolean;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    constraint,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateWithToasts(schema),
    onSubmit(event) {
      if (uploading) {
        event.preventDefault();
        toast.error(uploadingRefusal);
        return;
      }
      guard.markSubmitting(true);
    },
  });
  const dirty = form.dirty || changedOutsideFields;
  const guard = useUnsavedChanges(dirty);
  useRefusalToast(actionData, guard, announceRefusal);
  return { form, fields, guard, dirty, submitting };
}

/**
 * The page of a page form: the header and the form's own errors above its sections, the save bar
 * below them (Anuluj goes back to the list), and the question asked before leaving unsaved changes.
 */
export function PageForm<Fields extends Record<string, unknown>>({
  form,
  state: { guard, dirty, submitting },
  header,
  uploading,
  uploadingStatus,
  saveLabel,
  children,
}: {
  form: FormMetadata<Fields, string[]>;
  /** What usePageForm gave. */
  state: Pick<ReturnType<typeof usePageForm>, "guard" | "dirty" | "submitting">;
  header: Parameters<typeof FormPageHeader>[0];
  uploading: boolean;
  /** The save bar's status while a picture is uploading. */
  uploadingStatus: string;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate
        className="grid grid-cols-1"
        aria-labelledby={header.titleId}
      >
        <FormPageHeader {...header} />
        <FormErrorList id={form.errorId} errors={form.errors} />
        {children}
        <FormSaveBar
          status={uploading ? uploadingStatus : dirty ? "Niezapisane zmiany" : ""}
          cancelTo={header.backTo}
          submitting={submitting}
          disabled={submitting || uploading}
          saveLabel={saveLabel}
        />
      </Form>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}
