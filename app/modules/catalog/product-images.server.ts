/**
 * The product form's image uploads: one file per request, so each gets its own progress bar and error.
 * Checks and re-encoding are modules/media's; this adds the request handling — a body cap enforced
 * while it streams (so a huge upload is cut off, not buffered) — and removing fresh, unused uploads.
 */

import { data } from "react-router";
import { readFormData } from "~/lib/form-data";
import { logger } from "~/lib/logger.server";
import { receiveImageUpload } from "~/modules/media/image-upload.server";
import { deleteUploadSchema, productImageMessages } from "./product-images.schema";
import { deleteUnreferencedImages } from "./products.server";

/** One product image per request (multipart field `file`), into `uploads/products/`. */
export function receiveProductImage(request: Request) {
  return receiveImageUpload(request, "products", productImageMessages);
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
