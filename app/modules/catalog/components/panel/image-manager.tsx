/**
 * The product form's images (SPEC §5): JPEG, PNG or WEBP checked by content in the browser first (the
 * server checks again and re-encodes), at most 10 MB each and 10 per product, uploaded one by one with
 * a progress bar; the first image is 'Główne'; reorder with buttons (keyboard-friendly) and remove.
 */
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import {
  IMAGE_ACCEPT,
  TileButton,
  UploadProblems,
  UploadProgressBar,
  uploadProgressLabel,
  uploadWithProgress,
  useUploadQueue,
} from "~/components/panel/image-upload";
import { ResponsiveImage } from "~/components/responsive-image";
import { toast } from "~/components/ui/toaster";
import type { ImageRef } from "~/lib/images";
import { cn } from "~/lib/utils";
import { MAX_PRODUCT_IMAGES, TOO_MANY_IMAGES_MESSAGE } from "~/modules/media/upload";
import { productImageMessages } from "../../product-images.schema";

export const PRODUCT_IMAGES_ENDPOINT = "/admin/products/images";

async function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<ImageRef> {
  const answer = await uploadWithProgress<{ image?: ImageRef; message?: string }>(
    `${PRODUCT_IMAGES_ENDPOINT}?name=${encodeURIComponent(file.name)}`,
    { file },
    onProgress,
    { failure: productImageMessages.uploadFailed, accepted: (body) => Boolean(body.image) },
  );
  return answer.image as ImageRef;
}

function removeOnServer(image: ImageRef) {
  const body = new URLSearchParams({
    intent: "delete",
    src: image.src,
    widths: image.widths.join(","),
    formats: image.formats.join(","),
  });
  return fetch(PRODUCT_IMAGES_ENDPOINT, { method: "POST", body }).then((response) => response.ok);
}

export function ImageManager({
  images,
  onChange,
  savedSources,
  errors,
  onUploadingChange,
}: {
  images: ImageRef[];
  onChange: (next: ImageRef[] | ((current: ImageRef[]) => ImageRef[])) => void;
  /** Images the saved product already has: removing one takes effect when the form is saved. */
  savedSources: ReadonlySet<string>;
  errors?: string[];
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { uploads, problems, setProblems, add } = useUploadQueue({
    upload: uploadFile,
    messages: productImageMessages,
    announceRefusal: (message) => toast.error(message),
    onUploaded: (image) => onChange((current) => [...current, image]),
    onBusyChange: onUploadingChange,
  });
  const [dragging, setDragging] = useState(false);
  const count = useRef(images.length);
  count.current = images.length;

  async function addFiles(fileList: FileList | File[]) {
    const files = [...fileList];
    if (files.length === 0) return;
    if (count.current + uploads.length + files.length > MAX_PRODUCT_IMAGES) {
      setProblems([TOO_MANY_IMAGES_MESSAGE]);
      toast.error(TOO_MANY_IMAGES_MESSAGE);
      return;
    }
    await add(files);
  }

  function move(from: number, to: number) {
    onChange((current) => {
      if (to < 0 || to >= current.length) return current;
      const next = [...current];
      const [image] = next.splice(from, 1);
      next.splice(to, 0, image);
      return next;
    });
  }

  function remove(index: number) {
    const image = images[index];
    if (!image) return;
    onChange((current) => current.filter((candidate) => candidate.src !== image.src));
    toast.success(productImageMessages.removed);
    if (!savedSources.has(image.src)) {
      removeOnServer(image)
        .then((ok) => {
          if (!ok) toast.error(productImageMessages.removeFailed);
        })
        .catch(() => toast.error(productImageMessages.removeFailed));
    }
  }

  const full = images.length + uploads.length >= MAX_PRODUCT_IMAGES;
  const allProblems = [...(errors ?? []), ...problems];

  return (
    <div className="grid grid-cols-1 gap-4">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Zdjęcia produktu">
        {images.map((image, index) => (
          <li
            key={image.src}
            data-testid="product-image"
            data-src={image.src}
            className={cn(
              "group relative overflow-hidden rounded-md border bg-surface-2",
              index === 0 ? "border-accent" : "border-border",
            )}
          >
            <ResponsiveImage
              image={image}
              sizes="200px"
              alt={`Zdjęcie ${index + 1}`}
              className="aspect-square w-full object-cover"
            />
            {index === 0 ? (
              <span className="absolute top-2 left-2 rounded-sm bg-accent px-1.5 py-0.5 font-bold text-[0.65rem] text-accent-foreground uppercase tracking-wider">
                Główne
              </span>
            ) : (
              <span className="absolute top-2 left-2 rounded-sm bg-background/80 px-1.5 py-0.5 font-bold text-[0.65rem] tabular-nums">
                {index + 1}
              </span>
            )}
            <div className="absolute inset-x-0 bottom-0 flex items-center justify-between gap-1 bg-background/85 p-1 backdrop-blur-sm">
              <div className="flex gap-0.5">
                <TileButton
                  label={`Przesuń zdjęcie ${index + 1} wcześniej`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowLeft />
                </TileButton>
                <TileButton
                  label={`Przesuń zdjęcie ${index + 1} dalej`}
                  disabled={index === images.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowRight />
                </TileButton>
                {index > 0 ? (
                  <TileButton label={`Ustaw zdjęcie ${index + 1} jako główne`} onClick={() => move(index, 0)}>
                    <Star />
                  </TileButton>
                ) : null}
              </div>
              <TileButton label={`Usuń zdjęcie ${index + 1}`} onClick={() => remove(index)} danger>
                <Trash2 />
              </TileButton>
            </div>
          </li>
        ))}
        {uploads.map((upload) => (
          <li
            key={upload.id}
            className="flex aspect-square flex-col justify-end gap-2 rounded-md border border-border border-dashed bg-surface-2 p-3"
            data-testid="upload-progress"
          >
            <p className="truncate text-muted text-xs">{upload.name}</p>
            <UploadProgressBar
              label={`Przesyłanie ${upload.name}`}
              fraction={upload.progress}
              className="h-1.5 bg-background"
            />
            <p className="text-xs tabular-nums">{uploadProgressLabel(upload.progress)}</p>
          </li>
        ))}
      </ul>

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void addFiles(event.dataTransfer.files);
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center transition-colors",
          "focus-within:border-accent hover:border-muted",
          dragging ? "border-accent bg-accent/5" : "border-border",
          full && "pointer-events-none opacity-50",
        )}
      >
        <ImagePlus aria-hidden="true" className="size-6 text-accent" />
        <span className="font-semibold text-sm">Dodaj zdjęcia — kliknij lub przeciągnij pliki tutaj</span>
        <span id={hintId} className="text-muted text-xs">
          JPG, PNG lub WEBP, do 10 MB każde, maksymalnie {MAX_PRODUCT_IMAGES} zdjęć ({images.length}/
          {MAX_PRODUCT_IMAGES}). Pierwsze zdjęcie jest główne.
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={hintId}
          disabled={full}
          className="sr-only"
          data-testid="image-input"
          onChange={(event) => {
            const files = event.currentTarget.files;
            if (files) void addFiles([...files]);
            event.currentTarget.value = "";
          }}
        />
      </label>
      {savedSources.size > 0 ? (
        <p className="text-muted text-xs">Usunięte zdjęcia znikną ze sklepu po zapisaniu produktu.</p>
      ) : null}

      {allProblems.length ? (
        <div data-testid="image-errors" className="contents">
          <UploadProblems problems={allProblems} />
        </div>
      ) : null}
    </div>
  );
}
