// POST /admin/products/images: one product image per request (multipart field `file`), checked by content
// and size and re-encoded (modules/media); answers the stored ImageRef. `intent=delete` removes a fresh
// upload that no product uses. The body is capped while it streams in, so a huge upload is cut off early.

import { data } from "react-router";
import { uploadBodyOf } from "~/lib/cap-body.server";
import { readFormData } from "~/lib/form-data";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { deleteUploadedImage, receiveProductImage } from "~/modules/catalog/product-images.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/modules/media/image-upload.server";
import type { Route } from "./+types/product-images";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "products");
  return data({ message: "Użyj metody POST" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "products");
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    return receiveProductImage(uploadBodyOf(request, MAX_UPLOAD_REQUEST_BYTES));
  }
  return deleteUploadedImage(await readFormData(request));
}
