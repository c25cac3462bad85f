/**
 * The sale form of the Promocje tab: name, what it covers (a product, chosen sizes of it, or a
 * category), the reduction, the window in Warsaw time, "Podgląd cen" and "Zapisz". It is a plain
 * form first: without JavaScript every scope's fields show (the action reads only the chosen scope's),
 * the preview re-renders the page with the typed values kept and the table below, and a refusal comes
 * back by its field. Once hydrated it posts through a fetcher and shows only the fields that apply.
 */

import { useForm } from "@conform-to/react";
import { Eye, Loader2, Save } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useHydrated } from "~/components/enhanced-field";
import { FormErrorAlert } from "~/components/panel/dialog-frame";
import { FetcherForm, validateFetcherForm } from "~/components/panel/fetcher-form";
import { TextField } from "~/components/panel/form-in-dialog";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, FieldDescription, FieldError } from "~/components/ui/field";
import { SelectField } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import type { SaleReduction, SaleScope } from "../../../../../db/schema";
import { CATEGORIES, categoryLabels } from "../../catalog";
import type { SaleActionResult } from "../../sale-commands.server";
import type { AdminSale, SaleProductOption } from "../../sale-labels";
import {
  SALE_REDUCTIONS,
  SALE_SCOPES,
  type SaleFormDefaults,
  saleFormSchema,
  saleLimits,
  saleMessages,
  saleReductionLabels,
  saleScopeLabels,
} from "../../sales.schema";
import { SalePreviewTable } from "./sale-preview-table";

export const SALES_ACTION = "/admin/sales";

const _subscribeNothing = () => () => {};

function firstOf(value: unknown): string {
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : "";
  return typeof value === "string" ? value : "";
}

function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" ? [value] : [];
}

type RadioField = { name: string; errorId: string; errors?: string[]; initialValue: unknown };

/**
 * A radio group's choice, kept in state because the visible fields depend on it: the value the form
 * holds (a refusal re-renders with what was typed), else `fallback`.
 */
function useChoice<T extends string>(field: RadioField, options: readonly T[], fallback: T) {
  const [value, onChange] = useState<T>(() => {
    const typed = firstOf(field.initialValue);
    return options.find((option) => option === typed) ?? fallback;
  });
  return { field, options, value, onChange };
}

/** A radio group of the form: native radios (they work before hydration), the chosen one in state. */
function RadioGroup<T extends string>({
  legend,
  labels,
  choice: {
    field: { name, errorId, errors },
    options,
    value,
    onChange,
  },
}: {
  legend: string;
  labels: Record<T, string>;
  choice: ReturnType<typeof useChoice<T>>;
}) {
  return (
    <fieldset className="grid gap-2" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-2 font-semibold text-sm">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent/10"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="size-4 accent-[var(--color-accent)]"
            />
            {labels[option]}
          </label>
        ))}
      </div>
      <FieldError id={errorId} errors={errors} />
    </fieldset>
  );
}

export function SaleForm({
  defaults,
  editing,
  products,
  actionData,
  onSaved,
}: {
  defaults: SaleFormDefaults;
  /** The sale being edited (running or planned), or null for a new one. */
  editing: AdminSale | null;
  products: SaleProductOption[];
  /** The answer of a form posted without JavaScript (the page re-rendered by the action). */
  actionData: SaleActionResult | undefined;
  onSaved: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SaleActionResult>();
  const formAnswer =
    actionData?.intent === "preview" || actionData?.intent === "save" ? actionData : undefined;
  const answer = fetcher.data ?? formAnswer;

  const [form, fields] = useForm({
    id: `sale-form-${defaults.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    defaultValue: defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: validateFetcherForm(saleFormSchema),
  });

  // What the visible fields depend on: the typed values (a refusal re-renders with them).
  const scopeChoice = useChoice<SaleScope>(fields.scope, SALE_SCOPES, defaults.scope);
  const scope = scopeChoice.value;
  const [productId, setProductId] = useState(() => firstOf(fields.productId.initialValue));
  const reductionChoice = useChoice<SaleReduction>(
    fields.reductionType,
    SALE_REDUCTIONS,
    defaults.reductionType,
  );
  const reductionType = reductionChoice.value;
  const checkedSizes = listOf(fields.variantIds.initialValue);

  // Heard before the lists reload: the reload may end the sale being edited, which unmounts this form.
  useFetcherResult(
    fetcher,
    (result) => {
      if (result.intent === "preview" && result.ok) return;
      if (result.ok) {
        toast.success(result.message);
        onSaved();
      } else {
        toastFailure(
          result.intent === "preview" ? saleMessages.previewFailed : saleMessages.saveFailed,
          result.message,
        );
      }
    },
    { beforeReload: true },
  );

  const busyIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const running = editing?.status === "running";
  // Before hydration every scope's fields show; afterwards only those of the chosen scope.
  const shows = (which: SaleScope[]) => !hydrated || which.includes(scope);
  const sizeGroups = products.filter(
    (product) => product.variants.length > 0 && (!hydrated || product.id === productId),
  );
  const chosenProduct = products.find((product) => product.id === productId);
  const preview = answer?.intent === "preview" && answer.ok ? answer.preview : undefined;

  return (
    <div className="grid gap-6">
      <FetcherForm
        fetcher={fetcher}
        form={form}
        action={SALES_ACTION}
        className="grid gap-5 rounded-lg border border-border bg-surface p-4 md:p-5"
        aria-labelledby="sale-form-title"
      >
        {/* The sale and the version the form was opened with, as typed: a stale copy stays stale. */}
        {firstOf(fields.id.initialValue) ? (
          <>
            <input
              key={fields.id.key}
              type="hidden"
              name={fields.id.name}
              defaultValue={firstOf(fields.id.initialValue)}
            />
            <input
              key={fields.version.key}
              type="hidden"
              name={fields.version.name}
              defaultValue={firstOf(fields.version.initialValue)}
            />
          </>
        ) : null}
        <FormErrorAlert id={form.errorId} message={form.errors?.join(" ")} />

        <TextField
          field={fields.name}
          label="Nazwa promocji"
          required
          autoComplete="off"
          description={`Widoczna w panelu, do ${saleLimits.nameMax} znaków, np. „Black Friday”.`}
        />

        <RadioGroup legend="Czego dotyczy" labels={saleScopeLabels} choice={scopeChoice} />

        {shows(["product", "variants"]) ? (
          <Field
            label="Produkt"
            htmlFor={fields.productId.id}
            errorId={fields.productId.errorId}
            errors={fields.productId.errors}
            description={hydrated ? undefined : "Dla zakresu „Produkt” i „Wybrane rozmiary”."}
          >
            <NativeSelect
              id={fields.productId.id}
              name={fields.productId.name}
              value={productId}
              onChange={(event) => setProductId(event.currentTarget.value)}
            >
              <option value="">Wybierz produkt…</option>
              {products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name} — {product.priceLabel}
                  {product.isActive ? "" : " (nieaktywny)"}
                </option>
              ))}
            </NativeSelect>
          </Field>
        ) : null}

        {shows(["variants"]) ? (
          <fieldset
            className="grid gap-3"
            aria-describedby={fields.variantIds.errors ? fields.variantIds.errorId : undefined}
          >
            <legend className="mb-1 font-semibold text-sm">Rozmiary</legend>
            <FieldDescription>
              {hydrated
                ? "Zaznacz rozmiary wybranego produktu objęte promocją."
                : "Dla zakresu „Wybrane rozmiary”: zaznacz rozmiary produktu wybranego powyżej."}
            </FieldDescription>
            {hydrated && !chosenProduct ? (
              <p className="text-muted text-sm">Najpierw wybierz produkt.</p>
            ) : null}
            {hydrated && chosenProduct && chosenProduct.variants.length === 0 ? (
              <p className="text-muted text-sm">Ten produkt nie ma rozmiarów — wybierz zakres „Produkt”.</p>
            ) : null}
            {sizeGroups.map((product) => (
              <fieldset key={product.id} className="grid gap-2">
                {/* Named for screen readers always; shown while every product's sizes are listed. */}
                <legend className={cn("font-semibold text-sm", hydrated && "sr-only")}>{product.name}</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {product.variants.map((variant) => (
                    <label
                      key={variant.id}
                      htmlFor={`sale-size-${variant.id}`}
                      className="flex items-center gap-2 text-sm"
                    >
                      <Checkbox
                        key={fields.variantIds.key}
                        id={`sale-size-${variant.id}`}
                        name={fields.variantIds.name}
                        value={variant.id}
                        defaultChecked={checkedSizes.includes(variant.id)}
                        aria-invalid={fields.variantIds.errors ? true : undefined}
                        className="mt-0"
                      />
                      {variant.label}
                      {variant.surchargeLabel ? (
                        <span className="text-muted text-xs">({variant.surchargeLabel})</span>
                      ) : null}
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
            <FieldError id={fields.variantIds.errorId} errors={fields.variantIds.errors} />
          </fieldset>
        ) : null}

        {shows(["category"]) ? (
          <SelectField
            label="Kategoria"
            field={fields.category}
            description={
              hydrated
                ? "Obejmie aktywne produkty kategorii z chwili zapisu."
                : "Dla zakresu „Kategoria”: obejmie aktywne produkty kategorii z chwili zapisu."
            }
            placeholder="Wybierz kategorię…"
            options={CATEGORIES}
            optionLabel={categoryLabels}
          />
        ) : null}

        <div className="grid gap-4 sm:grid-cols-2">
          <RadioGroup legend="Rodzaj obniżki" labels={saleReductionLabels} choice={reductionChoice} />
          <TextField
            field={fields.reduction}
            label={hydrated ? (reductionType === "percent" ? "Obniżka (%)" : "Obniżka (zł)") : "Obniżka"}
            required
            inputMode="decimal"
            autoComplete="off"
            description={
              hydrated
                ? reductionType === "percent"
                  ? "Liczba całkowita od 1 do 99."
                  : "Kwota od każdej sztuki, np. 15 lub 12,50."
                : "Procent: od 1 do 99. Kwota: w zł od każdej sztuki, np. 12,50."
            }
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.startsAt}
            label="Początek (czas polski)"
            type="datetime-local"
            required
            readOnly={running}
            className={cn(running && "opacity-70")}
            description={
              running
                ? "Promocja już trwa: zapis zakończy ją teraz i od razu zacznie jej kontynuację z nowymi warunkami."
                : "Data w przeszłości = od razu."
            }
          />
          <TextField
            field={fields.endsAt}
            label="Koniec (czas polski)"
            type="datetime-local"
            description="Puste = bez końca (do zakończenia w panelu)."
          />
        </div>

        <div className="flex flex-wrap items-center justify-end gap-3 border-border border-t pt-4">
          {editing ? (
            <Button asChild variant="ghost" className="mr-auto">
              <Link to={SALES_ACTION} preventScrollReset>
                Anuluj edycję
              </Link>
            </Button>
          ) : null}
          <Button
            type="submit"
            name="intent"
            value="preview"
            variant="secondary"
            disabled={Boolean(busyIntent)}
          >
            {busyIntent === "preview" ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Eye aria-hidden="true" />
            )}
            Podgląd cen
          </Button>
          <Button type="submit" name="intent" value="save" disabled={Boolean(busyIntent)}>
            {busyIntent === "save" ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Save aria-hidden="true" />
            )}
            Zapisz
          </Button>
        </div>
      </FetcherForm>

      {preview ? <SalePreviewTable preview={preview} /> : null}
    </div>
  );
}
