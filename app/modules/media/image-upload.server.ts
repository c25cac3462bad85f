/**
 * The panel's one-image-per-request upload endpoints (product images, event posters): the body capped
 * while it streams in (a huge upload is cut off, not buffered), the file checked by content, size and
 * pixel count and re-encoded into `folder` (images.server.ts). Answers `{ image }`, or a Polish
 * `{ message }` with 400/413 (500 for our own failure).
 */
import { data } from "react-router";
import { isBodyTooLarge } from "~/lib/cap-body.server";
import { logger } from "~/lib/logger.server";
import { storeUploadedImage, UploadError, type UploadFolder } from "./images.server";
import { MAX_UPLOAD_BYTES, tooLargeMessage } from "./upload";

/** Room for the multipart envelope around one file of the maximum size. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

export type ImageUploadMessages = { uploadFailed: string; missingFile: string };

/** The file's name for messages: the `name` query parameter the panel sends, else a generic word. */
function declaredName(raw: string | null) {
  const name = raw?.replace(/[\p{Cc}]/gu, "").trim();
  return name ? name.slice(0, 120) : "Plik";
}

/**
 * One upload as the route hands it over: the declared length, the `name` the panel sent, and the
 * reading of the body (capped while it streams, `capBody`), started only once the length was checked.
 */
export type UploadBody = { contentLength: number; name: string | null; read: () => Promise<FormData> };

export async function receiveImageUpload(
  upload: UploadBody,
  folder: UploadFolder,
  messages: ImageUploadMessages,
) {
  const name = declaredName(upload.name);
  if (upload.contentLength > MAX_UPLOAD_REQUEST_BYTES) {
    return data({ message: tooLargeMessage(name) }, { status: 413, headers: { Connection: "close" } });
  }
  let formData: FormData;
  try {
    formData = await upload.read();
  } catch (error) {
    const tooLarge = isBodyTooLarge(error);
    return data(
      { message: tooLarge ? tooLargeMessage(name) : messages.uploadFailed },
      { status: tooLarge ? 413 : 400 },
    );
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ message: messages.missingFile }, { status: 400 });
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return { image: await storeUploadedImage({ name: file.name || name, bytes }, folder) };
  } catch (error) {
    if (error instanceof UploadError) return data({ message: error.message }, { status: 400 });
    logger.error({ err: error, folder }, "image upload failed");
    return data({ message: messages.uploadFailed }, { status: 500 });
  }
}
