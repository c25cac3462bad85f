// /wydarzenia/{slug}/zdjecie/{n}: one of the photos a night's page (and the landing page, for the
// night it leads with) shows in its grid, full size (the viewer without JavaScript).
import { data, isRouteErrorResponse } from "react-router";
import { siteFromMatches } from "~/lib/seo";
import { ContentError } from "~/modules/content/components/content-not-found";
import { PhotoNotFound, PhotoPage, photoPageMeta } from "~/modules/content/components/photo-page";
import { eventPagePath } from "~/modules/content/event-paths";
import { getPublishedEvent } from "~/modules/content/events.server";
import { NIGHT_GRID_PHOTOS, photoIndexOf, photoLinks } from "~/modules/content/photo-paths";
import type { Route } from "./+types/event-photo";

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getPublishedEvent(params.slug);
  const photos = event?.photos.slice(0, NIGHT_GRID_PHOTOS) ?? [];
  const index = photoIndexOf(params.photo, photos.length);
  if (!event || index === null) throw data(null, { status: 404 });
  return {
    view: {
      title: event.title,
      ...photoLinks(eventPagePath(event.slug), index, photos.length),
      index,
      count: photos.length,
      image: photos[index],
      caption: null,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  photoPageMeta(siteFromMatches(matches), loaderData?.view);

export default function EventPhoto({ loaderData }: Route.ComponentProps) {
  return <PhotoPage view={loaderData.view} />;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PhotoNotFound collectionPath={`/wydarzenia/${params.slug}`} backLabel="Wróć do wydarzenia" />;
  }
  return <ContentError />;
}
