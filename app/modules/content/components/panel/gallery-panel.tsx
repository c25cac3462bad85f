/**
 * The galleries tab (SPEC §2 Galleries): a table (thumbnail, title, slug, date, photo count, published
 * switch, featured checkbox, actions photos/edit/delete), the create/edit dialog and the photo manager.
 * The switches update optimistically; a refusal shows the loader's data again with SPEC §8's toast.
 */
import { Eye, ImageOff, Images, Pencil, Plus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { AdminTable } from "~/components/panel/admin-table";
import { ConfirmDialog, DeleteButton } from "~/components/panel/confirm-dialog";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toaster";
import {
  type GalleryActionResult,
  galleryListFailure,
  galleryMessages,
  photoCountLabel,
} from "../../galleries.schema";
import type { GalleryListRow } from "../../galleries.server";
import { GALLERIES_ACTION, GalleryFormDialog } from "./gallery-form-dialog";
import { GalleryPhotoManager } from "./gallery-photo-manager";

type Fetcher = ReturnType<typeof useFetcher<GalleryActionResult>>;

function useResultToast(fetcher: Fetcher) {
  useFetcherResult(
    fetcher,
    (result) => {
      if (result.ok) toast.success(result.message);
      else {
        const title =
          result.intent && result.intent in galleryListFailure
            ? galleryListFailure[result.intent as keyof typeof galleryListFailure]
            : galleryMessages.invalidRequest;
        toastFailure(title, result.message);
      }
    },
    { beforeReload: true },
  );
}

export function GalleriesPanel({
  galleries,
  loadError,
}: {
  galleries: GalleryListRow[];
  loadError: string | null;
}) {
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/galleries");
  const [editing, setEditing] = useState<GalleryListRow | "new" | null>(null);
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  // Deletes go through the panel, which stays mounted: the row is gone before the answer arrives.
  const remover = useFetcher<GalleryActionResult>({ key: "gallery-delete" });
  useResultToast(remover);
  const deletingId = remover.state !== "idle" ? remover.formData?.get("id") : null;
  const shown = galleries.filter((gallery) => gallery.id !== deletingId);

  useEffect(() => {
    if (loadError) toast.error(loadError);
  }, [loadError]);

  const closeForm = useCallback((open: boolean) => {
    if (!open) setEditing(null);
  }, []);
  const photoGallery = galleries.find((gallery) => gallery.id === photosOf) ?? null;

  return (
    <section aria-labelledby="galleries-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-baseline gap-3">
          <h2 id="galleries-title" className="font-display text-2xl">
            Galerie
          </h2>
          <p className="text-muted text-sm" aria-live="polite" data-testid="galleries-count">
            {galleries.length}
          </p>
        </div>
        <Button type="button" size="sm" onClick={() => setEditing("new")}>
          <Plus aria-hidden="true" />
          Dodaj galerię
        </Button>
      </div>

      <AdminTable
        caption="Lista galerii"
        minWidthClassName="min-w-[52rem]"
        columns={[
          { label: <span className="sr-only">Miniatura</span>, className: "w-16" },
          { label: "Tytuł" },
          { label: "Slug" },
          { label: "Data" },
          { label: "Zdjęcia" },
          { label: "Opublikowana" },
          { label: "Wyróżniona" },
          { label: "Akcje", className: "text-right" },
        ]}
        loading={loading}
        loadError={loadError}
        empty={galleries.length === 0 ? galleryMessages.empty : null}
      >
        {shown.map((gallery) => (
          <GalleryRow
            key={gallery.id}
            gallery={gallery}
            onEdit={() => setEditing(gallery)}
            onPhotos={() => setPhotosOf(gallery.id)}
            onDelete={() =>
              remover.submit(
                { intent: "delete", id: gallery.id },
                { method: "post", action: GALLERIES_ACTION },
              )
            }
          />
        ))}
      </AdminTable>

      <GalleryFormDialog
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
        gallery={editing === "new" || editing === null ? null : editing}
        open={editing !== null}
        onOpenChange={closeForm}
      />
      <GalleryPhotoManager
        gallery={photoGallery}
        onOpenChange={(open) => {
          if (!open) setPhotosOf(null);
        }}
      />
    </section>
  );
}

function GalleryRow({
  gallery,
  onEdit,
  onPhotos,
  onDelete,
}: {
  gallery: GalleryListRow;
  onEdit: () => void;
  onPhotos: () => void;
  onDelete: () => void;
}) {
  const published = useFetcher<GalleryActionResult>({ key: `gallery-published-${gallery.id}` });
  const featured = useFetcher<GalleryActionResult>({ key: `gallery-featured-${gallery.id}` });
  useResultToast(published);
  useResultToast(featured);

  const pendingPublished = published.formData?.get("value");
  const isPublished = typeof pendingPublished === "string" ? pendingPublished === "true" : gallery.published;
  const pendingFeatured = featured.formData?.get("value");
  const isFeatured = typeof pendingFeatured === "string" ? pendingFeatured === "true" : gallery.featured;

  const submit = (fetcher: Fetcher, fields: Record<string, string>) =>
    fetcher.submit(fields, { method: "post", action: GALLERIES_ACTION });

  return (
    <tr
      data-testid="gallery-row"
      data-gallery-id={gallery.id}
      className="transition-colors hover:bg-surface-2/50"
    >
      <td className="px-3 py-2">
        {gallery.heroImage ? (
          <ResponsiveImage
            image={gallery.heroImage}
            sizes="48px"
            alt=""
            className="size-12 rounded-md object-cover"
          />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-md bg-surface-2 text-muted">
            <ImageOff aria-hidden="true" className="size-5" />
          </span>
        )}
      </td>
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
      <td className="px-3 py-2">
        <div className="flex items-center justify-end gap-1">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            className="h-8 px-2.5"
            aria-label={`Zdjęcia: ${gallery.title}`}
            onClick={onPhotos}
          >
            <Images aria-hidden="true" />
            Zdjęcia
          </Button>
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
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={`Edytuj: ${gallery.title}`}
            onClick={onEdit}
          >
            <Pencil aria-hidden="true" />
          </Button>
          <ConfirmDialog
            trigger={<DeleteButton label={`Usuń: ${gallery.title}`} />}
            title={galleryMessages.deleteConfirm}
            description={
              <>
                Galeria „{gallery.title}” zostanie trwale usunięta razem z{" "}
                {photoCountLabel(gallery.photoCount)}.
              </>
            }
            confirmLabel="Usuń galerię"
            onConfirm={onDelete}
          />
        </div>
      </td>
    </tr>
  );
}
