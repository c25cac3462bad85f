// POST /admin/events/images: one event poster per request (multipart field `file`), checked by content
// and size and re-encoded (modules/media); answers the stored ImageRef for the event form.

import { data } from "react-router";
import { uploadBodyOf } from "~/lib/cap-body.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { requireTab } from "~/modules/admin/tab-access.server";
import { receiveEventPoster } from "~/modules/content/event-form.server";
import { MAX_UPLOAD_REQUEST_BYTES } from "~/modules/media/image-upload.server";
import type { Route } from "./+types/event-images";

export const headers = adminHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "events");
  return data({ message: "Użyj metody POST" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "events");
  return receiveEventPoster(uploadBodyOf(request, MAX_UPLOAD_REQUEST_BYTES));
}
