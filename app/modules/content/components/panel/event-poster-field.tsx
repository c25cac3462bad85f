/**
 * The event's hero poster: one JPEG, PNG or WEBP checked by content in the browser first (the server
 * checks again and re-encodes), at most 10 MB, uploaded with a progress bar to /admin/events/images.
 * The chosen image travels in the form as JSON (a hidden field); the event keeps it once saved.
 */
import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import {
  IMAGE_ACCEPT,
  imageFileRefusal,
  UploadProgressBar,
  uploadWithProgress,
} from "~/components/panel/image-upload";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import type { ImageRef } from "~/lib/images";

export const EVENT_POSTER_ENDPOINT = "/admin/events/images";
const UPLOAD_FAILED = "Błąd podczas uploadu plakatu";

function upload(file: File, onProgress: (fraction: number) => void) {
  const url = `${EVENT_POSTER_ENDPOINT}?name=${encodeURIComponent(file.name)}`;
  return uploadWithProgress<{ image?: ImageRef; message?: string }>(url, { file }, onProgress, {
    failure: UPLOAD_FAILED,
    accepted: (answer) => Boolean(answer.image),
  }).then((answer) => answer.image as ImageRef);
}

export function EventPosterField({
  name,
  poster,
  onChange,
  errors,
  onUploadingChange,
}: {
  name: string;
  poster: ImageRef | null;
  onChange: (poster: ImageRef | null) => void;
  errors?: string[];
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    const refusal = await imageFileRefusal(file);
    if (refusal) {
      setProblem(refusal);
      toast.error(refusal);
      return;
    }
    setProblem(null);
    setProgress(0);
    onUploadingChange?.(true);
    try {
      const image = await upload(file, setProgress);
      onChange({ ...image, alt: poster?.alt ?? "" });
      toast.success("Plakat przesłany");
    } catch (error) {
      const message = (error as Error).message || UPLOAD_FAILED;
      setProblem(message);
      toast.error(message);
    } finally {
      setProgress(null);
      onUploadingChange?.(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  }

  const messages = [...(errors ?? []), ...(problem ? [problem] : [])];

  return (
    <div className="grid gap-3">
      <input type="hidden" name={name} value={poster ? JSON.stringify(poster) : ""} />
      <p className="font-semibold text-sm">Plakat (obraz w hero)</p>
      {poster ? (
        <div
          className="overflow-hidden rounded-md border border-border bg-surface-2"
          data-testid="event-poster"
        >
          <ResponsiveImage
            image={poster}
            sizes="(min-width: 1024px) 40rem, 100vw"
            alt={poster.alt ?? ""}
            className="aspect-video w-full object-cover"
          />
        </div>
      ) : (
        <p className="rounded-md border border-border border-dashed p-4 text-muted text-sm">
          Brak plakatu: hero pokaże samo tło.
        </p>
      )}
      {progress !== null ? <UploadProgressBar label="Przesyłanie plakatu" fraction={progress} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-md border border-border bg-surface-2 px-3 font-semibold text-sm hover:border-accent focus-within:outline-2 focus-within:outline-accent"
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          {poster ? "Zmień plakat" : "Dodaj plakat"}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={IMAGE_ACCEPT}
            className="sr-only"
            aria-describedby={messages.length ? `${hintId} ${errorId}` : hintId}
            disabled={progress !== null}
            onChange={(event) => void choose(event.currentTarget.files?.[0])}
          />
        </label>
        {poster ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-danger"
            onClick={() => onChange(null)}
          >
            <Trash2 aria-hidden="true" />
            Usuń plakat
          </Button>
        ) : null}
      </div>
      <p id={hintId} className="text-muted text-xs">
        JPG, PNG lub WEBP, do 10 MB. Najlepiej poziomy, min. 1920 px szerokości.
      </p>
      {messages.length ? (
        <p id={errorId} className="font-medium text-danger text-sm">
          {messages[0]}
        </p>
      ) : null}
    </div>
  );
}
