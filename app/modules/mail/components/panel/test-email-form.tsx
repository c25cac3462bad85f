/**
 * One template's test-send form: recipient, editable JSON, live preview and the send result (SPEC §8:
 * 'Email wysłany!' / 'Testowy email został wysłany na {address}', or 'Błąd' with the message).
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Loader2, RotateCcw, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { FormField, FormInput } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import {
  parseTestEmailData,
  sampleJson,
  type TestEmailTemplate,
  testEmailLabels,
  testEmailMessages,
  testEmailSubmitSchema,
} from "../../test-emails.schema";
import type { TestEmailPreview, TestEmailResult } from "../../test-emails.server";

export const EMAILS_ACTION = "/admin/emails";
const PREVIEW_URL = "/admin/emails/preview";
/** Longer JSON is still sent, but not previewed: it would not fit a GET request's URL. */
const MAX_PREVIEW_QUERY = 12_000;

/** The rendered e-mail as the server answers for the JSON typed so far (debounced). */
function useLivePreview(template: TestEmailTemplate, json: string, initial: TestEmailPreview) {
  const [preview, setPreview] = useState<{
    html: string | null;
    subject: string | null;
    error: string | null;
  }>({
    html: initial.ok ? initial.html : null,
    subject: initial.ok ? initial.subject : null,
    error: initial.ok ? null : initial.message,
  });
  const [loading, setLoading] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    // The loader rendered the sample already.
    if (first.current) {
      first.current = false;
      return;
    }
    const local = parseTestEmailData(template, json);
    if (!local.ok) {
      setPreview((current) => ({ ...current, error: local.message }));
      return;
    }
    const query = new URLSearchParams({ template, data: json }).toString();
    if (query.length > MAX_PREVIEW_QUERY) {
      setPreview((current) => ({ ...current, error: "Dane są za długie na podgląd na żywo — wyślij test." }));
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const response = await fetch(`${PREVIEW_URL}?${query}`, {
          signal: controller.signal,
          headers: { accept: "application/json" },
        });
        const body = (await response.json()) as TestEmailPreview;
        setPreview((current) =>
          body.ok
            ? { html: body.html, subject: body.subject, error: null }
            : { ...current, error: body.message },
        );
      } catch (error) {
        if ((error as Error).name !== "AbortError") {
          setPreview((current) => ({ ...current, error: testEmailMessages.previewFailed }));
        }
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [template, json]);

  return { ...preview, loading };
}

export function TestEmailForm({
  template,
  adminEmail,
  initialPreview,
}: {
  template: TestEmailTemplate;
  adminEmail: string;
  initialPreview: TestEmailPreview;
}) {
  const fetcher = useFetcher<TestEmailResult>({ key: `test-email-${template}` });
  const [json, setJson] = useState(() => sampleJson(template));
  const preview = useLivePreview(template, json, initialPreview);
  const label = testEmailLabels[template];

  const [form, fields] = useForm({
    id: `test-email-${template}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    defaultValue: { template, to: adminEmail, data: sampleJson(template) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: testEmailSubmitSchema });
      // Toast on a send only, not on every keystroke of the revalidation that follows.
      if (submitter && submission.status === "error") {
        const message = Object.values(submission.error ?? {}).flat()[0];
        toast.error(testEmailMessages.failedTitle, { description: message ?? testEmailMessages.failed });
      }
      return submission;
    },
    onSubmit(event, { formData }) {
      event.preventDefault();
      fetcher.submit(formData, { method: "post", action: EMAILS_ACTION });
    },
  });

  useFetcherResult(fetcher, (result) => {
    if (result.ok) toast.success(testEmailMessages.sent, { description: result.message });
    else
      toast.error(testEmailMessages.failedTitle, { description: result.message || testEmailMessages.failed });
  });

  const sending = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { key: dataKey, ...dataProps } = getTextareaProps(fields.data, { ariaAttributes: false });

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <form
        {...getFormProps(form)}
        method="post"
        action={EMAILS_ACTION}
        noValidate
        className="grid content-start gap-4 rounded-lg border border-border bg-surface p-4"
        aria-labelledby={`${form.id}-title`}
      >
        <div>
          <h3 id={`${form.id}-title`} className="font-bold text-lg">
            {label.title}
          </h3>
          <p className="text-muted text-sm">{label.description}</p>
        </div>
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name={fields.template.name} value={template} />
        <FormField label="Adres odbiorcy" required field={fields.to}>
          <FormInput field={fields.to} type="email" autoComplete="email" />
        </FormField>
        <FormField label="Dane szablonu (JSON)" required field={fields.data}>
          <Textarea
            key={dataKey}
            {...dataProps}
            rows={16}
            spellCheck={false}
            className="font-mono text-xs leading-snug"
            onChange={(event) => setJson(event.currentTarget.value)}
          />
        </FormField>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={sending}>
            {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            Wyślij test
          </Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              form.update({ name: fields.data.name, value: sampleJson(template) });
              setJson(sampleJson(template));
            }}
          >
            <RotateCcw aria-hidden="true" />
            Przywróć przykład
          </Button>
        </div>
        <div role="status" aria-live="polite" data-testid="test-email-result" className="text-sm">
          {result ? (
            <p className={result.ok ? "text-success" : "text-danger"}>
              <strong>{result.ok ? testEmailMessages.sent : `${testEmailMessages.failedTitle}:`}</strong>{" "}
              {result.message}
            </p>
          ) : null}
        </div>
      </form>

      <LivePreviewPane headingId={`test-email-${template}-preview`} title={label.title} preview={preview} />
    </div>
  );
}

/** The preview column: the subject and the e-mail's own markup, or why the JSON typed cannot be shown. */
function LivePreviewPane({
  headingId,
  title,
  preview,
}: {
  headingId: string;
  /** The template's name, for the frame's title. */
  title: string;
  preview: ReturnType<typeof useLivePreview>;
}) {
  return (
    <div className="grid content-start gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-sm">
          Podgląd
        </h4>
        {preview.loading ? (
          <Loader2 aria-label="Odświeżanie podglądu" className="size-4 animate-spin text-muted" />
        ) : null}
      </div>
      {preview.subject ? (
        <p className="truncate text-muted text-sm" data-testid="test-email-subject">
          Temat: <span className="text-foreground">{preview.subject}</span>
        </p>
      ) : null}
      {preview.error ? (
        <p
          role="alert"
          className="rounded-md border border-warning/40 bg-warning/10 p-2 text-sm text-warning"
        >
          {preview.error}
        </p>
      ) : null}
      {preview.html ? (
        <iframe
          title={`Podgląd e-maila: ${title}`}
          // No scripts, no same-origin access, no navigation of the panel: only the e-mail's markup.
          sandbox=""
          srcDoc={preview.html}
          data-testid="test-email-preview"
          className={cn(
            "h-[32rem] w-full rounded-md border border-border bg-white lg:h-[40rem]",
            preview.error && "opacity-50",
          )}
        />
      ) : null}
    </div>
  );
}
