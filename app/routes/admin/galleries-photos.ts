// /admin/galleries/photos: the photo manager's resource route. GET ?gallery={id} lists a gallery's
// photos; POST uploads one photo per multipart request (`galleryId`, `file`: progress per file,
// part 1's checks) or moves/deletes one (`intent=move|delete`, `photoId`).

import { handleFormAction, readActionForm } from "~/lib/form-action.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { galleryMessages } from "~/modules/content/galleries.schema";
import {
  galleryPhotoFormOptions,
  galleryPhotoIntents,
  galleryPhotoUploadLimit,
  loadGalleryPhotos,
  uploadGalleryPhoto,
} from "~/modules/content/galleries-actions.server";
import type { Route } from "./+types/galleries-photos";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "galleries");
  return loadGalleryPhotos(new URL(request.url).searchParams.get("gallery"));
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "galleries");
  if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
    return uploadGalleryPhoto(() =>
      readActionForm(request, galleryMessages.uploadFailed, galleryPhotoUploadLimit),
    );
  }
  return handleFormAction(request, galleryPhotoIntents, galleryPhotoFormOptions);
}
