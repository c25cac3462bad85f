/**
 * The product form's image uploads: one file per request, so each gets its own progress bar and error.
 * Checks and re-encoding are modules/media's; this adds the request handling — a body cap enforced
 * while it streams (so a huge upload is cut off, not buffered) — and removing fresh, unused uploads.
 */

import { data } from "react-router";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { capBody, isBodyTooLarge } from "~/modules/media/cap-body.server";
import { storeUploadedImage, UploadError } from "~/modules/media/images.server";
import { MAX_UPLOAD_BYTES, tooLargeMessage } from "~/modules/media/upload";
import { deleteUploadSchema, productImageMessages } from "./product-images.schema";
import { deleteUnreferencedImages } from "./products.server";

/** Room for the multipart envelope around one file of the maximum size. */
const MULTIPART_OVERHEAD = 256 * 1024;
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD;

/** The file's name for messages: the `name` query parameter the panel sends, else a generic word. */
function declaredName(request: Request) {
  const name = new URL(request.url).searchParams
    .get("name")
    ?.replace(/[\p{Cc}]/gu, "")
    .trim();
  return name ? name.slice(0, 120) : "Plik";
}

export async function receiveProductImage(request: Request) {
  const name = declaredName(request);
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > MAX_UPLOAD_REQUEST_BYTES) {
    return data({ message: tooLargeMessage(name) }, { status: 413, headers: { Connection: "close" } });
  }
  let formData: FormData;
  try {
    formData = await capBody(request, MAX_UPLOAD_REQUEST_BYTES).formData();
  } catch (error) {
    const tooLarge = isBodyTooLarge(error);
    return data(
      { message: tooLarge ? tooLargeMessage(name) : productImageMessages.uploadFailed },
      { status: tooLarge ? 413 : 400 },
    );
  }
  const file = formData.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return data({ message: productImageMessages.missingFile }, { status: 400 });
  }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const image = await storeUploadedImage({ name: file.name || name, bytes }, "products");
    return { image };
  } catch (error) {
    if (error instanceof UploadError) return data({ message: error.message }, { status: 400 });
    logger.error({ err: error }, "product image upload failed");
    return data({ message: productImageMessages.uploadFailed }, { status: 500 });
  }
}

/**
 * Removes a fresh upload the person took out of the form before saving. Files that any product (or
 * order) still shows are left alone: those go when the product's save drops them.
 */
export async function deleteUploadedImage(request: Request) {
  const formData = await readFormData(request);
  const parsed = deleteUploadSchema.safeParse(formData ? Object.fromEntries(formData) : null);
  if (!parsed.success)
    return data({ ok: false, message: productImageMessages.removeFailed }, { status: 400 });
  const { src, widths, formats } = parsed.data;
  if (!src.startsWith("/media/")) return { ok: true };
  try {
    await deleteUnreferencedImages([{ src, widths, formats, width: 1, height: 1 }]);
    return { ok: true };
  } catch (error) {
    logger.error({ err: error }, "removing an uploaded image failed");
    return data({ ok: false, message: productImageMessages.removeFailed }, { status: 500 });
  }
}
