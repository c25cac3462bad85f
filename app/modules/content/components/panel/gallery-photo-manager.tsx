/**
 * The photo manager of one gallery (SPEC §2/§7): its photos by order with the order number on each,
 * multi-upload (one request per file, each with a progress bar; part 1's browser checks first, the
 * server checks again), move up/down (swaps with the neighbour) and delete after a confirm, which also
 * removes the stored files.
 */
import { ArrowDown, ArrowUp, ImagePlus, RotateCcw, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/panel/confirm-dialog";
import { toastFailure, useFetcherResult } from "~/components/panel/use-fetcher-result";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Skeleton } from "~/components/ui/skeleton";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import {
  invalidFormatMessage,
  MAX_UPLOAD_BYTES,
  sniffImageType,
  tooLargeMessage,
} from "~/modules/media/upload";
import { galleryMessages, galleryPhotoFailure, photoCountLabel } from "../../galleries.schema";
import type { GalleryListRow, GalleryPhoto } from "../../galleries.server";
import type { GalleryPhotoActionResult, GalleryPhotosLoaderData } from "../../galleries-actions.server";

export const GALLERY_PHOTOS_ENDPOINT = "/admin/galleries/photos";

type Upload = { id: string; name: string; progress: number };

class UploadFailure extends Error {}

function uploadPhoto(galleryId: string, file: File, onProgress: (fraction: number) => void) {
  return new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", GALLERY_PHOTOS_ENDPOINT);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { ok?: boolean; message?: string } | null;
      if (request.status === 200 && body?.ok) resolve();
      else reject(new UploadFailure(body?.message ?? galleryMessages.uploadFailed));
    };
    request.onerror = () => reject(new UploadFailure(galleryMessages.uploadFailed));
    const body = new FormData();
    body.append("galleryId", galleryId);
    body.append("file", file);
    request.send(body);
  });
}

async function refusal(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(file.name);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffImageType(head) ? null : invalidFormatMessage(file.name);
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
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const listUrl = `${GALLERY_PHOTOS_ENDPOINT}?gallery=${gallery.id}`;
  const load = list.load;

  useEffect(() => {
    load(listUrl);
  }, [load, listUrl]);

  const loadError = list.state === "idle" && list.data?.message ? list.data.message : null;
  useEffect(() => {
    if (loadError) toast.error(galleryMessages.photosLoadFailed);
  }, [loadError]);

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const message = await refusal(file);
      if (message) found.push(message);
      else accepted.push(file);
    }
    setProblems(found);
    for (const message of found) toast.error(galleryMessages.uploadFailed, { description: message });
    if (accepted.length === 0) return;
    const queued = accepted.map((file) => ({ file, id: crypto.randomUUID() }));
    setUploads((current) => [
      ...current,
      ...queued.map(({ file, id }) => ({ id, name: file.name, progress: 0 })),
    ]);
    let added = 0;
    const failures: string[] = [];
    // One at a time: the server re-encodes each into several sizes, which is the slow part.
    for (const { file, id } of queued) {
      try {
        await uploadPhoto(gallery.id, file, (fraction) =>
          setUploads((current) => current.map((u) => (u.id === id ? { ...u, progress: fraction } : u))),
        );
        added += 1;
      } catch (error) {
        failures.push(error instanceof UploadFailure ? error.message : galleryMessages.uploadFailed);
      } finally {
        setUploads((current) => current.filter((upload) => upload.id !== id));
      }
    }
    if (added > 0) toast.success(galleryMessages.uploaded(added));
    if (failures.length) {
      setProblems((current) => [...current, ...failures]);
      for (const message of failures) toast.error(galleryMessages.uploadFailed, { description: message });
    }
    load(listUrl);
    // The table's photo count.
    void revalidator.revalidate();
  }

  // Deletes go through the manager, which stays mounted: the tile is gone before the answer arrives.
  const remover = useFetcher<GalleryPhotoActionResult>();
  usePhotoResultToast(remover);
  const deletingId = remover.state !== "idle" ? remover.formData?.get("photoId") : null;
  const photos = (list.data?.photos ?? []).filter((photo) => photo.id !== deletingId);
  const firstLoad = !list.data && list.state !== "idle";

  return (
    <div className="grid gap-4">
      <label
        htmlFor={inputId}
        className="flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-border border-dashed px-4 py-5 text-center transition-colors focus-within:border-accent hover:border-muted"
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          void addFiles([...event.dataTransfer.files]);
        }}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-accent" />
        <span className="font-semibold text-sm">Dodaj zdjęcia — kliknij lub przeciągnij pliki tutaj</span>
        <span id={hintId} className="text-muted text-xs">
          Możesz wybrać kilka plików naraz. JPG, PNG lub WEBP, do 10 MB każde.
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={hintId}
          className="sr-only"
          data-testid="photo-input"
          onChange={(event) => {
            const files = event.currentTarget.files;
            if (files) void addFiles([...files]);
            event.currentTarget.value = "";
          }}
        />
      </label>

      {problems.length ? (
        <ul
          role="alert"
          className="grid gap-1 rounded-md border border-danger/40 bg-danger/10 p-3 text-danger text-sm"
        >
          {problems.map((message, index) => (
            <li key={`${index}-${message}`} className="flex items-start gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {message}
            </li>
          ))}
        </ul>
      ) : null}

      {uploads.length ? (
        <ul className="grid gap-2" aria-label="Przesyłane zdjęcia">
          {uploads.map((upload) => (
            <li key={upload.id} className="grid gap-1" data-testid="photo-upload-progress">
              <div className="flex justify-between gap-2 text-xs">
                <span className="truncate">{upload.name}</span>
                <span className="tabular-nums">
                  {upload.progress < 1 ? `${Math.round(upload.progress * 100)}%` : "Przetwarzanie…"}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Przesyłanie ${upload.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(upload.progress * 100)}
                className="h-1.5 overflow-hidden rounded-full bg-surface-2"
              >
                <div
                  className="h-full bg-accent transition-[width]"
                  style={{ width: `${Math.round(upload.progress * 100)}%` }}
                />
              </div>
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

/** The answer of a photo action, once: its success message, or the failure toast. */
function usePhotoResultToast(
  fetcher: ReturnType<typeof useFetcher<GalleryPhotoActionResult>>,
  quiet = false,
) {
  useFetcherResult(
    fetcher,
    (result) => {
      if (result.ok) {
        if (!quiet) toast.success(result.message);
      } else {
        const title =
          result.intent && result.intent in galleryPhotoFailure
            ? galleryPhotoFailure[result.intent as keyof typeof galleryPhotoFailure]
            : galleryMessages.invalidRequest;
        toastFailure(title, result.message);
      }
    },
    { beforeReload: true },
  );
}

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
  usePhotoResultToast(move, true);
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

function TileButton({
  label,
  onClick,
  disabled,
  danger,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "flex size-9 cursor-pointer items-center justify-center rounded-sm transition-colors [&_svg]:size-4",
        "hover:bg-surface-2 disabled:cursor-not-allowed disabled:opacity-30",
        "outline-hidden focus-visible:outline-2 focus-visible:outline-accent",
        danger ? "text-danger" : "text-foreground",
      )}
    >
      {children}
    </button>
  );
}
