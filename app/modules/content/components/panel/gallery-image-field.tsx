/**
 * An optional image in a dialog form (a gallery's hero, an ambassador's profile picture): the current
 * image with a "remove" checkbox, and a file input checked in the browser first with part 1's messages
 * (type by magic bytes, 10 MB); the server checks again and re-encodes when the form is saved.
 */
import { ImageOff } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { IMAGE_ACCEPT, imageFileRefusal } from "~/components/panel/image-upload";
import { ResponsiveImage } from "~/components/responsive-image";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/field";
import type { ImageRef } from "~/lib/images";

export function ImageFileField({
  label,
  name,
  removeName,
  current,
  errors,
  round = false,
}: {
  label: string;
  /** The file input's name. */
  name: string;
  /** The checkbox that drops the current image. */
  removeName: string;
  current: ImageRef | null;
  errors?: string[];
  round?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [remove, setRemove] = useState(false);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const messages = [...(problem ? [problem] : []), ...(errors ?? [])];
  const shape = round ? "rounded-full" : "rounded-md";
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-semibold text-sm">{label}</legend>
      <div className="flex items-center gap-4">
        <div className={`size-20 shrink-0 overflow-hidden border border-border bg-surface-2 ${shape}`}>
          {preview ? (
            <img src={preview} alt="" className="size-full object-cover" />
          ) : current && !remove ? (
            <ResponsiveImage image={current} sizes="80px" alt="" className="size-full object-cover" />
          ) : (
            <span className="flex size-full items-center justify-center text-muted">
              <ImageOff aria-hidden="true" className="size-6" />
            </span>
          )}
        </div>
        <div className="grid min-w-0 flex-1 gap-2">
          <label htmlFor={id} className="font-medium text-sm">
            {current ? "Zmień zdjęcie" : "Wybierz zdjęcie"}
          </label>
          <input
            id={id}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-describedby={messages.length ? `${hintId} ${errorId}` : hintId}
            aria-invalid={messages.length ? true : undefined}
            data-testid={`${name}-input`}
            className="w-full min-w-0 text-muted text-sm file:mr-3 file:cursor-pointer file:rounded-sm file:border file:border-border file:bg-surface-2 file:px-3 file:py-1.5 file:font-semibold file:text-foreground file:text-xs"
            onChange={async (event) => {
              const input = event.currentTarget;
              const file = input.files?.[0];
              setPreview(null);
              setProblem(null);
              if (!file) return;
              const message = await imageFileRefusal(file);
              if (message) {
                setProblem(message);
                input.value = "";
                return;
              }
              setPreview(URL.createObjectURL(file));
            }}
          />
          <p id={hintId} className="text-muted text-xs">
            JPG, PNG lub WEBP, do 10 MB. Opcjonalne.
          </p>
        </div>
      </div>
      {current ? (
        <div className="flex items-center gap-2 text-sm">
          <Checkbox
            id={`${id}-remove`}
            name={removeName}
            checked={remove}
            onChange={(event) => setRemove(event.currentTarget.checked)}
          />
          <label htmlFor={`${id}-remove`}>Usuń obecne zdjęcie</label>
        </div>
      ) : null}
      <FieldError id={errorId} errors={messages} />
    </fieldset>
  );
}
