/**
 * The create/edit dialog of the galleries tab (SPEC §5 Gallery): title and slug required ('Wypełnij
 * wymagane pola'), the slug follows the title (Polish letters transliterated) until edited by hand,
 * an optional hero image. Sent as one multipart request; the server validates again.
 */
import { getInputProps } from "@conform-to/react";
import { type RecordDialogProps, RecordFormDialog } from "~/components/panel/dialog-frame";
import { DialogForm, TextareaField, TextField, useDialogForm } from "~/components/panel/form-in-dialog";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { Checkbox } from "~/components/ui/checkbox";
import { galleryFormSchema, galleryListFailure } from "../../galleries.schema";
import type { GalleryListRow } from "../../galleries.server";
import { ImageFileField } from "./gallery-image-field";

export const GALLERIES_ACTION = "/admin/galleries";

const NAME_SLUG_COPY: NameSlugCopy = {
  nameLabel: "Tytuł",
  slugHint: {
    manual: "Adres galerii: małe litery, cyfry i myślniki.",
    followsName: "Tworzony z tytułu. Możesz go zmienić.",
  },
};

export function GalleryFormDialog(props: RecordDialogProps<GalleryListRow>) {
  const gallery = props.record;
  return (
    <RecordFormDialog
      {...props}
      className="max-w-xl"
      title={gallery ? "Edytuj galerię" : "Nowa galeria"}
      description={
        <>
          Pola oznaczone gwiazdką są wymagane. Opublikowana galeria jest widoczna pod /gallery/
          {gallery?.slug ?? "{slug}"}.
        </>
      }
      form={(record, onDone) => <GalleryForm gallery={record} onDone={onDone} />}
    />
  );
}

function GalleryForm({ gallery, onDone }: { gallery: GalleryListRow | null; onDone: () => void }) {
  const intent = gallery ? "update" : "create";
  const dialog = useDialogForm({
    id: `gallery-form-${gallery?.id ?? "new"}`,
    schema: galleryFormSchema,
    defaultValue: {
      intent,
      id: gallery?.id,
      title: gallery?.title ?? "",
      slug: gallery?.slug ?? "",
      description: gallery?.description ?? "",
      date: gallery?.date ?? "",
      location: gallery?.location ?? "",
      published: gallery?.published ? "on" : undefined,
      featured: gallery?.featured ? "on" : undefined,
    },
    failureTitle: galleryListFailure[intent],
    onDone,
  });
  const { form, fields } = dialog;
  const { key: publishedKey, ...publishedProps } = getInputProps(fields.published, {
    type: "checkbox",
    ariaAttributes: false,
  });
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.featured, {
    type: "checkbox",
    ariaAttributes: false,
  });

  return (
    <DialogForm
      dialog={dialog}
      action={GALLERIES_ACTION}
      intent={intent}
      recordId={gallery?.id}
      submitLabel={gallery ? "Zapisz zmiany" : "Utwórz galerię"}
      busyNote="Zapisywanie galerii"
    >
      <NameSlugFields form={form} name={fields.title} slug={fields.slug} copy={NAME_SLUG_COPY} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.date} label="Data" placeholder="np. 17.01.2026" autoComplete="off" />
        <TextField field={fields.location} label="Lokalizacja" placeholder="np. Wrocław" autoComplete="off" />
      </div>
      <TextareaField field={fields.description} label="Opis" />
      <ImageFileField
        label="Zdjęcie główne (hero)"
        name={fields.heroImage.name}
        removeName={fields.removeHeroImage.name}
        current={gallery?.heroImage ?? null}
        errors={fields.heroImage.errors}
      />
      <div className="flex flex-wrap gap-6">
        <div className="flex items-center gap-2 text-sm">
          <Checkbox key={publishedKey} {...publishedProps} />
          <label htmlFor={fields.published.id}>Opublikowana</label>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <Checkbox key={featuredKey} {...featuredProps} />
          <label htmlFor={fields.featured.id}>Wyróżniona (karuzela na stronie głównej)</label>
        </div>
      </div>
    </DialogForm>
  );
}
