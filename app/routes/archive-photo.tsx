// /archive/{slug}/zdjecie/{n}: one photo of an archive entry, full size (the viewer without JavaScript).
import { now } from "~/lib/clock.server";
import { env } from "~/lib/env.server";
import { getArchivePage } from "~/modules/content/archive.server";
import { PhotoPage, PhotoPageError, photoPageMeta } from "~/modules/content/components/photo-page";
import { photoViewOf } from "~/modules/content/photo-view";
import type { Route } from "./+types/archive-photo";

export const meta: Route.MetaFunction = photoPageMeta;

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getArchivePage(env().site, params.slug, now());
  const collection = event && { ...event, photos: event.images.map((image) => ({ image })) };
  return { view: photoViewOf("archive", collection, params.photo) };
}

export default function ArchivePhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PhotoPageError kind="archive" error={error} />;
}
