/**
 * The create/edit dialog of the galleries tab (SPEC §5 Gallery): title and slug required ('Wypełnij
 * wymagane pola'), the slug follows the title (Polish letters transliterated) until edited by hand,
 * an optional hero image. Sent as one multipart request; the server validates again.
 */
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { type NameSlugCopy, NameSlugFields } from "~/components/panel/name-slug-fields";
import { toastFailure, toastFirstErrors, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toaster";
import { type GalleryActionResult, galleryFormSchema, galleryListFailure } from "../../galleries.schema";
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

export function GalleryFormDialog({
  gallery,
  open,
  onOpenChange,
}: {
  /** null: a new gallery. */
  gallery: GalleryListRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl" data-testid="gallery-dialog">
        <DialogHeader>
          <DialogTitle>{gallery ? "Edytuj galerię" : "Nowa galeria"}</DialogTitle>
          <DialogDescription>
            Pola oznaczone gwiazdką są wymagane. Opublikowana galeria jest widoczna pod /gallery/
            {gallery?.slug ?? "{slug}"}.
          </DialogDescription>
        </DialogHeader>
        {open ? <GalleryForm gallery={gallery} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function GalleryForm({ gallery, onDone }: { gallery: GalleryListRow | null; onDone: () => void }) {
  const intent = gallery ? "update" : "create";
  // No key: every opening of the dialog starts without the previous answer.
  const fetcher = useFetcher<GalleryActionResult>();
  const busy = fetcher.state !== "idle";

  const [form, fields] = useForm({
    id: `gallery-form-${gallery?.id ?? "new"}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
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
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: galleryFormSchema });
      if (submitter) toastFirstErrors(submission);
      return submission;
    },
  });

  // The server's answer, once: success closes the dialog; a refusal keeps what was typed.
  useFetcherResult(fetcher, (result) => {
    if (result.ok) {
      toast.success(result.message);
      onDone();
    } else {
      const title = galleryListFailure[intent];
      toastFailure(title, result.message);
    }
  });

  const text = (field: typeof fields.title) => {
    const { key, ...props } = getInputProps(field, { type: "text", ariaAttributes: false });
    return { key, props };
  };
  const date = text(fields.date);
  const location = text(fields.location);
  const { key: descriptionKey, ...descriptionProps } = getTextareaProps(fields.description, {
    ariaAttributes: false,
  });
  const { key: publishedKey, ...publishedProps } = getInputProps(fields.published, {
    type: "checkbox",
    ariaAttributes: false,
  });
  const { key: featuredKey, ...featuredProps } = getInputProps(fields.featured, {
    type: "checkbox",
    ariaAttributes: false,
  });

  return (
    <fetcher.Form
      method="post"
      action={GALLERIES_ACTION}
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {gallery ? <input type="hidden" name="id" value={gallery.id} /> : null}
      <NameSlugFields form={form} name={fields.title} slug={fields.slug} copy={NAME_SLUG_COPY} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Data"
          htmlFor={fields.date.id}
          errorId={fields.date.errorId}
          errors={fields.date.errors}
        >
          <Input key={date.key} {...date.props} placeholder="np. 17.01.2026" autoComplete="off" />
        </Field>
        <Field
          label="Lokalizacja"
          htmlFor={fields.location.id}
          errorId={fields.location.errorId}
          errors={fields.location.errors}
        >
          <Input key={location.key} {...location.props} placeholder="np. Wrocław" autoComplete="off" />
        </Field>
      </div>
      <Field
        label="Opis"
        htmlFor={fields.description.id}
        errorId={fields.description.errorId}
        errors={fields.description.errors}
      >
        <Textarea key={descriptionKey} {...descriptionProps} rows={3} />
      </Field>
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
      {form.errors?.length ? (
        <p role="alert" className="text-danger text-sm">
          {form.errors.join(" ")}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Anuluj
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Zapisywanie..." : gallery ? "Zapisz zmiany" : "Utwórz galerię"}
        </Button>
      </DialogFooter>
      <p className="sr-only" aria-live="polite">
        {busy ? "Zapisywanie galerii" : ""}
      </p>
    </fetcher.Form>
  );
}
