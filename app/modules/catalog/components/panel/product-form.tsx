/**
 * The product form (SPEC §2 Product form, §5): basic info, SEO with a search-result preview, the long
 * description, images and variants. Conform validates in the browser with the same schema the action
 * uses; a server refusal (a taken slug…) comes back on its field with every typed value kept. A link
 * away or closing the tab asks first while there are unsaved changes.
 */

import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { Trash2 } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { type ColumnHead, ColumnHeads } from "~/components/panel/column-heads";
import { TextareaField, TextField } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { PageForm, usePageForm } from "~/components/panel/form-page";
import { RowButton } from "~/components/panel/form-rows";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { RepeatableRows } from "~/components/panel/repeatable-rows";
import { SelectField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import type { FormActionResult } from "~/lib/form-action.server";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";
import { CATEGORIES, categoryLabels } from "../../catalog";
import {
  type ProductFormDefaults,
  productConstraint,
  productFormSchema,
  productLimits,
  productMessages,
} from "../../product-form.schema";
import { ImageManager } from "./image-manager";
import { SeoPreview } from "./seo-preview";

/** The inputs of a variant's row, in their columns' order. */
const VARIANT_CELLS = [
  { name: "size", heading: "Rozmiar", label: "Rozmiar", className: "w-24" },
  { name: "color", heading: "Kolor", label: "Kolor" },
  { name: "additionalPrice", heading: "Dopłata (zł)", label: "Dopłata", className: "tabular-nums" },
  { name: "stockQuantity", heading: "Stan", label: "Stan", className: "w-24 tabular-nums" },
  {
    name: "releaseAt",
    heading: "Premiera rozmiaru",
    label: "Premiera rozmiaru",
    className: "w-48",
    type: "datetime-local",
  },
] as const;

const VARIANT_COLUMNS: ColumnHead[] = [
  ...VARIANT_CELLS.map((cell) => ({ label: cell.heading, className: "pb-2 font-semibold" })),
  { label: <span className="sr-only">Usuń</span>, className: "pb-2" },
];

/** The variants' table: what adds a row, what shows while there are none, and the table around them. */
const VARIANT_ROWS = {
  newRow: { size: "", color: "", additionalPrice: "0", stockQuantity: "0", releaseAt: "" },
  addLabel: "Dodaj wariant",
  emptyText: "Brak wariantów: produkt sprzedaje się ze swojego stanu magazynowego.",
  frame: (rows: ReactNode) => (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">Warianty produktu</caption>
        <ColumnHeads columns={VARIANT_COLUMNS} />
        <tbody>{rows}</tbody>
      </table>
    </div>
  ),
};

const NAME_SLUG_COPY: NameSlugCopy = {
  nameLabel: "Nazwa",
  slugPrefix: "/merch/",
  slugHint: {
    manual: "Adres strony produktu: małe litery, cyfry i myślniki.",
    followsName: "Tworzony z nazwy. Zmień go ręcznie, jeśli chcesz.",
  },
};

function announceRefusal(refusal: FormActionResult, fieldMessage: string | undefined) {
  toast.error(refusal.message || productMessages.saveFailed, {
    description: fieldMessage && fieldMessage !== refusal.message ? fieldMessage : undefined,
  });
}

function Counter({ value, max }: { value: string | undefined; max: number }) {
  const length = value?.length ?? 0;
  return (
    <span className={cn("text-xs tabular-nums", length > max ? "font-bold text-danger" : "text-muted")}>
      {length}/{max} znaków
    </span>
  );
}

export function ProductForm({
  mode,
  defaults,
  initialImages,
  actionData,
  site,
  storeHref,
}: {
  mode: "create" | "edit";
  defaults: ProductFormDefaults;
  initialImages: ImageRef[];
  actionData: FormActionResult | undefined;
  site: { name: string; url: string };
  /** The product's public page (edit only). */
  storeHref?: string;
}) {
  const [images, setImages] = useState<ImageRef[]>(initialImages);
  const [uploading, setUploading] = useState(false);
  const savedSources = useMemo(() => new Set(initialImages.map((image) => image.src)), [initialImages]);
  const initialImagesJson = useMemo(() => JSON.stringify(initialImages), [initialImages]);
  const imagesJson = JSON.stringify(images);

  const pageForm = usePageForm({
    id: "product-form",
    schema: productFormSchema,
    constraint: productConstraint,
    // The images' hidden field is part of the form data, so it is part of what "unchanged" means.
    defaultValue: { ...defaults, images: initialImagesJson },
    actionData,
    announceRefusal,
    uploading,
    uploadingRefusal: "Poczekaj, aż zdjęcia się prześlą",
    changedOutsideFields: imagesJson !== initialImagesJson,
  });
  const { form, fields } = pageForm;

  const variants = fields.variants.getFieldList();
  const nameValue = typeof fields.name.value === "string" ? fields.name.value : "";
  const slugValue = typeof fields.slug.value === "string" ? fields.slug.value : "";
  const metaValue = typeof fields.metaDescription.value === "string" ? fields.metaDescription.value : "";
  const descriptionValue = typeof fields.description.value === "string" ? fields.description.value : "";

  const { key: stockOriginalKey, ...stockOriginalProps } = getInputProps(
    fields.stockQuantityOriginal as FieldMetadata<string | undefined>,
    { type: "hidden", ariaAttributes: false },
  );

  const title = mode === "create" ? "Nowy produkt" : "Edycja produktu";
  const saveLabel = mode === "create" ? "Dodaj produkt" : "Zapisz zmiany";

  return (
    <PageForm
      form={form}
      state={pageForm}
      header={{
        backTo: "/admin/products",
        backLabel: "Produkty",
        titleId: "product-form-title",
        title,
        external: storeHref ? { href: storeHref, label: "Zobacz w sklepie" } : null,
      }}
      uploading={uploading}
      uploadingStatus="Przesyłanie zdjęć…"
      saveLabel={saveLabel}
    >
      <FormSection
        id="section-basic"
        title="Podstawowe informacje"
        description="Nazwa, adres strony produktu, kategoria, cena i stan."
      >
        <NameSlugFields form={form} name={fields.name} slug={fields.slug} copy={NAME_SLUG_COPY} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            field={fields.category}
            label="Kategoria"
            required
            placeholder="Wybierz kategorię"
            options={CATEGORIES}
            optionLabel={categoryLabels}
          />
          <TextField field={fields.brand} label="Marka" autoComplete="off" />
          <TextField
            field={fields.price as FieldMetadata<string>}
            label="Cena (zł)"
            required
            description="Z VAT, np. 129,00"
            inputMode="decimal"
            autoComplete="off"
            className="tabular-nums"
          />
          <TextField
            field={fields.stockQuantity as FieldMetadata<string>}
            label="Stan magazynowy"
            required
            description={
              variants.length
                ? "Produkt z wariantami sprzedaje się ze stanów wariantów."
                : "Liczba sztuk na sprzedaż."
            }
            inputMode="numeric"
            autoComplete="off"
            className="tabular-nums"
          />
          <input key={stockOriginalKey} {...stockOriginalProps} />
        </div>
        <div className="flex flex-wrap gap-6">
          <CheckboxField field={fields.isActive} label="Aktywny" hint="Widoczny w sklepie" />
          <CheckboxField field={fields.featured} label="Wyróżniony" hint="Oznaczony jako Bestseller" />
        </div>
      </FormSection>

      <FormSection
        id="section-drop"
        title="Drop"
        description="Premiera o ustalonej minucie i limit sztuk na klienta. Puste pola: produkt w sprzedaży od razu, bez limitu."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            field={fields.releaseAt as FieldMetadata<string>}
            label="Premiera (czas polski)"
            description="Do tej chwili sklep pokazuje „Wkrótce” z odliczaniem i nie sprzedaje produktu."
            type="datetime-local"
            autoComplete="off"
          />
          <TextField
            field={fields.maxPerCustomer as FieldMetadata<string>}
            label="Limit na klienta (szt.)"
            description="Łącznie w opłaconych i otwartych zamówieniach jednego klienta (e-mail, konto, przeglądarka)."
            inputMode="numeric"
            autoComplete="off"
            className="tabular-nums"
          />
        </div>
      </FormSection>

      <FormSection
        id="section-seo"
        title="SEO"
        description="Opis w wynikach wyszukiwania. Bez niego wyszukiwarki wezmą początek opisu."
      >
        <TextareaField
          field={fields.metaDescription}
          label="Meta description"
          description={<Counter value={metaValue} max={productLimits.metaDescriptionMax} />}
          rows={3}
          className="min-h-20"
        />
        <SeoPreview
          siteName={site.name}
          siteUrl={site.url}
          name={nameValue}
          slug={slugValue}
          metaDescription={metaValue}
          description={descriptionValue}
        />
      </FormSection>

      <FormSection
        id="section-description"
        title="Opis"
        description="Pełny opis na stronie produktu (10–2000 znaków)."
      >
        <TextareaField
          field={fields.description}
          label="Opis produktu"
          description={<Counter value={descriptionValue} max={productLimits.descriptionMax} />}
          required
          rows={8}
        />
      </FormSection>

      <FormSection
        id="section-images"
        title="Zdjęcia"
        description="Do 10 zdjęć. Pierwsze jest główne: pokazuje się na liście i w koszyku."
      >
        <input type="hidden" name={fields.images.name} value={imagesJson} />
        <ImageManager
          images={images}
          onChange={setImages}
          savedSources={savedSources}
          errors={fields.images.errors}
          onUploadingChange={setUploading}
        />
      </FormSection>

      <FormSection
        id="section-variants"
        title="Warianty"
        description="Rozmiary i kolory. Produkt z wariantami sprzedaje się ze stanów wariantów; dopłata dolicza się do ceny."
      >
        <RepeatableRows form={form} list={fields.variants} {...VARIANT_ROWS}>
          {(row, { index, remove }) => {
            const { key: idKey, ...idProps } = getInputProps(row.id, { type: "hidden" });
            const { key: originalKey, ...originalProps } = getInputProps(
              row.stockQuantityOriginal as FieldMetadata<string | undefined>,
              { type: "hidden" },
            );
            return (
              <tr data-testid="variant-row">
                {VARIANT_CELLS.map((cell) => (
                  <VariantCell key={cell.name} field={row[cell.name]} index={index} {...cell} />
                ))}
                <td className="py-1 align-top">
                  <input key={idKey} {...idProps} />
                  <input key={originalKey} {...originalProps} />
                  <RowButton label={`Usuń wariant ${index + 1}`} danger {...remove}>
                    <Trash2 aria-hidden="true" />
                  </RowButton>
                </td>
              </tr>
            );
          }}
        </RepeatableRows>
      </FormSection>
    </PageForm>
  );
}

/** One input of a variant's row, named for screen readers by its column and the row's number. */
function VariantCell({
  field,
  index,
  label,
  className,
  type = "text",
}: {
  field: FieldMetadata<unknown>;
  index: number;
  label: string;
  className?: string;
  type?: "text" | "datetime-local";
}) {
  const { key, ...props } = getInputProps(field as FieldMetadata<string | undefined>, { type });
  return (
    <td className="py-1 pr-2 align-top">
      <Input
        key={key}
        {...props}
        aria-label={`${label} — wariant ${index + 1}`}
        autoComplete="off"
        className={cn("h-9 text-sm", className)}
      />
      {field.errors?.length ? (
        <p id={field.errorId} className="mt-1 font-medium text-danger text-xs">
          {field.errors[0]}
        </p>
      ) : null}
    </td>
  );
}
