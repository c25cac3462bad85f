/**
 * The event form's poster upload: one image per request (multipart field `file`), checked by content
 * and size and re-encoded by modules/media into `uploads/events/`. Like the product images endpoint, the
 * body is capped while it streams in, so a huge upload is cut off instead of buffered.
 */
import { receiveImageUpload } from "~/modules/media/image-upload.server";

export const eventPosterMessages = {
  uploaded: "Plakat przesłany",
  uploadFailed: "Błąd podczas uploadu plakatu",
  missingFile: "Nie wybrano pliku",
} as const;

/** One poster per request (multipart field `file`), into `uploads/events/`. */
export function receiveEventPoster(request: Request) {
  return receiveImageUpload(request, "events", eventPosterMessages);
}
