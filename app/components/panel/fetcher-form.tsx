/**
 * A panel form posted through a fetcher (a dialog's, the sale form): Conform's id and submit handler,
 * and no browser validation, since Conform checks with the action's schema and says it in Polish.
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps } from "react";
import type { FetcherWithComponents } from "react-router";
import type { z } from "zod";
import { toastFirstErrors } from "./use-fetcher-result";

export function FetcherForm<Data>({
  fetcher,
  form,
  action,
  ...props
}: {
  fetcher: FetcherWithComponents<Data>;
  // biome-ignore lint/suspicious/noExplicitAny: a form of any schema
  form: FormMetadata<any, string[]>;
  action: string;
} & Omit<ComponentProps<FetcherWithComponents<Data>["Form"]>, "method" | "action">) {
  return <fetcher.Form method="post" action={action} {...getFormProps(form)} noValidate {...props} />;
}

/**
 * Conform's `onValidate` for such a form: the schema's check, and when it is submitted invalid the
 * first problems as toasts too (the fields may be out of view).
 */
export function validateFetcherForm<Schema extends z.ZodType>(schema: Schema) {
  return ({ formData, submitter }: { formData: FormData; submitter: HTMLElement | null }) => {
    const submission = parseWithZod(formData, { schema });
    if (submitter) toastFirstErrors(submission);
    return submission;
  };
}
