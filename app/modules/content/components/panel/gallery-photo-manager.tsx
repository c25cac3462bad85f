/**
 * The photo manager of one gallery (SPEC §2/§7): its photos by order with the order number on each,
 * multi-upload (one request per file, each with a progress bar; part 1's browser checks first, the
 * server checks again), move up/down (swaps with the neighbour) and delete after a confirm, which also
 * removes the stored files.
 */
import { ArrowDown, ArrowUp, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import {
  ImageDropZone,
  TileButton,
  UploadProblems,
  UploadProgressBar,
  uploadProgressLabel,
  uploadWithProgress,
  useUploadQueue,
} from "~/components/panel/image-upload";
import { useRowActionToast } from "~/components/panel/panel-screen";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import { galleryMessages, galleryPhotoFailure, photoCountLabel } from "../../galleries.schema";
import type { GalleryListRow, GalleryPhoto } from "../../galleries.server";
import type { GalleryPhotoActionResult, GalleryPhotosLoaderData } from "../../galleries-actions.server";

export const GALLERY_PHOTOS_ENDPOINT = "/admin/galleries/photos";

function uploadPhoto(galleryId: string, file: File, onProgress: (fraction: number) => void) {
  return uploadWithProgress<GalleryPhotoActionResult>(
    GALLERY_PHOTOS_ENDPOINT,
    { galleryId, file },
    onProgress,
    {
      failure: galleryMessages.uploadFailed,
      accepted: (answer) => answer.ok,
    },
  );
}

export function GalleryPhotoManager({
  gallery,
  onOpenChange,
}: {
  gallery: GalleryListRow | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={gallery !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl" data-testid="photo-manager">
        <DialogHeader>
          <DialogTitle>Zdjęcia: {gallery?.title}</DialogTitle>
          <DialogDescription>
            Kolejność zdjęć jest taka sama na stronie galerii. JPG, PNG lub WEBP, do 10 MB każde.
          </DialogDescription>
        </DialogHeader>
        {gallery ? <PhotoManagerBody gallery={gallery} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PhotoManagerBody({ gallery }: { gallery: GalleryListRow }) {
  const list = useFetcher<GalleryPhotosLoaderData>({ key: `gallery-photos-${gallery.id}` });
  const revalidator = useRevalidator();
  const inputId = useId();
  const hintId = useId();
  const listUrl = `${GALLERY_PHOTOS_ENDPOINT}?gallery=${gallery.id}`;
  const load = list.load;

  useEffect(() => {
    load(listUrl);
  }, [load, listUrl]);

  const loadError = list.state === "idle" && list.data?.message ? list.data.message : null;
  useEffect(() => {
    if (loadError) toast.error(galleryMessages.photosLoadFailed);
  }, [loadError]);

  const { uploads, problems, add } = useUploadQueue({
    upload: (file, onProgress) => uploadPhoto(gallery.id, file, onProgress),
    messages: galleryMessages,
    announceRefusal: (message) => toast.error(galleryMessages.uploadFailed, { description: message }),
  });

  async function addFiles(files: File[]) {
    if ((await add(files)) === 0) return;
    load(listUrl);
    // The table's photo count.
    void revalidator.revalidate();
  }

  // Deletes go through the manager, which stays mounted: the tile is gone before the answer arrives.
  const remover = useFetcher<GalleryPhotoActionResult>();
  useRowActionToast(remover, photoFailureTitle, { beforeReload: true });
  const deletingId = remover.state !== "idle" ? remover.formData?.get("photoId") : null;
  const photos = (list.data?.photos ?? []).filter((photo) => photo.id !== deletingId);
  const firstLoad = !list.data && list.state !== "idle";

  return (
    <div className="grid gap-4">
      <ImageDropZone
        inputId={inputId}
        hintId={hintId}
        title="Dodaj zdjęcia — kliknij lub przeciągnij pliki tutaj"
        hint="Możesz wybrać kilka plików naraz. JPG, PNG lub WEBP, do 10 MB każde."
        multiple
        testId="photo-input"
        onFiles={(files) => void addFiles(files)}
      />

      <UploadProblems problems={problems} />

      {uploads.length ? (
        <ul className="grid gap-2" aria-label="Przesyłane zdjęcia">
          {uploads.map((upload) => (
            <li key={upload.id} className="grid gap-1" data-testid="photo-upload-progress">
              <div className="flex justify-between gap-2 text-xs">
                <span className="truncate">{upload.name}</span>
                <span className="tabular-nums">{uploadProgressLabel(upload.progress)}</span>
              </div>
              <UploadProgressBar
                label={`Przesyłanie ${upload.name}`}
                fraction={upload.progress}
                className="h-1.5"
              />
            </li>
          ))}
        </ul>
      ) : null}

      {firstLoad ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-label="Ładowanie zdjęć">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <Skeleton className="aspect-square w-full" />
            </li>
          ))}
        </ul>
      ) : loadError ? (
        <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-danger">
          <p>{galleryMessages.photosLoadFailed}</p>
          <Button type="button" variant="secondary" size="sm" onClick={() => load(listUrl)}>
            <RotateCcw aria-hidden="true" />
            Spróbuj ponownie
          </Button>
        </div>
      ) : photos.length === 0 ? (
        <p className="p-6 text-center text-muted">{galleryMessages.noPhotos}</p>
      ) : (
        <ol
          className={cn(
            "grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 md:grid-cols-4",
            list.state !== "idle" && "opacity-70",
          )}
          aria-label="Zdjęcia galerii"
          aria-busy={list.state !== "idle"}
        >
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              position={index + 1}
              last={index === photos.length - 1}
              onDelete={() =>
                remover.submit(
                  { intent: "delete", photoId: photo.id },
                  { method: "post", action: GALLERY_PHOTOS_ENDPOINT },
                )
              }
            />
          ))}
        </ol>
      )}
      <p className="text-muted text-xs" aria-live="polite" data-testid="photo-count">
        {photoCountLabel(photos.length)} w galerii
      </p>
    </div>
  );
}

const photoFailureTitle = (intent: string | null) =>
  intent && intent in galleryPhotoFailure
    ? galleryPhotoFailure[intent as keyof typeof galleryPhotoFailure]
    : galleryMessages.invalidRequest;

function PhotoTile({
  photo,
  position,
  last,
  onDelete,
}: {
  photo: GalleryPhoto;
  position: number;
  last: boolean;
  onDelete: () => void;
}) {
  const move = useFetcher<GalleryPhotoActionResult>();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // A move reorders the list on reload; its own toast would be noise.
  useRowActionToast(move, photoFailureTitle, { quiet: true, beforeReload: true });
  const busy = move.state !== "idle";

  const submitMove = (direction: "up" | "down") =>
    move.submit(
      { intent: "move", photoId: photo.id, direction },
      { method: "post", action: GALLERY_PHOTOS_ENDPOINT },
    );

  return (
    <li
      className="relative overflow-hidden rounded-md border border-border bg-surface-2"
      data-testid="gallery-photo"
      data-photo-id={photo.id}
      data-src={photo.image.src}
    >
      <ResponsiveImage
        image={photo.image}
        sizes="200px"
        alt=""
        className="aspect-square w-full object-cover"
      />
      <span
        className="absolute top-2 left-2 rounded-sm bg-background/85 px-1.5 py-0.5 font-bold text-xs tabular-nums"
        data-testid="photo-position"
      >
        <span className="sr-only">Zdjęcie nr </span>
        {position}
      </span>
      <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-background/85 p-1 backdrop-blur-sm">
        <div className="flex gap-0.5">
          <TileButton
            label={`Przesuń zdjęcie ${position} w górę`}
            disabled={position === 1 || busy}
            onClick={() => submitMove("up")}
          >
            <ArrowUp />
          </TileButton>
          <TileButton
            label={`Przesuń zdjęcie ${position} w dół`}
            disabled={last || busy}
            onClick={() => submitMove("down")}
          >
            <ArrowDown />
          </TileButton>
        </div>
        <TileButton
          label={`Usuń zdjęcie ${position}`}
          danger
          disabled={busy}
          onClick={() => setConfirmOpen(true)}
        >
          <Trash2 />
        </TileButton>
      </div>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={galleryMessages.photoDeleteConfirm}
        description={`Zdjęcie nr ${position} zniknie z galerii i z serwera.`}
        confirmLabel="Usuń zdjęcie"
        onConfirm={onDelete}
      />
    </li>
  );
}
