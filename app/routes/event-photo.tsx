// /wydarzenia/{slug}/zdjecie/{n}: one of the photos a night's page (and the landing page, for the
// night it leads with) shows in its grid, full size (the viewer without JavaScript).
import { PhotoPage, PhotoPageError, photoPageMeta } from "~/modules/content/components/photo-page";
import { getPublishedEvent } from "~/modules/content/events.server";
import { NIGHT_GRID_PHOTOS } from "~/modules/content/photo-paths";
import { photoViewOf } from "~/modules/content/photo-view";
import type { Route } from "./+types/event-photo";

export const meta: Route.MetaFunction = photoPageMeta;

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getPublishedEvent(params.slug);
  const gridPhotos = event?.photos.slice(0, NIGHT_GRID_PHOTOS) ?? [];
  const collection = event && { ...event, photos: gridPhotos.map((image) => ({ image })) };
  return { view: photoViewOf("night", collection, params.photo) };
}

export default function EventPhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PhotoPageError kind="night" error={error} />;
}
