/**
 * The galleries tab (SPEC §2 Galleries): a table (thumbnail, title, slug, date, photo count, published
 * switch, featured checkbox, actions photos/edit/delete), the create/edit dialog and the photo manager.
 * The switches update optimistically; a refusal shows the loader's data again with SPEC §8's toast.
 */
import { Eye, Images } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import {
  ACTIONS_COLUMN,
  AdminRow,
  AdminTable,
  type AdminTableSpec,
  hiddenColumn,
} from "~/components/panel/admin-table";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { AddButton, PanelScreen, useRecordList, useRowActionToast } from "~/components/panel/panel-screen";
import {
  EditRowButton,
  RowActionsCell,
  type RowHandlers,
  RowTextButton,
} from "~/components/panel/row-actions";
import { ThumbnailCell } from "~/components/panel/thumbnail-cell";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Switch } from "~/components/ui/switch";
import type { FormActionResult } from "~/lib/form-action.server";
import { galleryListFailure, galleryMessages, photoCountLabel } from "../../galleries.schema";
import type { GalleryListRow } from "../../galleries.server";
import { GALLERIES_ACTION, GalleryFormDialog } from "./gallery-form-dialog";
import { GalleryPhotoManager } from "./gallery-photo-manager";

type Fetcher = ReturnType<typeof useFetcher<FormActionResult>>;

const failureTitle = (intent: string | null) =>
  intent && intent in galleryListFailure
    ? galleryListFailure[intent as keyof typeof galleryListFailure]
    : galleryMessages.invalidRequest;

const GALLERIES_TABLE: AdminTableSpec = {
  caption: "Lista galerii",
  minWidthClassName: "min-w-[52rem]",
  columns: [
    hiddenColumn("Miniatura", "w-16"),
    "Tytuł",
    "Slug",
    "Data",
    "Zdjęcia",
    "Opublikowana",
    "Wyróżniona",
    ACTIONS_COLUMN,
  ],
};

export function GalleriesPanel({
  galleries,
  loadError,
}: {
  galleries: GalleryListRow[];
  loadError: string | null;
}) {
  const { list, edit, dialogKey, dialog, remove, shown } = useRecordList(galleries, {
    action: GALLERIES_ACTION,
    loadError,
    deleteFailure: galleryListFailure.delete,
  });
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  const photoGallery = galleries.find((gallery) => gallery.id === photosOf) ?? null;

  return (
    <PanelScreen
      name="galleries"
      title="Galerie"
      count={galleries.length}
      actions={<AddButton label="Dodaj galerię" onClick={() => edit("new")} />}
    >
      <AdminTable {...GALLERIES_TABLE} {...list} empty={galleries.length ? null : galleryMessages.empty}>
        {shown.map((gallery) => (
          <GalleryRow
            key={gallery.id}
            gallery={gallery}
            onEdit={() => edit(gallery)}
            onPhotos={() => setPhotosOf(gallery.id)}
            onDelete={() => remove(gallery.id)}
          />
        ))}
      </AdminTable>

      <GalleryFormDialog key={dialogKey} {...dialog} />
      <GalleryPhotoManager
        gallery={photoGallery}
        onOpenChange={(open) => {
          if (!open) setPhotosOf(null);
        }}
      />
    </PanelScreen>
  );
}

function GalleryRow({
  gallery,
  onEdit,
  onPhotos,
  onDelete,
}: { gallery: GalleryListRow; onPhotos: () => void } & RowHandlers) {
  const published = useFetcher<FormActionResult>({ key: `gallery-published-${gallery.id}` });
  const featured = useFetcher<FormActionResult>({ key: `gallery-featured-${gallery.id}` });
  useRowActionToast(published, failureTitle, { beforeReload: true });
  useRowActionToast(featured, failureTitle, { beforeReload: true });

  const pendingPublished = published.formData?.get("value");
  const isPublished = typeof pendingPublished === "string" ? pendingPublished === "true" : gallery.published;
  const pendingFeatured = featured.formData?.get("value");
  const isFeatured = typeof pendingFeatured === "string" ? pendingFeatured === "true" : gallery.featured;

  const submit = (fetcher: Fetcher, fields: Record<string, string>) =>
    fetcher.submit(fields, { method: "post", action: GALLERIES_ACTION });

  return (
    <AdminRow data-testid="gallery-row" data-gallery-id={gallery.id}>
      <ThumbnailCell image={gallery.heroImage} />
      <th scope="row" className="max-w-64 px-3 py-2 text-left font-semibold">
        {gallery.title}
        {gallery.location ? (
          <span className="block font-normal text-muted text-xs">{gallery.location}</span>
        ) : null}
      </th>
      <td className="px-3 py-2 font-mono text-muted text-xs">{gallery.slug}</td>
      <td className="whitespace-nowrap px-3 py-2 text-muted">{gallery.date || "—"}</td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="gallery-photo-count">
        {photoCountLabel(gallery.photoCount)}
      </td>
      <td className="px-3 py-2">
        <Switch
          checked={isPublished}
          aria-label={`Opublikowana: ${gallery.title}`}
          onCheckedChange={(checked) =>
            submit(published, { intent: "set-published", id: gallery.id, value: String(checked) })
          }
        />
      </td>
      <td className="px-3 py-2">
        <Checkbox
          checked={isFeatured}
          aria-label={`Wyróżniona: ${gallery.title}`}
          onChange={(event) =>
            submit(featured, {
              intent: "set-featured",
              id: gallery.id,
              value: String(event.currentTarget.checked),
            })
          }
        />
      </td>
      <RowActionsCell>
        <RowTextButton label={`Zdjęcia: ${gallery.title}`} onClick={onPhotos}>
          <Images aria-hidden="true" />
          Zdjęcia
        </RowTextButton>
        {isPublished ? (
          <Button asChild variant="ghost" size="icon" className="size-8">
            <a
              href={`/gallery/${gallery.slug}`}
              target="_blank"
              rel="noreferrer"
              aria-label={`Zobacz na stronie: ${gallery.title}`}
            >
              <Eye aria-hidden="true" />
            </a>
          </Button>
        ) : null}
        <EditRowButton label={`Edytuj: ${gallery.title}`} onClick={onEdit} />
        <ConfirmDialog
          trigger={<DeleteButton label={`Usuń: ${gallery.title}`} />}
          title={galleryMessages.deleteConfirm}
          description={
            <>
              Galeria „{gallery.title}” zostanie trwale usunięta razem z {photoCountLabel(gallery.photoCount)}
              .
            </>
          }
          confirmLabel="Usuń galerię"
          onConfirm={onDelete}
        />
      </RowActionsCell>
    </AdminRow>
  );
}
