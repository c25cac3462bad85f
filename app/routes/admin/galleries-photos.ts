// /admin/galleries/photos: the photo manager's resource route. GET ?gallery={id} lists a gallery's
// photos; POST uploads one photo per multipart request (`galleryId`, `file`: progress per file,
// part 1's checks) or moves/deletes one (`intent=move|delete`, `photoId`).

import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { handleGalleryPhotosAction, loadGalleryPhotos } from "~/modules/content/galleries-actions.server";
import type { Route } from "./+types/galleries-photos";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "galleries");
  return loadGalleryPhotos(request);
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "galleries");
  return handleGalleryPhotosAction(request);
}
