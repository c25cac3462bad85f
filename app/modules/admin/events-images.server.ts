/**
 * The event form's poster upload: one image per request (multipart field `file`), checked by content
 * and size and re-encoded by modules/media into `uploads/events/`. Like the product images endpoint, the
 * body is capped while it streams in, so a huge upload is cut off instead of buffered.
 */
import { data } from "react-router";
import { logger } from "~/lib/logger.server";
import { capBody, isBodyTooLarge } from "~/modules/media/cap-body.server";
import { storeUploadedImage, UploadError } from "~/modules/media/images.server";
import { MAX_UPLOAD_BYTES, tooLargeMessage } from "~/modules/media/upload";

export const eventPosterMessages = {
  uploaded: "Plakat przesłany",
  uploadFailed: "Błąd podczas uploadu plakatu",
  missingFile: "Nie wybrano pliku",
} as const;

const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export async function receiveEventPoster(request: Request) {
  const name =
    new URL(request.url).searchParams
      .get("name")
      ?.replace(/[\p{Cc}]/gu, "")
      .trim()
      .slice(0, 120) || "Plik";
  if (Number(request.headers.get("content-length") ?? "0") > MAX_REQUEST_BYTES) {
    return data({ message: tooLargeMessage(name) }, { status: 413, headers: { Connection: "close" } });
  }
  let formData: FormData;
  try {
    formData = await capBody(request, MAX_REQUEST_BYTES).formData();
  } catch (error) {
    const tooLarge = isBodyTooLarge(error);
    return data(
      { message: tooLarge ? tooLargeMessage(name) : eventPosterMessages.uploadFailed },
      { status: tooLarge ? 413 : 400 },
    );
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ message: eventPosterMessages.missingFile }, { status: 400 });
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = await storeUploadedImage({ name: file.name || name, bytes }, "events");
    return { image };
  } catch (error) {
    if (error instanceof UploadError) return data({ message: error.message }, { status: 400 });
    logger.error({ err: error }, "event poster upload failed");
    return data({ message: eventPosterMessages.uploadFailed }, { status: 500 });
  }
}
