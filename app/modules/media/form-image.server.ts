/**
 * Reading the galleries and ambassadors tabs' multipart requests (a photo, a hero or profile image
 * with its form) under part 1's upload rules: the body is capped while it streams in (10 MB + the
 * multipart envelope, like /admin/products/images, without cancelling the client's stream), then
 * modules/media checks the file by content, size and pixel count and re-encodes it.
 */

import { capBody, isBodyTooLarge } from "~/lib/cap-body.server";
import { withoutMalformedIntent } from "~/lib/form-data";
import { storeUploadedImage, UploadError, type UploadFolder } from "~/modules/media/images.server";
import { MAX_UPLOAD_BYTES, tooLargeMessage } from "~/modules/media/upload";
import type { ImageRef } from "../../../db/schema";

/** Room for the multipart envelope and the form's text fields around one file of the maximum size. */
export const MAX_FORM_REQUEST_BYTES = MAX_UPLOAD_BYTES + 256 * 1024;

/** A refused request: its status and Polish message. */
export class FormBodyError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The request's form data: multipart bodies capped while they stream, others read as usual; a
 * malformed conform intent is dropped (`withoutMalformedIntent`). Throws FormBodyError (413 for too
 * large, 400 for an unreadable body) with `failure` or the size message.
 */
export async function readFormData(request: Request, failure: string): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data")) {
    try {
      return withoutMalformedIntent(await request.formData());
    } catch {
      throw new FormBodyError(failure, 400);
    }
  }
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_FORM_REQUEST_BYTES) throw new FormBodyError(tooLargeMessage("Plik"), 413);
  try {
    return withoutMalformedIntent(await capBody(request, MAX_FORM_REQUEST_BYTES).formData());
  } catch (error) {
    const tooLarge = isBodyTooLarge(error);
    throw new FormBodyError(tooLarge ? tooLargeMessage("Plik") : failure, tooLarge ? 413 : 400);
  }
}

/** A chosen file, or null when the field is empty. */
export function fileOf(value: FormDataEntryValue | null | undefined): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

/**
 * Stores one uploaded image into `folder`; UploadError (a 400 with SPEC's message naming the file)
 * when it is not a JPEG/PNG/WEBP, too large or too many pixels.
 */
export async function storeFormImage(file: File, folder: UploadFolder, alt: string): Promise<ImageRef> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return storeUploadedImage({ name: file.name || "Plik", bytes }, folder, alt);
}

export { UploadError };
