// /admin/galleries: the galleries tab (SPEC §2 Galleries) for admins and moderators — the table with
// its published/featured switches, the create/edit dialog and the photo manager (its own route).
import { db } from "~/lib/db.server";
import { handleFormAction } from "~/lib/form-action.server";
import { loadOrFallback } from "~/lib/load-or-fallback.server";
import { adminHeaders } from "~/modules/admin/http.server";
import { panelMeta } from "~/modules/admin/panel-meta";
import { requireTab } from "~/modules/admin/tab-access.server";
import { GalleriesPanel } from "~/modules/content/components/panel/gallery-panel";
import { galleryMessages } from "~/modules/content/galleries.schema";
import { listGalleries } from "~/modules/content/galleries.server";
import { galleryFormOptions, galleryIntents } from "~/modules/content/galleries-actions.server";
import type { Route } from "./+types/galleries";

export const headers = adminHeaders;

export const meta: Route.MetaFunction = ({ matches }) => panelMeta(matches, "Galerie");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireTab({ request, context }, "galleries");
  const { data: galleries, loadError } = await loadOrFallback(() => listGalleries({}, db()), [], {
    loadError: galleryMessages.loadFailed,
    log: "admin galleries failed to load",
  });
  return { galleries, loadError };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireTab({ request, context }, "galleries");
  return handleFormAction(request, galleryIntents, galleryFormOptions);
}

export default function AdminGalleries({ loaderData }: Route.ComponentProps) {
  return <GalleriesPanel galleries={loaderData.galleries} loadError={loaderData.loadError} />;
}
