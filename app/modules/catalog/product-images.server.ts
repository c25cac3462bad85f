/**
 * The product form's image uploads: one file per request, so each gets its own progress bar and error.
 * Checks and re-encoding are modules/media's; this adds the request handling — a body cap enforced
 * while it streams (so a huge upload is cut off, not buffered) — and removing fresh, unused uploads.
 */

import { data } from "react-router";
import type { UploadBody } from "~/modules/media/image-upload.server";
import { receiveImageUpload } from "~/modules/media/image-upload.server";
import { discardImageIfUnreferenced } from "~/modules/media/stored-images.server";
import { deleteUploadSchema, productImageMessages } from "./product-images.schema";

/** One product image per request (multipart field `file`), into `uploads/products/`. */
export function receiveProductImage(upload: UploadBody) {
  return receiveImageUpload(upload, "products", productImageMessages);
}

/**
 * Removes a fresh upload the person took out of the form before saving, by media's one rule: files
 * that any row still shows (a product, an order, a gallery…) are left alone.
 */
export async function deleteUploadedImage(formData: FormData | null) {
  const parsed = deleteUploadSchema.safeParse(formData ? Object.fromEntries(formData) : null);
  if (!parsed.success)
    return data({ ok: false, message: productImageMessages.removeFailed }, { status: 400 });
  // A file that could not be deleted is logged there: a leftover file harms nobody, so the form goes on.
  await discardImageIfUnreferenced(parsed.data);
  return { ok: true };
}
