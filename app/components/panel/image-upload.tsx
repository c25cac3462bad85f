/**
 * The panel's image uploads, one piece each, for every screen that takes pictures (product images,
 * gallery photos and heroes, ambassadors' profile pictures, event posters): the browser's own check of
 * a chosen file (the server repeats it), one upload per request with its progress, the progress bar,
 * the drop zone, the list of refused files and the small icon buttons on an image tile.
 */
import { ImagePlus, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/utils";
import {
  invalidFormatMessage,
  MAX_UPLOAD_BYTES,
  sniffImageType,
  tooLargeMessage,
} from "~/modules/media/upload";

/** What file inputs offer; the server accepts the same three types. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp";

/** The browser's own check (the server repeats it): a message for a file that cannot be uploaded. */
export async function imageFileRefusal(file: File): Promise<string | null> {
  if (file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(file.name);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return sniffImageType(head) ? null : invalidFormatMessage(file.name);
}

/** A refused upload: the server's Polish message, or the screen's own when it sent none. */
export class UploadFailure extends Error {}

/**
 * POSTs `fields` as one multipart request, reporting the upload's progress (0–1). Resolves with the
 * JSON answer when `accepted` says it is one; else rejects with an UploadFailure carrying the
 * server's `message`, or `failure`.
 */
export function uploadWithProgress<Answer extends { message?: string }>(
  url: string,
  fields: Record<string, string | File>,
  onProgress: (fraction: number) => void,
  { failure, accepted }: { failure: string; accepted: (answer: Answer) => boolean },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as Answer | null;
      if (request.status === 200 && answer && accepted(answer)) resolve(answer);
      else reject(new UploadFailure(answer?.message ?? failure));
    };
    request.onerror = () => reject(new UploadFailure(failure));
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    request.send(body);
  });
}

/** How far an upload is, in words: its percentage, then "Przetwarzanie…" while the server re-encodes it. */
export function uploadProgressLabel(fraction: number) {
  return fraction < 1 ? `${Math.round(fraction * 100)}%` : "Przetwarzanie…";
}

/** A file on its way to the server, for its progress bar (`progress` 0…1). */
export type QueuedUpload = { id: string; name: string; progress: number };

/**
 * The queue of a panel's image uploads: the browser's checks first (refused files are listed and
 * announced), then the accepted files one at a time (the server re-encodes each into several sizes,
 * which is the slow part), each with its progress, and a toast of how many arrived and of each failure.
 */
export function useUploadQueue<Answer>({
  upload,
  messages,
  announceRefusal,
  onUploaded,
  onBusyChange,
}: {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<Answer>;
  messages: { uploadFailed: string; uploaded: (count: number) => string };
  /** The toast of a file the browser's check refused. */
  announceRefusal: (message: string) => void;
  /** Each upload the server accepted, as it arrives. */
  onUploaded?: (answer: Answer) => void;
  onBusyChange?: (busy: boolean) => void;
}) {
  const [uploads, setUploads] = useState<QueuedUpload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);

  /** Checks and uploads the files; resolves, once each accepted one has been tried, to how many were sent. */
  async function add(files: File[]): Promise<number> {
    if (files.length === 0) return 0;
    const found: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const message = await imageFileRefusal(file);
      if (message) found.push(message);
      else accepted.push(file);
    }
    setProblems(found);
    for (const message of found) announceRefusal(message);
    if (accepted.length === 0) return 0;

    const queued = accepted.map((file) => ({ file, id: crypto.randomUUID() }));
    setUploads((current) => [
      ...current,
      ...queued.map(({ file, id }) => ({ id, name: file.name, progress: 0 })),
    ]);
    onBusyChange?.(true);
    let added = 0;
    const failures: string[] = [];
    for (const { file, id } of queued) {
      try {
        const answer = await upload(file, (fraction) =>
          setUploads((current) =>
            current.map((queuedUpload) =>
              queuedUpload.id === id ? { ...queuedUpload, progress: fraction } : queuedUpload,
            ),
          ),
        );
        onUploaded?.(answer);
        added += 1;
      } catch (error) {
        failures.push(error instanceof UploadFailure ? error.message : messages.uploadFailed);
      } finally {
        setUploads((current) => current.filter((queuedUpload) => queuedUpload.id !== id));
      }
    }
    onBusyChange?.(false);
    if (added > 0) toast.success(messages.uploaded(added));
    if (failures.length) {
      setProblems((current) => [...current, ...failures]);
      for (const message of failures) toast.error(messages.uploadFailed, { description: message });
    }
    return accepted.length;
  }

  return { uploads, problems, setProblems, add };
}

export function UploadProgressBar({
  label,
  fraction,
  className,
}: {
  label: string;
  fraction: number;
  className?: string;
}) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cn("h-2 overflow-hidden rounded-full bg-surface-2", className)}
    >
      <div className="h-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** A dashed area to click or drop files on; the file input inside it is visually hidden. */
export function ImageDropZone({
  inputId,
  hintId,
  title,
  hint,
  multiple = false,
  disabled = false,
  testId,
  className,
  onFiles,
}: {
  inputId: string;
  hintId: string;
  title: ReactNode;
  hint: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  testId?: string;
  className?: string;
  onFiles: (files: File[]) => void;
}) {
  return (
    <label
      htmlFor={inputId}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-border border-dashed px-4 py-5 text-center transition-colors focus-within:border-accent hover:border-muted",
        className,
      )}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      <ImagePlus aria-hidden="true" className="size-6 text-accent" />
      <span className="font-semibold text-sm">{title}</span>
      <span id={hintId} className="text-muted text-xs">
        {hint}
      </span>
      <input
        id={inputId}
        type="file"
        multiple={multiple}
        accept={IMAGE_ACCEPT}
        aria-describedby={hintId}
        className="sr-only"
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => {
          const files = event.currentTarget.files;
          if (files) onFiles([...files]);
          event.currentTarget.value = "";
        }}
      />
    </label>
  );
}

/** The files that were refused, each with its Polish message. */
export function UploadProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
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
  );
}

/** A small icon button on an image tile (move, remove), named for screen readers. */
export function TileButton({
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
  children: ReactNode;
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
