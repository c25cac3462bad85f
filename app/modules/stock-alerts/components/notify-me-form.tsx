/**
 * "Powiadom mnie": the form a visitor leaves an address in for a product that is not released yet or
 * sold out (or one sold-out size). Before hydration it is a plain POST to /powiadom-mnie, which goes
 * back to the product with the answer as a flash (a refusal: a page of its own with the form again);
 * after hydration a fetcher sends it (with `_enhanced`) and the answer shows here, in place of the
 * form. The browser checks the fields with the action's schema, imported on the first submit so that
 * zod is not part of the product page's scripts (decision 010).
 *
 * Give it `key={variantId ?? productId}` where the size can change, so a new size starts afresh.
 */
import { BellRing, CircleAlert, CircleCheck } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { EnhancedField } from "~/components/enhanced-field";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { cn } from "~/lib/utils";
// Types only from the schema: its code (and zod) loads on the first submit.
import type { StockAlertFieldErrors } from "../stock-alert.schema";
import type { StockAlertResult } from "../stock-alert-form.server";
import { STOCK_ALERT_CONSENT_TEXT, STOCK_ALERT_EMAIL_MAX, STOCK_ALERT_INTENT } from "../stock-alert-texts";

export type NotifyMeFormProps = {
  productId: string;
  /** The size waited for; none for the product as a whole. */
  variantId?: string | null;
  /** Sizes to choose from (those sold out or not released yet), instead of one fixed `variantId`. */
  sizes?: readonly { id: string; label: string }[];
  /** A refusal the server rendered (the page without JavaScript shows the form again with it). */
  answer?: StockAlertResult;
  className?: string;
};

export function NotifyMeForm({ productId, variantId, sizes, answer, className }: NotifyMeFormProps) {
  const fetcher = useFetcher<StockAlertResult>();
  const id = useId();
  // The browser's own check of the fields; null once they pass (the server's answer shows then).
  const [checked, setChecked] = useState<StockAlertFieldErrors | null>(null);
  const result = fetcher.data ?? answer;
  const busy = fetcher.state !== "idle";

  if (result?.ok) {
    return (
      <div
        role="status"
        className={cn(
          "flex items-start gap-3 rounded-md border border-success/40 bg-success/10 p-4 text-foreground",
          className,
        )}
        data-testid="notify-me-sent"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
        <p className="text-sm">{result.message}</p>
      </div>
    );
  }

  const refusal = result && !result.ok ? result : null;
  const refused = refusedFields(refusal);
  const errors: StockAlertFieldErrors = checked ?? refused;
  // A refusal about no field the visitor sees (the product is available, too many tries…) stands alone.
  const formMessage = !checked && refusal && !refused.email && !refused.consent ? refusal.message : null;
  // What was sent, kept in the form shown again (the page without JavaScript).
  const typed = refusal?.result?.initialValue ?? {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    import("../stock-alert.schema")
      .then(({ parseStockAlertForm }) => {
        const parsed = parseStockAlertForm(new FormData(form));
        if (!parsed.success && (parsed.fieldErrors.email || parsed.fieldErrors.consent)) {
          setChecked(parsed.fieldErrors);
          const first = form.elements.namedItem(parsed.fieldErrors.email ? "email" : "consent");
          if (first instanceof HTMLElement) first.focus();
          return;
        }
        setChecked(null);
        void fetcher.submit(form);
      })
      // Without the schema (a failed chunk load) the server checks the fields alone.
      .catch(() => void fetcher.submit(form));
  };

  return (
    <fetcher.Form
      method="post"
      action="/powiadom-mnie"
      noValidate
      onSubmit={onSubmit}
      aria-describedby={formMessage ? `${id}-message` : undefined}
      className={cn("grid gap-4", className)}
      data-testid="notify-me-form"
    >
      <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
      <input type="hidden" name="productId" value={productId} />
      <EnhancedField />
      {variantId && !sizes ? <input type="hidden" name="variantId" value={variantId} /> : null}
      {sizes ? (
        <Field label="Rozmiar" htmlFor={`${id}-size`} required>
          <NativeSelect name="variantId" required defaultValue={variantId ?? sizes[0]?.id}>
            {sizes.map((size) => (
              <option key={size.id} value={size.id}>
                {size.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}

      {formMessage ? (
        <p
          id={`${id}-message`}
          role="alert"
          className="flex items-start gap-2 rounded-md border border-danger/50 bg-danger/10 p-3 font-semibold text-foreground text-sm"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          {formMessage}
        </p>
      ) : null}

      <Field label="E-mail" htmlFor={`${id}-email`} errors={errors.email} required>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          maxLength={STOCK_ALERT_EMAIL_MAX}
          defaultValue={typeof typed.email === "string" ? typed.email.slice(0, STOCK_ALERT_EMAIL_MAX) : ""}
        />
      </Field>

      <Field
        orientation="horizontal"
        htmlFor={`${id}-consent`}
        errors={errors.consent}
        required
        label={<span className="font-normal leading-snug">{STOCK_ALERT_CONSENT_TEXT}</span>}
        description={
          <>
            Szczegóły:{" "}
            <Link to="/privacy-policy" className="text-accent underline underline-offset-4">
              polityka prywatności
            </Link>
            .
          </>
        }
      >
        <Checkbox name="consent" required defaultChecked={typed.consent === "on"} />
      </Field>

      <div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <BellRing aria-hidden="true" />
          {busy ? "Zapisywanie…" : "Powiadom mnie"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The fields the visitor can correct that a refusal marks (the server's own check of the schema). */
function refusedFields(refusal: StockAlertResult | null): StockAlertFieldErrors {
  const error = refusal?.result?.error ?? {};
  return { email: error.email ?? undefined, consent: error.consent ?? undefined };
}
