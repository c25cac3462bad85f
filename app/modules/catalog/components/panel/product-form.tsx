/**
 * The product form (SPEC §2 Product form, §5): basic info, SEO with a search-result preview, the long
 * description, images and variants. Conform validates in the browser with the same schema the action
 * uses; a server refusal (a taken slug…) comes back on its field with every typed value kept. A link
 * away or closing the tab asks first while there are unsaved changes.
 */
import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import { Trash2 } from "lucide-react";
import { useMemo, useState } from "react";
import { CheckboxField } from "~/components/panel/checkbox-field";
import { TextareaField, TextField } from "~/components/panel/form-in-dialog";
import { FormSection } from "~/components/panel/form-layout";
import { PageForm, usePageForm } from "~/components/panel/form-page";
import { FormRowList, RowButton } from "~/components/panel/form-rows";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { toast } from "~/components/ui/toaster";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";
import { CATEGORIES, categoryLabels } from "../../catalog";
import {
  type ProductFormActionData,
  type ProductFormDefaults,
  productConstraint,
  productFormSchema,
  productLimits,
  productMessages,
} from "../../product-form.schema";
import { ImageManager } from "./image-manager";
import { SeoPreview } from "./seo-preview";

const NEW_VARIANT = { size: "", color: "", additionalPrice: "0", stockQuantity: "0", releaseAt: "" };

const NAME_SLUG_COPY: NameSlugCopy = {
  nameLabel: "Nazwa",
  slugPrefix: "/merch/",
  slugHint: {
    manual: "Adres strony produktu: małe litery, cyfry i myślniki.",
    followsName: "Tworzony z nazwy. Zmień go ręcznie, jeśli chcesz.",
  },
};

function announceRefusal(refusal: ProductFormActionData, fieldMessage: string | undefined) {
  toast.error(refusal.message ?? productMessages.saveFailed, {
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
  actionData: ProductFormActionData | undefined;
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
  const { key: categoryKey, ...categoryProps } = getSelectProps(fields.category, { ariaAttributes: false });

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
          <Field
            label="Kategoria"
            required
            htmlFor={fields.category.id}
            errorId={fields.category.errorId}
            errors={fields.category.errors}
          >
            <NativeSelect key={categoryKey} {...categoryProps}>
              <option value="">Wybierz kategorię</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabels[category]}
                </option>
              ))}
            </NativeSelect>
          </Field>
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
        <FormRowList
          count={variants.length}
          emptyText="Brak wariantów: produkt sprzedaje się ze swojego stanu magazynowego."
          list={fields.variants}
          add={form.insert.getButtonProps({ name: fields.variants.name, defaultValue: NEW_VARIANT })}
          addLabel="Dodaj wariant"
        >
          <div className="relative overflow-x-auto">
            <table className="w-full min-w-[48rem] text-sm">
              <caption className="sr-only">Warianty produktu</caption>
              <thead className="text-left text-muted text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="pb-2 font-semibold">
                    Rozmiar
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Kolor
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Dopłata (zł)
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Stan
                  </th>
                  <th scope="col" className="pb-2 font-semibold">
                    Premiera rozmiaru
                  </th>
                  <th scope="col" className="pb-2">
                    <span className="sr-only">Usuń</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {variants.map((variant, index) => {
                  const row = variant.getFieldset();
                  const cell = (
                    field: FieldMetadata<string | undefined>,
                    label: string,
                    extra?: string,
                    type: "text" | "datetime-local" = "text",
                  ) => {
                    const { key, ...props } = getInputProps(field, { type });
                    return (
                      <td className="py-1 pr-2 align-top">
                        <Input
                          key={key}
                          {...props}
                          aria-label={`${label} — wariant ${index + 1}`}
                          autoComplete="off"
                          className={cn("h-9 text-sm", extra)}
                        />
                        {field.errors?.length ? (
                          <p id={field.errorId} className="mt-1 font-medium text-danger text-xs">
                            {field.errors[0]}
                          </p>
                        ) : null}
                      </td>
                    );
                  };
                  const { key: idKey, ...idProps } = getInputProps(row.id, { type: "hidden" });
                  const { key: originalKey, ...originalProps } = getInputProps(
                    row.stockQuantityOriginal as FieldMetadata<string | undefined>,
                    { type: "hidden" },
                  );
                  return (
                    <tr key={variant.key} data-testid="variant-row">
                      {cell(row.size, "Rozmiar", "w-24")}
                      {cell(row.color, "Kolor")}
                      {cell(
                        row.additionalPrice as FieldMetadata<string | undefined>,
                        "Dopłata",
                        "tabular-nums",
                      )}
                      {cell(
                        row.stockQuantity as FieldMetadata<string | undefined>,
                        "Stan",
                        "w-24 tabular-nums",
                      )}
                      {cell(
                        row.releaseAt as FieldMetadata<string | undefined>,
                        "Premiera rozmiaru",
                        "w-48",
                        "datetime-local",
                      )}
                      <td className="py-1 align-top">
                        <input key={idKey} {...idProps} />
                        <input key={originalKey} {...originalProps} />
                        <RowButton
                          label={`Usuń wariant ${index + 1}`}
                          danger
                          {...form.remove.getButtonProps({ name: fields.variants.name, index })}
                        >
                          <Trash2 aria-hidden="true" />
                        </RowButton>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </FormRowList>
      </FormSection>
    </PageForm>
  );
}
